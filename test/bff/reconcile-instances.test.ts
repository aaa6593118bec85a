// Two BFF instances on one ledger (PostgreSQL when DATABASE_URL is set, where each has its own connection pool):
// their reconcilers share the due orders without ever asking the upstream twice about the same one.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestBff } from '../support/servers.js';
import { useCheckoutStack } from '../support/stack.js';
import { storeDrivers } from '../support/store.js';
import { FAST_SANDBOX, placeOrder, testClock, upstreamReads } from './after-payment-harness.js';

describe.each(storeDrivers())('two instances on one $name ledger', ({ open }) => {
  const clock = testClock();
  const env = { OPI_UPSTREAM_TIMEOUT_MS: '2000' };
  const stack = useCheckoutStack({ sandbox: FAST_SANDBOX, openStore: open, env, now: clock.now, between: 'keep' });
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
      expect(await stack.db.store.getOrder(reference)).toMatchObject({
        status: 'pending',
        pollAttempts: 1,
        claimedBy: null,
        claimedUntil: null,
      });
    }
  });
});
