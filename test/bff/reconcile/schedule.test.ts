import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { backoffDelay, type BackoffOptions } from '../../../bff/lib/backoff.js';
import { orderDeadline } from '../../../bff/checkout/placement/decide.js';
import { nextPollAt, type PollPlan } from '../../../bff/reconcile/schedule.js';

const noJitter: BackoffOptions = { initialDelayMs: 1000, maxDelayMs: 10_000, factor: 2, jitter: 0 };

describe('poll backoff', () => {
  it('doubles from the initial delay and stops growing at the maximum', () => {
    expect([0, 1, 2, 3, 4, 5, 50].map((attempt) => backoffDelay(attempt, noJitter))).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000, 10_000,
    ]);
  });

  it('grows by the given factor', () => {
    const tripling = { ...noJitter, factor: 3, maxDelayMs: 1_000_000 };
    expect([0, 1, 2].map((attempt) => backoffDelay(attempt, tripling))).toEqual([1000, 3000, 9000]);
  });

  it('jitters each delay downwards by at most the jitter share, never above the maximum', () => {
    fc.assert(
      fc.property(fc.nat(200), fc.double({ min: 0, max: 0.999_999, noNaN: true }), (attempt, roll) => {
        const options = { ...noJitter, jitter: 0.25 };
        const plain = backoffDelay(attempt, noJitter);
        const delay = backoffDelay(attempt, options, () => roll);
        expect(delay).toBeLessThanOrEqual(Math.min(plain, options.maxDelayMs));
        expect(delay).toBeGreaterThanOrEqual(Math.floor(plain * 0.75));
      }),
    );
  });

  it('spreads orders that share an attempt number', () => {
    const options = { ...noJitter, jitter: 0.5 };
    expect(backoffDelay(2, options, () => 0)).toBe(4000);
    expect(backoffDelay(2, options, () => 0.5)).toBe(3000);
  });
});

describe('poll deadline and horizon', () => {
  const created = new Date('2026-03-01T10:00:00.000Z');
  const plan: PollPlan = { ...noJitter, slowPollMs: 3_600_000, horizonMs: 7 * 86_400_000 };
  const at = (ms: number) => new Date(created.getTime() + ms);

  it('is the cancellation timeout in minutes plus the grace period', () => {
    expect(orderDeadline(created, 30, 30 * 60_000).toISOString()).toBe('2026-03-01T11:00:00.000Z');
  });

  it('schedules the next poll after the backoff delay', () => {
    const deadline = orderDeadline(created, 60, 0);
    expect(nextPollAt(1, created, deadline, created, plan)?.toISOString()).toBe('2026-03-01T10:00:02.000Z');
  });

  it('lands the last quick poll exactly on the deadline', () => {
    const deadline = at(1500);
    expect(nextPollAt(3, created, deadline, created, plan)?.getTime()).toBe(deadline.getTime());
  });

  it('never stops at the deadline: past it, polls come at the slow pace', () => {
    const deadline = at(1500);
    expect(nextPollAt(0, deadline, deadline, created, plan)?.getTime()).toBe(deadline.getTime() + 3_600_000);
    expect(nextPollAt(9, at(86_400_000), deadline, created, plan)?.getTime()).toBe(
      86_400_000 + 3_600_000 + created.getTime(),
    );
  });

  it('lands the last slow poll on the horizon, then stops', () => {
    const deadline = at(1500);
    const horizon = at(plan.horizonMs);
    expect(nextPollAt(40, at(plan.horizonMs - 60_000), deadline, created, plan)?.getTime()).toBe(horizon.getTime());
    expect(nextPollAt(41, horizon, deadline, created, plan)).toBeNull();
    expect(nextPollAt(41, at(plan.horizonMs + 1), deadline, created, plan)).toBeNull();
  });
});
