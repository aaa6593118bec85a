// The reconciler's pace follows its read budget (OPI_RECONCILE_READS_PER_SECOND), counted in the sandbox's journal:
// a round claims min(due, budget) orders, most overdue first; full rounds follow one another at once until nothing
// is due; the upstream's 429s lower the budget and answers that come back restore it, and no order is skipped.
import { beforeEach, describe, expect, it } from 'vitest';
import { waitUntil } from '../../support/wait.js';
import { useCheckoutStack } from '../../support/stack.js';
import { FAST_SANDBOX, placeOrder, testClock, upstreamReads } from '../../support/after-payment-harness.js';

const clock = testClock();
const stack = useCheckoutStack({
  sandbox: FAST_SANDBOX,
  env: { OPI_UPSTREAM_TIMEOUT_MS: '2000', OPI_RECONCILE_READS_PER_SECOND: '5' },
  now: clock.now,
});

beforeEach(() => {
  clock.offsetMs = 0;
});

/** `count` orders whose first poll falls due a second apart, the first placed the most overdue. */
async function placeDueOrders(count: number): Promise<string[]> {
  const references: string[] = [];
  for (let i = 0; i < count; i++) {
    references.push((await placeOrder(stack.bff.url)).orderReference);
    clock.advance(1_000);
  }
  clock.advance(31_000);
  stack.sandbox.journal.length = 0;
  return references;
}

const readCounts = (references: string[]) => references.map((reference) => upstreamReads(stack.sandbox, reference));

describe('the reconciler within its read budget', () => {
  it('reads min(due, budget) orders a round, the most overdue first', async () => {
    const references = await placeDueOrders(8);
    expect(await stack.bff.reconciler.reconcileOnce()).toMatchObject({ orders: 5, full: true });
    expect(readCounts(references)).toEqual([1, 1, 1, 1, 1, 0, 0, 0]);
    expect(await stack.bff.reconciler.reconcileOnce()).toMatchObject({ orders: 3, full: false });
    expect(readCounts(references)).toEqual(references.map(() => 1));
  });

  it('starts the next round at once while rounds come back full, so every due order is read long before the interval', async () => {
    const references = await placeDueOrders(12);
    stack.bff.reconciler.start(60_000);
    try {
      await waitUntil(() => readCounts(references).every((reads) => reads === 1), 15_000);
    } finally {
      await stack.bff.reconciler.stop();
    }
    expect(readCounts(references)).toEqual(references.map(() => 1));
  });

  it('takes fewer orders a round after the upstream answers 429, skips none, and takes more as answers return', async () => {
    const references = await placeDueOrders(10);
    stack.sandbox.setFault('get-order', { kind: 'status', status: 429, retryAfterSeconds: 0 });
    expect((await stack.bff.reconciler.reconcileOnce()).orders).toBe(5);
    stack.sandbox.clearFaults();

    // Cut (once per burst of refusals: halved, or more if the refusals spread over seconds), then climbing as the
    // reads are answered (test/bff/reconcile/read-budget.test.ts counts the whole way back).
    const rounds: number[] = [];
    while (rounds.length < 10 && !(rounds.length > 1 && rounds.at(-1)! > rounds[0]!)) {
      clock.advance(600_000);
      rounds.push((await stack.bff.reconciler.reconcileOnce()).orders);
    }
    expect(rounds[0]).toBeLessThanOrEqual(2);
    expect(rounds.at(-1)).toBeGreaterThan(rounds[0]!);
    for (const reference of references) {
      const order = await stack.db.store.orders.get(reference);
      expect(order?.pollAttempts, reference).toBeGreaterThanOrEqual(1);
      expect(order?.claimedBy).toBeNull();
      expect(order?.nextPollAt).not.toBeNull();
    }
  });

  it('stops at once while a Retry-After pauses the reads, and gives back the orders still waiting', async () => {
    const references = await placeDueOrders(5);
    stack.sandbox.setFault('get-order', { kind: 'status', status: 429, retryAfterSeconds: 30 });
    stack.bff.reconciler.start(60_000);
    await waitUntil(() => stack.sandbox.journal.some((entry) => entry.status === 429), 10_000);
    let stopped = false;
    const stopping = stack.bff.reconciler.stop().then(() => (stopped = true));
    // The pause is 30 s; stopping waits for none of it.
    await waitUntil(() => stopped, 10_000);
    await stopping;
    stack.sandbox.clearFaults();
    for (const reference of references)
      expect((await stack.db.store.orders.get(reference))?.claimedBy, reference).toBeNull();
    expect(readCounts(references).filter((reads) => reads > 0)).toHaveLength(1);
  });
});
