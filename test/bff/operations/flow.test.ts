// "Done when": against the real sandbox, each outcome ends with the right ledger status, and a partial then a
// full refund succeed while a third is refused.
import { describe, expect, it } from 'vitest';
import { orderViewSchema, refundViewSchema } from '../../../shared/schemas/merchant-api.js';
import { useCheckoutStack } from '../../support/stack.js';
import {
  destination,
  SETTLES_AFTER_RETURN,
  followReturn,
  getOrder,
  placeOrder,
  postOperation,
  signedBack,
} from '../../support/after-payment-harness.js';

const stack = useCheckoutStack({
  sandbox: { ...SETTLES_AFTER_RETURN, refundSettlement: 'instant' },
  env: { OPI_UPSTREAM_TIMEOUT_MS: '2000' },
  between: 'settle',
});

const RETURN_URL = 'https://shop.example/checkout/return';

describe('each outcome ends with the right ledger status', () => {
  it.each([
    ['approve', 'paid', 'SUCCESSFUL', 143.89],
    ['decline', 'declined', 'DECLINED', 0],
    ['cancel', 'cancelled', 'CANCELLED', 0],
    // ERROR is not final: shown as it is (error, not failed or cancelled) and read again until a final status.
    ['error', 'error', 'ERROR', 0],
  ] as const)(
    '%s: the shopper is sent back with %s and the ledger agrees',
    async (outcome, status, upstreamStatus, paidAmount) => {
      const { orderReference } = await placeOrder(stack.bff.url);
      const { redirectTo } = await stack.sandbox.decide(orderReference, { outcome });

      const answer = await followReturn(redirectTo);
      expect(answer.status).toBe(303);
      expect(destination(answer)).toEqual({ base: RETURN_URL, query: signedBack(orderReference, status) });
      await stack.sandbox.idle(); // the callback for the same decision arrives too, and changes nothing more
      const reads = stack.sandbox.journal.filter(
        (entry) => entry.method === 'GET' && entry.path === `/orders/${orderReference}`,
      );

      const view = orderViewSchema.parse((await getOrder(stack.bff.url, orderReference)).body);
      expect(view).toMatchObject({
        orderReference,
        status,
        upstreamStatus,
        amount: 143.89,
        currency: 'AED',
        paidAmount,
        capturedAmount: paidAmount,
      });
      // The return and the callback race each other; whichever is first moves the order, once.
      const changes = view.events.filter(
        (event, index) => index === 0 || event.status !== view.events[index - 1]!.status,
      );
      expect(changes.map((event) => event.status)).toEqual(['initiated', 'pending', status]);
      expect(['return', 'callback']).toContain(changes[2]!.source);
      // Both claim the same status: whichever came first read the order for both (one read per claim per window),
      // and the journal keeps the change once.
      expect(view.events.filter((event) => event.source === 'return' || event.source === 'callback')).toEqual([
        expect.objectContaining({ status, upstreamStatus }),
      ]);
      expect(reads).toHaveLength(1);
    },
  );

  it('pending, then callback: the return says pending, the callback makes the order paid', async () => {
    const { orderReference } = await placeOrder(stack.bff.url);
    const { redirectTo } = await stack.sandbox.decide(orderReference, { outcome: 'approve', mode: 'pending' });

    const answer = await followReturn(redirectTo);
    expect(destination(answer).query).toEqual(signedBack(orderReference, 'pending'));
    expect((await stack.db.store.orders.get(orderReference))?.status).toBe('pending');

    await stack.sandbox.idle();
    const order = await stack.db.store.orders.get(orderReference);
    expect(order).toMatchObject({ status: 'paid', upstreamStatus: 'SUCCESSFUL', paidMinor: 14389, nextPollAt: null });
    const events = await stack.db.store.events.list(orderReference);
    expect(events.at(-1)).toMatchObject({
      source: 'callback',
      status: 'paid',
      upstreamStatus: 'SUCCESSFUL',
      payload: { event: 'ORDER_ASYNC_CALLBACK', from: 'pending' },
    });
  });
});

describe('refunds', () => {
  it('a partial then a full refund succeed, and a third is refused', async () => {
    const { orderReference } = await placeOrder(stack.bff.url);
    await followReturn((await stack.sandbox.decide(orderReference, { outcome: 'approve' })).redirectTo);

    const partial = await postOperation(stack.bff.url, orderReference, 'refunds', {
      amount: 43.89,
      description: 'one shirt back',
    });
    expect(partial.status).toBe(201);
    expect(refundViewSchema.parse(partial.body)).toMatchObject({
      orderReference,
      amount: 43.89,
      currency: 'AED',
      status: 'succeeded',
      description: 'one shirt back',
    });

    const rest = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 100 });
    expect(rest.status).toBe(201);
    expect(rest.body).toMatchObject({ amount: 100, status: 'succeeded', description: null });

    const third = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 0.01 });
    expect(third.status).toBe(422);
    expect(third.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(third.body).toMatchObject({
      code: 'refund_exceeds_refundable',
      detail: 'At most 0.00 AED of this order can still be refunded.',
    });

    const view = orderViewSchema.parse((await getOrder(stack.bff.url, orderReference)).body);
    expect(view).toMatchObject({ refundedAmount: 143.89, refundableAmount: 0 });
    expect(view.refunds.map((refund) => [refund.amount, refund.status])).toEqual([
      [43.89, 'succeeded'],
      [100, 'succeeded'],
    ]);
    const upstreamRefunds = stack.sandbox.journal.filter(
      (entry) => entry.method === 'POST' && entry.path.endsWith('/refund'),
    );
    expect(
      upstreamRefunds.map((entry) => (entry.body as { refundAmount: { amount: number } }).refundAmount.amount),
    ).toEqual([43.89, 100]);
    expect(
      new Set(upstreamRefunds.map((entry) => (entry.body as { refundReference: string }).refundReference)).size,
    ).toBe(2);
  });
});
