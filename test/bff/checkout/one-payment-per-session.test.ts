// One checkout session, one payment, through the real sandbox: the first paid order completes its session (no
// new order, the widget's read says 409), and another provider's order of the same session that is paid later is
// put on hold as session_already_paid, announced to the merchant, and can be refunded.
import { describe, expect, it } from 'vitest';
import { orderViewSchema } from '../../../shared/schemas/merchant-api.js';
import { call, createSession, json, shopper } from '../../support/checkout.js';
import { useMerchantEndpoint } from '../../support/merchant-endpoint.js';
import { useCheckoutStack } from '../../support/stack.js';
import { storeDrivers } from '../../support/store.js';
import { FAST_SANDBOX, followReturn, getOrder, postOperation } from '../../support/after-payment-harness.js';

const merchant = useMerchantEndpoint();
const stack = useCheckoutStack({
  sandbox: { ...FAST_SANDBOX, refundSettlement: 'instant' },
  env: () => ({
    OPI_UPSTREAM_TIMEOUT_MS: '1000',
    OPI_MERCHANT_WEBHOOK_URL: merchant.url,
    OPI_MERCHANT_WEBHOOK_SECRET: 'whsec_test_0123456789abcdef',
  }),
  between: 'settle',
});

const place = (sessionId: string, provider: string) =>
  call(`${stack.bff.url}/v1/checkout-sessions/${sessionId}/orders`, json('POST', shopper({ bnplProvider: provider })));
const readSession = (sessionId: string) => call(`${stack.bff.url}/v1/checkout-sessions/${sessionId}`);

/** One session with a live TABBY_AE order and a live TAMARA_AE order (the shopper came back and chose again). */
async function twoLiveOrders() {
  const sessionId = await createSession(stack.bff.url);
  const first = await place(sessionId, 'TABBY_AE');
  const second = await place(sessionId, 'TAMARA_AE');
  expect([first.status, second.status]).toEqual([201, 201]);
  expect(second.body.orderReference).not.toBe(first.body.orderReference);
  merchant.clear();
  return { sessionId, first: first.body.orderReference as string, second: second.body.orderReference as string };
}

describe('the first payment completes the session', () => {
  it('a paid order (through the return) makes the session completed: reading it and placing again answer 409', async () => {
    const sessionId = await createSession(stack.bff.url);
    expect((await readSession(sessionId)).body.state).toBe('open');
    const { orderReference } = (await place(sessionId, 'TABBY_AE')).body;
    await followReturn((await stack.sandbox.decide(orderReference, { outcome: 'approve' })).redirectTo);

    expect((await stack.db.store.sessions.get(sessionId))?.state).toBe('completed');
    const read = await readSession(sessionId);
    expect([read.status, read.body.code]).toEqual([409, 'session_completed']);
    for (const provider of ['TABBY_AE', 'TAMARA_AE']) {
      const again = await place(sessionId, provider);
      expect([again.status, again.body.code]).toEqual([409, 'session_completed']);
    }
    expect(await stack.db.store.orders.listOfSession(sessionId)).toHaveLength(1);
  });

  it('a declined order leaves the session open for another try', async () => {
    const sessionId = await createSession(stack.bff.url);
    const { orderReference } = (await place(sessionId, 'TABBY_AE')).body;
    await followReturn((await stack.sandbox.decide(orderReference, { outcome: 'decline' })).redirectTo);

    expect((await stack.db.store.sessions.get(sessionId))?.state).toBe('open');
    expect((await readSession(sessionId)).status).toBe(200);
    expect((await place(sessionId, 'TAMARA_AE')).status).toBe(201);
  });
});

