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
const NOTHING = { sessions: 0, idempotencyKeys: 0, personalSessions: 0, redactedRows: 0, notifications: 0 };
const cutoffs = {
  sessionsExpiredBefore: at(-30 * DAY),
  keysCreatedBefore: at(-2 * DAY),
  personalBefore: at(-90 * DAY),
  now: T0,
};

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

    const result = await db.store.applyRetention({ ...cutoffs, batchSize: 2 });
    expect(result).toEqual({ ...NOTHING, sessions: 5 });
    expect(await sessionIds()).toEqual(['cs_old_completed', 'cs_old_with_order', 'cs_recent']);
  });

  it('deletes notifications delivered or given up before the cutoff; one still being retried stays', async () => {
    await db.store.sessions.insert(session('cs_notes'));
    await db.store.orders.insert(order('opi-notes-1', 1, 'cs_notes'));
    const note = (id: string, queuedAt: Date) =>
      db.store.notifications.enqueue({
        id,
        type: 'order.status',
        orderReference: 'opi-notes-1',
        body: '{}',
        nextAttemptAt: queuedAt,
      });
    for (const id of ['delivered-old', 'given-up-old', 'retrying-old', 'delivered-recent'])
      await note(id, at(-100 * DAY));
    const set = (id: string, delivered: Date | null, next: Date | null) =>
      db.driver.query('update merchant_notifications set delivered_at = $2, next_attempt_at = $3 where id = $1', [
        id,
        delivered,
        next,
      ]);
    await set('delivered-old', at(-95 * DAY), null);
    await set('given-up-old', null, null);
    await set('retrying-old', null, at(DAY));
    await set('delivered-recent', at(-DAY), null);

    expect(await db.store.applyRetention({ ...cutoffs, batchSize: 10 })).toEqual({ ...NOTHING, notifications: 2 });
    const kept = await db.driver.query<{ id: string }>('select id from merchant_notifications order by id');
    expect(kept.map((row) => row.id)).toEqual(['delivered-recent', 'retrying-old']);
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
      settings: { sessionDays: 30, idempotencyHours: 48, personalDays: 90, intervalMs: 60_000 },
    });
    expect(await job.runOnce()).toEqual({ ...NOTHING, idempotencyKeys: 2 });
    expect(await db.store.idempotency.get('merchant-write', 'new')).not.toBeNull();
    expect(await db.store.idempotency.get('merchant-write', 'old-answered')).toBeNull();
  });

  it("erases the shopper's personal data once its orders no longer need it, keeping every money record", async () => {
    const old = at(-100 * DAY);
    const prefill = { customer: { email: 'amal@example.com', firstName: 'Amal' } };
    const cart = { ...session().cart, customerToken: 'a.b.c' };
    // A paid order, settled 100 days ago: its session's personal data goes; the order and its money stay.
    await db.store.sessions.insert(session('cs_paid', { expiresAt: old, prefill, cart }));
    await db.store.orders.insert({ ...order('opi-paid-1', 1, 'cs_paid'), createdAt: old });
    await db.store.orders.update(
      'opi-paid-1',
      { status: 'paid', paidMinor: 14389, capturedMinor: 14389 },
      {
        source: 'callback',
        status: 'paid',
        upstreamStatus: 'SUCCESSFUL',
        payload: { event: 'ORDER_STATUS_UPDATE', hintStatus: 'SUCCESSFUL, says Amal', from: 'pending' },
        at: old,
      },
    );
    await db.store.operations.insert({
      reference: 'rf_old',
      orderReference: 'opi-paid-1',
      kind: 'refund',
      amountMinor: 1000,
      currency: 'AED',
      status: 'succeeded',
      description: 'Refund for Amal, who called',
      createdAt: old,
      deadlineAt: old,
    });
    // A session whose order still awaits the upstream keeps everything; so does a recent one.
    await db.store.sessions.insert(session('cs_live', { expiresAt: old, prefill }));
    await db.store.orders.insert({ ...order('opi-live-1', 1, 'cs_live'), status: 'pending' });
    await db.store.sessions.insert(session('cs_recent', { expiresAt: at(-1 * DAY), prefill }));
    await db.driver.query('update order_events set created_at = $1', [old]);
    await db.driver.query('update orders set updated_at = $1, money_changed_at = $1 where order_reference = $2', [
      old,
      'opi-paid-1',
    ]);
    await db.driver.query('update order_operations set updated_at = $1', [old]);

    const result = await db.store.applyRetention({ ...cutoffs, batchSize: 10 });
    expect(result).toMatchObject({ personalSessions: 1, redactedRows: 2 });
    expect(await db.store.sessions.get('cs_paid')).toMatchObject({ prefill: {} });
    expect((await db.store.sessions.get('cs_paid'))!.cart).not.toHaveProperty('customerToken');
    expect((await db.store.sessions.get('cs_live'))!.prefill).toEqual(prefill);
    expect((await db.store.sessions.get('cs_recent'))!.prefill).toEqual(prefill);
    const [event] = (await db.store.events.list('opi-paid-1')).filter((row) => row.source === 'callback');
    expect(event!.payload).toEqual({ event: 'ORDER_STATUS_UPDATE', from: 'pending' });
    expect(await db.store.operations.get('rf_old')).toMatchObject({
      description: null,
      amountMinor: 1000,
      status: 'succeeded',
    });
    expect(await db.store.orders.get('opi-paid-1')).toMatchObject({ status: 'paid', paidMinor: 14389 });
    // Once is enough: a second run finds nothing more to erase.
    expect(await db.store.applyRetention({ ...cutoffs, batchSize: 10 })).toEqual(NOTHING);
  });

  it('erases on schedule however often an order is touched: polls, sweeps and re-read asks are not changes of its money', async () => {
    const now = Date.now();
    const old = new Date(now - 100 * DAY);
    const prefill = { customer: { email: 'amal@example.com', firstName: 'Amal' } };
    await db.store.sessions.insert(session('cs_touched', { expiresAt: old, prefill }));
    await db.store.orders.insert({ ...order('opi-touched-1', 1, 'cs_touched'), createdAt: old });
    await db.store.orders.update('opi-touched-1', { status: 'paid', paidMinor: 14389, capturedMinor: 14389 });
    await db.store.operations.insert({
      reference: 'rf_touched',
      orderReference: 'opi-touched-1',
      kind: 'refund',
      amountMinor: 1000,
      currency: 'AED',
      status: 'succeeded',
      description: null,
      createdAt: old,
      deadlineAt: old,
    });
    await db.driver.query('update orders set updated_at = $1, money_changed_at = $1', [old]);
    await db.driver.query('update order_operations set updated_at = $1', [old]);
    // Today: a poll's reschedule, a re-read asked for, a sweep for a notice naming nothing, the same record read
    // again, and the same status written again.
    await db.store.orders.update('opi-touched-1', { nextPollAt: new Date(now + DAY), pollAttempts: 3 });
    const swept = await db.store.orders.sweepLive({
      kind: 'refunds',
      now: new Date(now),
      windowMs: 30_000,
      since: new Date(now - 200 * DAY),
      limit: 100,
      refundable: true,
    });
    expect(swept, 'the sweep touched it').toBe(1);
    await db.store.orders.update('opi-touched-1', { rereadAskedAt: new Date(now), nextPollAt: new Date(now) });
    await db.store.operations.update('rf_touched', { status: 'succeeded' });
    await db.store.orders.update('opi-touched-1', { status: 'paid', paidMinor: 14389 });
    const touchedCutoffs = { ...cutoffs, personalBefore: new Date(now - 90 * DAY), now: new Date(now) };
    expect(await db.store.applyRetention({ ...touchedCutoffs, batchSize: 10 })).toMatchObject({ personalSessions: 1 });
    expect((await db.store.sessions.get('cs_touched'))!.prefill).toEqual({});

    // A change of its money is one: a refund settled today keeps the next session's data for its full time.
    await db.store.sessions.insert(session('cs_refunded', { expiresAt: old, prefill }));
    await db.store.orders.insert({ ...order('opi-refunded-1', 1, 'cs_refunded'), createdAt: old });
    await db.store.orders.update('opi-refunded-1', { status: 'paid', paidMinor: 14389, capturedMinor: 14389 });
    await db.driver.query('update orders set updated_at = $1, money_changed_at = $1 where order_reference = $2', [
      old,
      'opi-refunded-1',
    ]);
    await db.store.orders.update('opi-refunded-1', { refundedMinor: 1000 });
    expect(await db.store.applyRetention({ ...touchedCutoffs, batchSize: 10 })).toMatchObject({ personalSessions: 0 });
    expect((await db.store.sessions.get('cs_refunded'))!.prefill).toEqual(prefill);
  });

  it('shares the work between instances running at once: every row deleted once', async () => {
    for (let i = 0; i < 40; i++) await db.store.sessions.insert(session(`cs_gone_${i}`, { expiresAt: at(-40 * DAY) }));
    const other = await db.another();
    const both = { ...cutoffs, batchSize: 5 };
    const results = await Promise.all([db.store.applyRetention(both), other.applyRetention(both)]);
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
      settings: { sessionDays: 30, idempotencyHours: 48, personalDays: 90, intervalMs: 60_000 },
    });
    expect((await job.runOnce()).idempotencyKeys).toBeGreaterThan(0);

    const again = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 10 }, 'refund-key-1');
    expect(again.body.refundReference).toBe(first.body.refundReference);
    const refunds = stack.sandbox.journal.filter((entry) => entry.path === `/orders/${orderReference}/refund`);
    expect(refunds).toHaveLength(1);
  });
});
