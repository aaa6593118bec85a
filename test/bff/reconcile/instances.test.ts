// Two BFF instances on one ledger (PostgreSQL when DATABASE_URL is set, where each has its own connection pool):
// their reconcilers share the due orders without ever asking the upstream twice about the same one.
import { beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../support/wait.js';
import type { TestBff } from '../../support/servers.js';
import { useCheckoutStack } from '../../support/stack.js';
import { storeDrivers } from '../../support/store.js';
import { FAST_SANDBOX, placeOrder, testClock, upstreamReads } from '../../support/after-payment-harness.js';

describe.each(storeDrivers())('two instances on one $name ledger', ({ open }) => {
  const clock = testClock();
  const env = { OPI_UPSTREAM_TIMEOUT_MS: '2000' };
  // The first instance reads 4 orders a second (so a round claims 4), the second has the default budget (20).
  const stack = useCheckoutStack({
    sandbox: FAST_SANDBOX,
    openStore: open,
    env: { ...env, OPI_RECONCILE_READS_PER_SECOND: '4' },
    now: clock.now,
    between: 'keep',
  });
  let second: TestBff;

  beforeAll(async () => {
    second = await stack.startBff({ store: await stack.db.another(), env, now: clock.now });
  });

  it('poll each due order once between them', async () => {
    const references: string[] = [];
    for (let i = 0; i < 12; i++) references.push((await placeOrder(i % 2 ? stack.bff.url : second.url)).orderReference);
    stack.sandbox.journal.length = 0;
    clock.advance(31_000);

    const rounds = await Promise.all([
      stack.bff.reconciler.reconcileOnce(),
      second.reconciler.reconcileOnce(),
      stack.bff.reconciler.reconcileOnce(),
      second.reconciler.reconcileOnce(),
    ]);
    expect(rounds.reduce((sum, round) => sum + round.orders, 0)).toBe(12);
    expect(references.map((reference) => upstreamReads(stack.sandbox, reference))).toEqual(references.map(() => 1));
    for (const reference of references) {
      expect(await stack.db.store.orders.get(reference)).toMatchObject({
        status: 'pending',
        pollAttempts: 1,
        claimedBy: null,
        claimedUntil: null,
      });
    }
  });

  it('give back, when one stops mid-round, the orders it claimed but did not poll, for the other to take at once', async () => {
    await stack.db.reset();
    const references: string[] = [];
    for (let i = 0; i < 12; i++) references.push((await placeOrder(stack.bff.url)).orderReference);
    stack.sandbox.journal.length = 0;
    clock.advance(31_000);
    stack.sandbox.setFault('get-order', { kind: 'latency', ms: 300 });

    // A round claims 4 and reads them a quarter second apart; the next, started at once, claims 4 more. Stopped
    // then, it lets the reads under way finish and gives back the orders still waiting for their turn.
    stack.bff.reconciler.start(1);
    const reads = () => stack.sandbox.journal.filter((entry) => entry.path.startsWith('/orders/')).length;
    await waitUntil(() => reads() >= 5, 10_000);
    await stack.bff.reconciler.stop();
    stack.sandbox.clearFaults();
    const orders = await Promise.all(references.map((reference) => stack.db.store.orders.get(reference)));
    expect(orders.every((order) => order!.claimedBy === null && order!.claimedUntil === null)).toBe(true);
    const polled = orders.filter((order) => order!.pollAttempts === 1).length;
    expect(polled).toBeGreaterThan(0);
    expect(polled).toBeLessThan(12);

    // No lease to wait out: the other instance takes every order left in the same instant.
    expect((await second.reconciler.reconcileOnce()).orders).toBe(12 - polled);
    expect(references.map((reference) => upstreamReads(stack.sandbox, reference))).toEqual(references.map(() => 1));
  });
});
