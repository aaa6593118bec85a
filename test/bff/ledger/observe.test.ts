// An observation planned on the caller's copy of the order (the placement's) is written by one conditional
// statement, and only while the row still reads as planned; otherwise the locked path decides from the row itself.
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createNotifier } from '../../../bff/notify/notifier.js';
import { createLedger, type Ledger } from '../../../bff/ledger/ledger.js';
import { order, session, T0 } from '../../support/ledger-records.js';
import { storeDrivers, useTestStore } from '../../support/store.js';
import { createFunnel } from '../../../bff/metrics/funnel.js';

describe.each(storeDrivers())('an observation with a known copy of the order, on $name', ({ open }) => {
  const t = useTestStore(open);
  const now = () => T0;
  const ledger = (): Ledger => {
    const logger = pino({ level: 'silent' });
    // Settings, so that an announced change writes its notification (delivered by nobody here).
    const settings = {
      url: 'https://shop.example/hooks/opi',
      secret: 'whsec_0123456789abcdef',
      maxAttempts: 3,
      retryForMs: 3_600_000,
      backoff: { initialDelayMs: 1_000, maxDelayMs: 60_000, factor: 2, jitter: 0 },
      timeoutMs: 1_000,
    };
    const notifier = createNotifier({ store: t.store, settings, claimant: 'test', now, logger });
    return createLedger({
      store: t.store,
      now,
      notifier,
      logger,
      funnel: createFunnel(now),
      timings: { pollInitialMs: 1_000, settleWindowMs: 60_000, graceMs: 60_000 },
    });
  };
  const created = {
    source: 'create' as const,
    upstream: { kind: 'create-answer' as const, status: 'PENDING' },
    also: { createState: 'created' as const, redirectUrl: 'https://pay.example/1' },
    payload: { reason: 'created' },
  };

  it('writes the change and its journal row when the row is as the copy says', async () => {
    await t.store.sessions.insert(session());
    const known = await t.store.orders.insert(order('p-1'));
    const result = await ledger().observe('p-1', created, known);
    expect(result.changed).toBe(true);
    expect(result.order).toMatchObject({ status: 'pending', upstreamStatus: 'PENDING', createState: 'created' });
    expect((await t.store.events.list('p-1')).map((event) => [event.source, event.status, event.payload])).toEqual([
      ['create', 'pending', { reason: 'created', from: 'initiated' }],
    ]);
  });

  it('leaves a row changed meanwhile to the locked path: a status only moves forward', async () => {
    await t.store.sessions.insert(session());
    const known = await t.store.orders.insert(order('p-1'));
    // A callback said declined between the insert and the create's answer.
    await ledger().observe('p-1', { source: 'callback', decided: 'declined' });
    const result = await ledger().observe('p-1', created, known);
    expect(result.changed, 'declined stays declined').toBe(false);
    expect(result.order).toMatchObject({
      status: 'declined',
      createState: 'created',
      redirectUrl: 'https://pay.example/1',
    });
    expect((await t.store.events.list('p-1')).map((event) => [event.source, event.status])).toEqual([
      ['callback', 'declined'],
      ['create', 'declined'],
    ]);
  });

  it('announces a change it would write to a final status: the locked path, the notification with it', async () => {
    await t.store.sessions.insert(session());
    const known = await t.store.orders.insert(order('p-1'));
    const refused = {
      source: 'create' as const,
      decided: 'failed' as const,
      also: { createState: 'rejected' as const },
    };
    expect((await ledger().observe('p-1', refused, known)).order.status).toBe('failed');
    const notifications = await t.driver.query<{ type: string }>(
      "select type from merchant_notifications where order_reference = 'p-1'",
    );
    expect(notifications.map((row) => row.type)).toEqual(['order.status']);
  });

  it('completes the session of an order it learns is paid: the locked path, the session with it', async () => {
    await t.store.sessions.insert(session());
    const known = await t.store.orders.insert(order('p-1'));
    const paid = { merchantReference: 'p-1', status: 'SUCCESSFUL', amount: 143.89, currency: 'AED' };
    const result = await ledger().observe('p-1', { source: 'create', upstream: paid }, known);
    expect(result.order.status).toBe('paid');
    expect((await t.store.sessions.get('cs_one'))?.state).toBe('completed');
  });

  it('never fails on a refused first create an order a read showed meanwhile: the lookup that found none is recorded', async () => {
    await t.store.sessions.insert(session());
    const known = await t.store.orders.insert(order('p-1'));
    // A notice's read showed it while the create's refusal was being checked.
    await ledger().observe('p-1', {
      source: 'callback',
      upstream: { merchantReference: 'p-1', status: 'PENDING', amount: 143.89, currency: 'AED' },
    });
    // What send.ts records for a refused first create whose lookup found no such order.
    const refused = {
      source: 'create' as const,
      upstream: null,
      decided: 'failed' as const,
      refusalOfFirstSend: true,
      also: { createState: 'rejected' as const },
    };
    const result = await ledger().observe('p-1', refused, known);
    expect(result.order).toMatchObject({
      status: 'pending',
      upstreamStatus: 'PENDING',
      discrepancy: [expect.objectContaining({ kind: 'not_found', lastUpstreamStatus: 'PENDING' })],
    });
    expect(result.order.createState).not.toBe('rejected');
  });

  it("keeps a held second payment on hold, and records what a later read of it says (a portal's void)", async () => {
    await t.store.sessions.insert(session());
    await t.store.orders.insert(order('p-1'));
    await t.store.orders.insert(order('p-2', 2));
    const paid = { merchantReference: 'p-1', status: 'SUCCESSFUL', amount: 143.89, currency: 'AED' };
    await ledger().observe('p-1', { source: 'poll', upstream: paid });
    await ledger().observe('p-2', { source: 'poll', upstream: { ...paid, merchantReference: 'p-2' } });
    const voided = { ...paid, merchantReference: 'p-2', captureStatus: 'VOIDED', transactionReference: 'tx-2' };
    const result = await ledger().observe('p-2', { source: 'poll', journal: 'on-change', upstream: voided });
    expect(result.order).toMatchObject({
      status: 'on_hold',
      holdReason: 'session_already_paid',
      paidMinor: 14389,
      upstreamCaptureStatus: 'VOIDED',
      transactionReference: 'tx-2',
    });
    const [last] = (await t.store.events.list('p-2')).slice(-1);
    expect(last?.payload, 'journalled').toMatchObject({ captureStatus: 'VOIDED' });
  });

  it('writes nothing through the condition once the sends, the status or the upstream status differ', async () => {
    await t.store.sessions.insert(session());
    const known = await t.store.orders.insert(order('p-1'));
    const journal = { source: 'create' as const, status: 'pending' as const, upstreamStatus: null, at: T0 };
    for (const stale of [
      { ...known, createSends: 2 },
      { ...known, status: 'pending' as const },
      { ...known, upstreamStatus: 'PENDING' },
    ])
      expect(await t.store.orders.updateIfUnchanged(stale, { status: 'pending' }, journal)).toBe(null);
    expect(await t.store.orders.get('p-1')).toMatchObject({ status: 'initiated', upstreamStatus: null });
    expect(await t.store.events.list('p-1')).toEqual([]);
    expect(await t.store.orders.updateIfUnchanged(known, { status: 'pending' }, journal)).toMatchObject({
      status: 'pending',
    });
  });

  // A request to look at the order (a notice's read that failed or came late) while a reconciler holds it: the due
  // time the claim took is spent, so the request is written, by the claim's end at the latest.
  it('writes a request to poll while a reconciler holds the order, by the end of its claim at the latest', async () => {
    await t.store.sessions.insert(session());
    await t.store.orders.insert({ ...order('p-1'), nextPollAt: new Date(T0.getTime() - 1_000) });
    const soon = new Date(T0.getTime() + 5_000);
    await ledger().rereadBy('p-1', soon);
    expect((await t.store.orders.get('p-1'))!.nextPollAt, 'unheld: already due, nothing to write').toEqual(
      new Date(T0.getTime() - 1_000),
    );

    const until = new Date(T0.getTime() + 30_000);
    await t.store.orders.claimDue({ now: T0, until, claimant: 'r1', limit: 5 });
    await ledger().rereadBy('p-1', soon);
    expect((await t.store.orders.get('p-1'))!.nextPollAt).toEqual(soon);
    await ledger().rereadBy('p-1', new Date(T0.getTime() + 60_000));
    expect((await t.store.orders.get('p-1'))!.nextPollAt, 'the earlier request stands').toEqual(soon);
    expect((await t.store.orders.get('p-1'))!.rereadAskedAt, 'the poll reads the order, final or not').toEqual(T0);
  });

  it('never writes a request later than the claim: a claim that never reschedules lapses into a poll', async () => {
    await t.store.sessions.insert(session());
    await t.store.orders.insert({ ...order('p-1'), nextPollAt: new Date(T0.getTime() - 1_000) });
    const until = new Date(T0.getTime() + 30_000);
    await t.store.orders.claimDue({ now: T0, until, claimant: 'r1', limit: 5 });
    await ledger().rereadBy('p-1', new Date(T0.getTime() + 60_000));
    expect((await t.store.orders.get('p-1'))!.nextPollAt).toEqual(until);
  });
});