describe('a second payment of the same session', () => {
  it('two providers approved one after the other: the second is put on hold, announced, and refundable', async () => {
    const { sessionId, first, second } = await twoLiveOrders();
    await followReturn((await stack.sandbox.decide(first, { outcome: 'approve' })).redirectTo);
    await followReturn((await stack.sandbox.decide(second, { outcome: 'approve' })).redirectTo);
    await stack.sandbox.idle();
    await stack.bff.notifier.idle();

    expect(await stack.db.store.orders.get(first)).toMatchObject({ status: 'paid', paidMinor: 14389 });
    expect(await stack.db.store.orders.get(second)).toMatchObject({
      status: 'on_hold',
      holdReason: 'session_already_paid',
      upstreamStatus: 'SUCCESSFUL',
      paidMinor: 14389,
      capturedMinor: 14389,
    });
    expect((await stack.db.store.sessions.get(sessionId))?.state).toBe('completed');
    const events = await stack.db.store.events.list(second);
    expect(events.find((event) => event.status === 'on_hold')?.payload).toMatchObject({
      holdReason: 'session_already_paid',
      from: 'pending',
    });

    // Later reads of the held order (callbacks, the merchant's) keep it on hold.
    const view = orderViewSchema.parse((await getOrder(stack.bff.url, second)).body);
    expect(view).toMatchObject({ status: 'on_hold', holdReason: 'session_already_paid', refundableAmount: 143.89 });

    const announced = merchant.received().filter((notification) => notification.type === 'order.status');
    expect(
      announced.map((notification) => [notification.data.orderReference, notification.data.status]).sort(),
    ).toEqual(
      [
        [first, 'paid'],
        [second, 'on_hold'],
      ].sort(),
    );

    // The merchant gives the second payment back.
    const refund = await postOperation(stack.bff.url, second, 'refunds', { amount: 143.89 });
    expect([refund.status, refund.body.status]).toEqual([201, 'succeeded']);
    expect(await stack.db.store.orders.get(second)).toMatchObject({ status: 'on_hold', refundedMinor: 14389 });
  });

  it('a first order held as underpaid, read fully paid after a second was held, becomes a refundable second payment', async () => {
    const { first, second } = await twoLiveOrders();
    // The ledger owes one fil more than the upstream's order carries: the first is underpaid.
    await stack.db.driver.query('update orders set amount_minor = amount_minor + 1 where order_reference = $1', [
      first,
    ]);
    await followReturn((await stack.sandbox.decide(first, { outcome: 'approve' })).redirectTo);
    await followReturn((await stack.sandbox.decide(second, { outcome: 'approve' })).redirectTo);
    await stack.sandbox.idle();
    expect(await stack.db.store.orders.get(first)).toMatchObject({
      status: 'on_hold',
      holdReason: 'underpaid',
      capturedMinor: 0,
    });
    expect(await stack.db.store.orders.get(second)).toMatchObject({
      status: 'on_hold',
      holdReason: 'session_already_paid',
    });

    // What it owes is now what the upstream shows paid; the merchant's read re-reads it.
    await stack.db.driver.query('update orders set amount_minor = amount_minor - 1 where order_reference = $1', [
      first,
    ]);
    const view = orderViewSchema.parse((await getOrder(stack.bff.url, first)).body);
    expect(view).toMatchObject({
      status: 'on_hold',
      holdReason: 'session_already_paid',
      paidAmount: 143.89,
      refundableAmount: 143.89,
    });
    const events = await stack.db.store.events.list(first);
    expect(events.at(-1)).toMatchObject({
      status: 'on_hold',
      payload: { holdReason: 'session_already_paid', from: 'on_hold' },
    });
    expect((await postOperation(stack.bff.url, first, 'refunds', { amount: 143.89 })).body.status).toBe('succeeded');

    // Read again, it stays as it is: no new journal line.
    const journalled = (await stack.db.store.events.list(first)).length;
    await getOrder(stack.bff.url, first);
    expect(await stack.db.store.events.list(first)).toHaveLength(journalled);
  });

  it('a second order that is declined is simply declined, not held', async () => {
    const { first, second } = await twoLiveOrders();
    await followReturn((await stack.sandbox.decide(first, { outcome: 'approve' })).redirectTo);
    await followReturn((await stack.sandbox.decide(second, { outcome: 'decline' })).redirectTo);
    expect(await stack.db.store.orders.get(second)).toMatchObject({ status: 'declined', holdReason: null });
  });
});

describe.each(storeDrivers())('two payments of one session at the same moment, on $name', ({ open }) => {
  const racing = useCheckoutStack({
    sandbox: FAST_SANDBOX,
    openStore: open,
    env: { OPI_UPSTREAM_TIMEOUT_MS: '1000' },
    between: 'settle',
  });

  it('exactly one order is paid and the other held, however the callbacks and returns interleave', async () => {
    for (let round = 0; round < 3; round++) {
      const sessionId = await createSession(racing.bff.url);
      const placed = await Promise.all(
        ['TABBY_AE', 'TAMARA_AE'].map((provider) =>
          call(
            `${racing.bff.url}/v1/checkout-sessions/${sessionId}/orders`,
            json('POST', shopper({ bnplProvider: provider })),
          ),
        ),
      );
      const references = placed.map((answer) => answer.body.orderReference as string);
      // Both decided before the BFF hears of either: their callbacks and the shopper's returns race each other.
      const decisions = await Promise.all(
        references.map((reference) => racing.sandbox.decide(reference, { outcome: 'approve' })),
      );
      await Promise.all(decisions.map((decision) => followReturn(decision.redirectTo)));
      await racing.sandbox.idle();

      const orders = await Promise.all(references.map((reference) => racing.db.store.orders.get(reference)));
      expect(orders.map((order) => order?.status).sort()).toEqual(['on_hold', 'paid']);
      expect(orders.find((order) => order?.status === 'on_hold')?.holdReason).toBe('session_already_paid');
      expect((await racing.db.store.sessions.get(sessionId))?.state).toBe('completed');
    }
  });
});
