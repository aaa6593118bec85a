// The reconciler's read budget on a clock of the test's own: counting reads, not timing them. B reads a second, evenly
// spaced; a 429 halves the rate and its Retry-After pauses reads; a run of 5xx answers (or
// calls with none) counts as pushback, a lone one does not; answers that come back restore the rate.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../bff/config.js';
import { createReadBudget } from '../../../bff/reconcile/read-budget.js';
import type { TimedAnswer, UpstreamAnswer } from '../../../bff/upstream/transport.js';

/** The reconciler's settings as configured with nothing set. */
const DEFAULTS = loadConfig({ OPI_ENVIRONMENT: 'sandbox' }).reconcile;

function budgetOf(readsPerSecond: number, maxPauseMs = DEFAULTS.maxPauseMs) {
  let at = 0;
  const slept: number[] = [];
  // What the upstream client would keep for the budget's next look.
  const kept: TimedAnswer[] = [];
  const budget = createReadBudget({
    readsPerSecond,
    maxPauseMs,
    answers: () => kept.splice(0),
    clock: () => at,
    sleep: async (ms) => {
      slept.push(ms);
      at += ms;
    },
  });
  /** Reads started without waiting, until the first that must wait. */
  const readsAtOnce = async () => {
    let reads = 0;
    for (slept.length = 0; slept.length === 0; reads++) await budget.take();
    return reads - 1;
  };
  /** How long `reads` reads take to start, in the budget's milliseconds. */
  const spanOf = async (reads: number) => {
    const from = at;
    for (let n = 0; n < reads; n++) await budget.take();
    return at - from;
  };
  const answered = (answer: UpstreamAnswer) => void kept.push({ ...answer, at });
  return { budget, answered, slept, readsAtOnce, spanOf, advance: (ms: number) => (at += ms) };
}

describe('the read budget', () => {
  it('lets a round claim one second of reads, and spaces them evenly: never more than the budget in a second', async () => {
    const { budget, slept, readsAtOnce, spanOf, advance } = budgetOf(20);
    expect(budget.batch()).toBe(20);
    expect(await spanOf(20)).toBe(950);
    expect(new Set(slept)).toEqual(new Set([50]));
    // A quiet minute saves nothing up: the next reads are spaced the same.
    advance(60_000);
    expect(await readsAtOnce()).toBe(1);
    expect(await spanOf(20)).toBe(1_000);
  });

  it('halves the rate on a 429, pauses reads for its Retry-After, and counts a burst of refusals once', async () => {
    const { budget, answered, slept, spanOf, advance } = budgetOf(20);
    for (let i = 0; i < 8; i++) answered({ status: 429, retryAfterMs: 2_000 });
    expect(budget.batch()).toBe(10);
    await budget.take();
    expect(slept[0]).toBe(2_000);
    advance(1_000);
    answered({ status: 429 });
    expect(budget.batch()).toBe(5);
    advance(10_000);
    expect(await spanOf(5)).toBe(800);
  });

  it('pauses no longer than its longest pause, 30 s unless configured, whatever the Retry-After says', async () => {
    for (const [configured, pause] of [
      [undefined, 30_000],
      [5_000, 5_000],
    ] as const) {
      const { budget, answered, slept } = budgetOf(20, configured);
      answered({ status: 429, retryAfterMs: 3_600_000 });
      await budget.take();
      expect(slept[0]).toBe(pause);
    }
  });

  it('counts a run of 5xx answers or unanswered calls as pushback, and a lone one as nothing', () => {
    const { budget, answered, advance } = budgetOf(20);
    answered({ status: 503 });
    answered({});
    answered({ status: 200 });
    answered({ status: 502 });
    expect(budget.batch()).toBe(20);
    answered({ status: 500 });
    answered({});
    expect(budget.batch()).toBe(10);
    advance(2_000);
    for (let i = 0; i < 3; i++) answered({ status: 504 });
    expect(budget.batch()).toBe(5);
  });

  it('answers the reads still waiting false when cancelled, and serves the next ones as before', async () => {
    const { budget, spanOf } = budgetOf(2);
    await budget.take();
    const waiting = [budget.take(), budget.take(), budget.take()];
    budget.cancel();
    expect(await Promise.all(waiting)).toEqual([false, false, false]);
    expect(await budget.take()).toBe(true);
    expect(await spanOf(2)).toBe(1_000);
  });

  it('never goes below one read every two seconds', () => {
    const { budget, answered, advance } = budgetOf(4);
    for (let i = 0; i < 20; i++) {
      answered({ status: 429 });
      advance(1_000);
    }
    expect(budget.rate).toBe(0.5);
    expect(budget.batch()).toBe(1);
  });

  it('comes back to its budget as answers return, a tenth of it for each second of answers at the rate', () => {
    const { budget, answered, advance } = budgetOf(20);
    for (let i = 0; i < 3; i++) {
      answered({ status: 429 });
      advance(1_000);
    }
    expect(budget.batch()).toBe(2);
    let answers = 0;
    while (budget.batch() < 20) {
      answered({ status: answers % 2 ? 200 : 404 });
      answers++;
    }
    // From 2.5 reads/s back to 20: about ten seconds' worth of answers at the rates in between, never more.
    expect(answers).toBeGreaterThan(20);
    expect(answers).toBeLessThan(150);
    answered({ status: 200 });
    expect(budget.rate).toBe(20);
  });
});
