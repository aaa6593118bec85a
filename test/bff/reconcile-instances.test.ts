// Two BFF instances on one ledger (PostgreSQL when DATABASE_URL is set, where each has its own connection pool):
// their reconcilers share the due orders without ever asking the upstream twice about the same one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../demo/sandbox/sandbox.js';
import { startBff, startSandbox, type TestBff } from '../support/servers.js';
import { storeDrivers, type TestStore } from '../support/store.js';
import { FAST_SANDBOX, placeOrder, testClock, upstreamReads } from './after-payment-harness.js';

describe.each(storeDrivers())('two instances on one $name ledger', ({ open }) => {
  let sandbox: Sandbox;
  let db: TestStore;
  let first: TestBff;
  let second: TestBff;
  const clock = testClock();

  beforeAll(async () => {
    sandbox = await startSandbox(FAST_SANDBOX);
    db = await open();
    const env = { OPI_UPSTREAM_TIMEOUT_MS: '2000' };
    first = await startBff({ upstreamUrl: sandbox.url, store: db.store, env, now: clock.now });
    second = await startBff({ upstreamUrl: sandbox.url, store: await db.another(), env, now: clock.now });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await sandbox.close();
    await db.close();
  });

  it('poll each due order once between them', async () => {
    const references: string[] = [];
    for (let i = 0; i < 12; i++) references.push((await placeOrder(i % 2 ? first.url : second.url)).orderReference);
    sandbox.journal.length = 0;
    clock.advance(31_000);

    const rounds = await Promise.all([
      first.reconciler.reconcileOnce(),
      second.reconciler.reconcileOnce(),
      first.reconciler.reconcileOnce(),
      second.reconciler.reconcileOnce(),
    ]);
    expect(rounds.reduce((sum, round) => sum + round.orders, 0)).toBe(12);
    expect(references.map((reference) => upstreamReads(sandbox, reference))).toEqual(references.map(() => 1));
    for (const reference of references) {
      expect(await db.store.getOrder(reference)).toMatchObject({ status: 'pending', pollAttempts: 1, claimedBy: null, claimedUntil: null });
    }
  });
});
