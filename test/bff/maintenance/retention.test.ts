// The retention job: open sessions long expired that never got an order, and old idempotency keys, are deleted in
// batches, by several instances at once without a row deleted twice; orders and what they need are kept; and a
// refund asked again with a key the job deleted is still not made twice.
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../bff/logger.js';
import { createRetentionJob } from '../../../bff/maintenance/retention.js';
import { order, session, T0 } from '../../support/ledger-records.js';
import { useCheckoutStack } from '../../support/stack.js';
import { storeDrivers, useTestStore } from '../../support/store.js';
import { FAST_SANDBOX, followReturn, placeOrder, postOperation } from '../../support/after-payment-harness.js';

const DAY = 24 * 3_600_000;
const at = (ms: number) => new Date(T0.getTime() + ms);
const silent = createLogger('silent');

describe.each(storeDrivers())('retention on $name', ({ open }) => {
  const db = useTestStore(open);

  async function sessionIds(): Promise<string[]> {
    const rows = await db.driver.query<{ id: string }>('select id from checkout_sessions order by id');
    return rows.map((row) => row.id);
  }

  it('deletes open sessions expired before the cutoff with no order, in batches, and keeps the rest', async () => {
    for (let i = 0; i < 5; i++) await db.store.sessions.insert(session(`cs_old_${i}`, { expiresAt: at(-40 * DAY) }));
    await db.store.sessions.insert(session('cs_old_with_order', { expiresAt: at(-40 * DAY) }));
    await db.store.orders.insert(order('opi-kept-1', 1, 'cs_old_with_order'));
    await db.store.sessions.insert(session('cs_old_completed', { expiresAt: at(-40 * DAY) }));
    await db.store.sessions.setState('cs_old_completed', 'completed');
    await db.store.sessions.insert(session('cs_recent', { expiresAt: at(-1 * DAY) }));

    const result = await db.store.applyRetention({
      sessionsExpiredBefore: at(-30 * DAY),
      keysCreatedBefore: at(-2 * DAY),
      batchSize: 2,
    });
    expect(result).toEqual({ sessions: 5, idempotencyKeys: 0 });
    expect(await sessionIds()).toEqual(['cs_old_completed', 'cs_old_with_order', 'cs_recent']);
  });

  it('deletes idempotency keys created before the cutoff, answered or not', async () => {
    await db.store.idempotency.claim('merchant-write', 'old-answered', 'h1');
    await db.store.idempotency.complete('merchant-write', 'old-answered', 201, { ok: true });
    await db.store.idempotency.claim('merchant-write', 'old-stuck', 'h2');
    await db.driver.query('update idempotency_keys set created_at = $1', [new Date(Date.now() - 3 * DAY)]);
    await db.store.idempotency.claim('merchant-write', 'new', 'h3');

    const job = createRetentionJob({
      store: db.store,
      logger: silent,
      now: () => new Date(),
      settings: { sessionDays: 30, idempotencyHours: 48, intervalMs: 60_000 },
    });
    expect(await job.runOnce()).toEqual({ sessions: 0, idempotencyKeys: 2 });
    expect(await db.store.idempotency.get('merchant-write', 'new')).not.toBeNull();
    expect(await db.store.idempotency.get('merchant-write', 'old-answered')).toBeNull();
  });

  it('shares the work between instances running at once: every row deleted once', async () => {
    for (let i = 0; i < 40; i++) await db.store.sessions.insert(session(`cs_gone_${i}`, { expiresAt: at(-40 * DAY) }));
    const other = await db.another();
    const cutoffs = { sessionsExpiredBefore: at(-30 * DAY), keysCreatedBefore: at(-2 * DAY), batchSize: 5 };
    const results = await Promise.all([db.store.applyRetention(cutoffs), other.applyRetention(cutoffs)]);
    expect(results[0]!.sessions + results[1]!.sessions).toBe(40);
    expect(await sessionIds()).toEqual([]);
  });
});

describe('a refund after its idempotency key was deleted', () => {
  const stack = useCheckoutStack({ sandbox: { ...FAST_SANDBOX, refundSettlement: 'instant' } });

  it('answers the same refund again and sends nothing more upstream', async () => {
    const { orderReference } = await placeOrder(stack.bff.url);
    await followReturn((await stack.sandbox.decide(orderReference, { outcome: 'approve' })).redirectTo);
    const first = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 10 }, 'refund-key-1');
    expect(first.status).toBe(201);

    const job = createRetentionJob({
      store: stack.db.store,
      logger: silent,
      now: () => new Date(Date.now() + 3 * DAY),
      settings: { sessionDays: 30, idempotencyHours: 48, intervalMs: 60_000 },
    });
    expect((await job.runOnce()).idempotencyKeys).toBeGreaterThan(0);

    const again = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 10 }, 'refund-key-1');
    expect(again.body.refundReference).toBe(first.body.refundReference);
    const refunds = stack.sandbox.journal.filter((entry) => entry.path === `/orders/${orderReference}/refund`);
    expect(refunds).toHaveLength(1);
  });
});
