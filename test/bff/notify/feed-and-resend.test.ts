// A merchant endpoint down for days loses nothing: deliveries go on for about three days by default (doubling to 6
// hours apart, jittered), GET /v1/events lists every notification (the very bodies, ids included) from a cursor, and
// a merchant may have an order's latest notification sent again. Through the sandbox, on the BFF's own clock.
import { beforeEach, describe, expect, it } from 'vitest';
import { merchantNotificationSchema } from '../../../shared/schemas/merchant-api.js';
import { FEED_SETTLE_MS } from '../../../bff/routes/merchant-events.js';
import { call, json, merchant } from '../../support/checkout.js';
import { FAST_SANDBOX, paidOrder, placeOrder, postOperation, testClock } from '../../support/after-payment-harness.js';
import { useMerchantEndpoint } from '../../support/merchant-endpoint.js';
import { useCheckoutStack } from '../../support/stack.js';

const endpoint = useMerchantEndpoint();

const clock = testClock();
// The defaults a shop gets: only the endpoint and its secret are set.
const stack = useCheckoutStack({
  sandbox: { ...FAST_SANDBOX, refundSettlement: 'instant' },
  now: clock.now,
  env: () => ({
    OPI_MERCHANT_WEBHOOK_URL: endpoint.url,
    OPI_MERCHANT_WEBHOOK_SECRET: 'whsec_test_0123456789abcdef',
  }),
  between: 'settle',
});
beforeEach(() => {
  endpoint.clear();
  clock.offsetMs = 0;
});
const bodies = () => endpoint.raw();

const paid = async () => (await paidOrder(stack)).orderReference;

const events = (query = '') => call(`${stack.bff.url}/v1/events${query}`, { headers: merchant });
const HOUR = 3_600_000;

describe('deliveries for about three days', () => {
  it('retries an endpoint that is down for a day until it is back, then delivers the same body', async () => {
    endpoint.answer(503);
    const orderReference = await paid();
    const [row] = await stack.db.driver.query<{ id: string }>(
      'select id from merchant_notifications where order_reference = $1',
      [orderReference],
    );
    const due = async () =>
      (
        await stack.db.driver.query<{ next: Date | null }>(
          'select next_attempt_at as next from merchant_notifications where id = $1',
          [row!.id],
        )
      )[0]!.next;
    const started = clock.now().getTime();
    const gaps: number[] = [];
    // Each retry when it is due, on the BFF's clock, until the endpoint has been down 24 hours.
    while (clock.now().getTime() - started < 24 * HOUR) {
      const next = await due();
      expect(next, 'still retried within the first day').not.toBeNull();
      gaps.push(new Date(next!).getTime() - clock.now().getTime());
      clock.offsetMs += new Date(next!).getTime() - clock.now().getTime() + 1;
      await stack.bff.reconciler.reconcileOnce();
      await stack.bff.notifier.idle();
    }
    // Doubling from 10 s, jittered downwards by a quarter at most, never more than 6 hours apart.
    expect(gaps[0]).toBeGreaterThanOrEqual(7_500);
    expect(gaps[0]).toBeLessThanOrEqual(10_000);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(6 * HOUR);
    endpoint.answer(204);
    clock.offsetMs += new Date((await due())!).getTime() - clock.now().getTime() + 1;
    await stack.bff.reconciler.reconcileOnce();
    await stack.bff.notifier.idle();
    expect(await due()).toBeNull();
    // One notification, one id, the same bytes every time; the last one delivered.
    expect(new Set(bodies()).size).toBe(1);
    expect(bodies().length).toBe(gaps.length + 2);
  });

  it('gives up only after about three days, and the feed still lists it', async () => {
    endpoint.answer(503);
    const orderReference = await paid();
    const started = clock.now().getTime();
    let last = started;
    for (;;) {
      const [row] = await stack.db.driver.query<{ next: Date | null }>(
        'select next_attempt_at as next from merchant_notifications where order_reference = $1',
        [orderReference],
      );
      if (!row!.next) break;
      clock.offsetMs += new Date(row!.next).getTime() - clock.now().getTime() + 1;
      last = clock.now().getTime();
      await stack.bff.reconciler.reconcileOnce();
      await stack.bff.notifier.idle();
    }
    const lastTry = (last - started) / HOUR;
    expect(lastTry).toBeGreaterThan(60);
    expect(lastTry).toBeLessThanOrEqual(72);
    expect(bodies().length).toBeGreaterThanOrEqual(18);
    expect(stack.bff.logs.some((line) => line.includes('merchant notification given up'))).toBe(true);
    const listed = await events('?limit=200');
    expect(listed.body.data.map((note: { data: { orderReference: string } }) => note.data.orderReference)).toContain(
      orderReference,
    );
  });
});

describe('GET /v1/events', () => {
  it('lists every notification in the order written, the bodies delivered, from a cursor kept between reads', async () => {
    const start = (await events('?limit=200')).body.nextCursor as string;
    const orderReference = await paid();
    expect((await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 10 })).status).toBe(201);
    await stack.bff.notifier.idle();
    // Listed once it is a few seconds old (one written later may still commit behind it).
    expect((await events(`?after=${start}`)).body).toEqual({ data: [], nextCursor: start, hasMore: false });
    clock.advance(FEED_SETTLE_MS + 1);
    const first = await events(`?after=${start}&limit=1`);
    expect(first.status).toBe(200);
    expect(first.body.hasMore).toBe(true);
    const second = await events(`?after=${first.body.nextCursor}&limit=1`);
    const listed = [...first.body.data, ...second.body.data];
    expect(listed.map((note) => merchantNotificationSchema.parse(note).type)).toEqual([
      'order.status',
      'refund.result',
    ]);
    // The very notifications the endpoint was sent: a shop that kept their ids handles none twice.
    expect(listed).toEqual(bodies().map((body) => JSON.parse(body)));
    expect(second.body.hasMore).toBe(false);
    const after = await events(`?after=${second.body.nextCursor}`);
    expect(after.body).toEqual({ data: [], nextCursor: second.body.nextCursor, hasMore: false });
  });

  it('stops a page before a notification not yet listable, never passing it', async () => {
    const start = (await events('?limit=200')).body.nextCursor as string;
    await paid();
    await paid();
    clock.advance(FEED_SETTLE_MS + 1);
    // The first of the two stamped later than the second (another instance's clock ahead): the second waits for it.
    const [first] = await stack.db.driver.query<{ id: string }>(
      'select id from merchant_notifications where seq > $1 order by seq limit 1',
      [Number(start)],
    );
    await stack.db.driver.query('update merchant_notifications set created_at = $2 where id = $1', [
      first!.id,
      new Date(clock.now().getTime() + 60_000),
    ]);
    expect((await events(`?after=${start}`)).body).toEqual({ data: [], nextCursor: start, hasMore: false });
    clock.advance(60_000 + FEED_SETTLE_MS);
    expect((await events(`?after=${start}`)).body.data).toHaveLength(2);
  });

  it('refuses a cursor it did not give, and a limit out of range, by field', async () => {
    for (const [query, path] of [
      ['?after=abc', 'after'],
      ['?limit=500', 'limit'],
      ['?cursor=1', 'cursor'],
    ] as const) {
      const refused = await events(query);
      expect([refused.status, refused.body.errors?.[0]?.path]).toEqual([400, path]);
    }
    expect((await call(`${stack.bff.url}/v1/events`)).status).toBe(401);
  });
});

describe('POST /v1/orders/:reference/notifications/resend', () => {
  it("queues the order's latest notification again: the same id and body, delivered again", async () => {
    const orderReference = await paid();
    const [delivered] = bodies().map((body) => JSON.parse(body));
    const resend = await call(
      `${stack.bff.url}/v1/orders/${orderReference}/notifications/resend`,
      json('POST', {}, merchant),
    );
    expect([resend.status, resend.body]).toEqual([
      202,
      { id: delivered.id, type: 'order.status', orderReference, status: 'queued' },
    ]);
    await stack.bff.notifier.idle();
    const [first, again] = bodies();
    expect(bodies()).toHaveLength(2);
    expect(again).toBe(first);
  });

  it('refuses an unknown order, and one with nothing to send yet', async () => {
    const resend = (reference: string) =>
      call(`${stack.bff.url}/v1/orders/${reference}/notifications/resend`, json('POST', {}, merchant));
    expect((await resend('opi-nothing-1')).body).toMatchObject({ status: 404, code: 'order_not_found' });
    const { orderReference } = await placeOrder(stack.bff.url);
    expect((await resend(orderReference)).body).toMatchObject({ status: 404, code: 'notification_not_found' });
  });
});
