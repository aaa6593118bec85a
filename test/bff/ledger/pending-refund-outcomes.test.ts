// A refund the upstream answers PENDING and later ends otherwise than SUCCESSFUL, through the sandbox's documented
// failure paths: DECLINED is final (nothing refunded, the amount refundable again); ERROR is not (the refund stays
// pending with the upstream's word beside it, its amount still held, and is read again). And one the seed's refund
// list leaves out: settled by the documented details, its silence concluding nothing.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { orderViewSchema } from '../../../shared/schemas/merchant-api.js';
import {
  followReturn,
  getOrder,
  placeOrder,
  postOperation,
  SETTLES_AFTER_RETURN,
  testClock,
} from '../../support/after-payment-harness.js';
import { useCheckoutStack } from '../../support/stack.js';

describe.each([
  ['DECLINED', { status: 'declined', refundedAmount: 0, refundableAmount: 143.89 }],
  ['ERROR', { status: 'pending', refundedAmount: 0, refundableAmount: 123.89 }],
] as const)('a pending refund the upstream ends %s', (outcome, expected) => {
  const stack = useCheckoutStack({
    sandbox: { ...SETTLES_AFTER_RETURN, refundSettlement: 'pending', pendingRefundOutcome: outcome },
    between: 'settle',
  });

  it(`is ${expected.status} on the merchant's next read, and the refundable amount follows`, async () => {
    const { orderReference } = await placeOrder(stack.bff.url);
    await followReturn((await stack.sandbox.decide(orderReference, { outcome: 'approve' })).redirectTo);
    const key = randomUUID();
    const refund = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 20 }, key);
    expect(refund.body).toMatchObject({ status: 'pending' });
    await stack.sandbox.idle();

    const view = orderViewSchema.parse((await getOrder(stack.bff.url, orderReference)).body);
    expect(view.refunds).toEqual([
      expect.objectContaining({
        refundReference: refund.body.refundReference,
        status: expected.status,
        upstreamStatus: outcome,
      }),
    ]);
    expect(view).toMatchObject({
      status: 'paid',
      refundedAmount: expected.refundedAmount,
      refundableAmount: expected.refundableAmount,
    });

    // The same Idempotency-Key again: the refund as the ledger holds it now, not the PENDING first answered.
    const replay = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 20 }, key);
    expect(replay.body).toMatchObject({ refundReference: refund.body.refundReference, status: expected.status });
  });
});

describe("a pending refund the seed's refund list leaves out", () => {
  const stack = useCheckoutStack({
    sandbox: { ...SETTLES_AFTER_RETURN, refundSettlement: 'pending' },
    between: 'settle',
  });

  it('settles from the documented details when it succeeds, and raises no discrepancy from the silence, ever', async () => {
    // An upstream whose refund list (a route no document shows) answers, and leaves every refund out.
    const leavesOut: typeof fetch = async (input, init) =>
      (init?.method ?? 'GET') === 'GET' && String(input).endsWith('/refund') ? Response.json([]) : fetch(input, init);
    const clock = testClock();
    const bff = await stack.startBff({ now: clock.now, client: { fetch: leavesOut } });
    const { orderReference } = await placeOrder(bff.url);
    await followReturn((await stack.sandbox.decide(orderReference, { outcome: 'approve' })).redirectTo);
    const refund = await postOperation(bff.url, orderReference, 'refunds', { amount: 20 });
    expect(refund.body).toMatchObject({ status: 'pending' });
    await stack.sandbox.idle();

    const view = orderViewSchema.parse((await getOrder(bff.url, orderReference)).body);
    expect(view.refunds).toEqual([expect.objectContaining({ status: 'succeeded', upstreamStatus: 'SUCCESSFUL' })]);
    expect(view).toMatchObject({ refundedAmount: 20, refundableAmount: 123.89 });
    expect(view.discrepancies).toBeUndefined();

    // Read after read, the refund long settled, the list's silence still says nothing: no totals of 20 against 0.
    clock.advance(60 * 60_000);
    for (let read = 0; read < 2; read++) {
      const later = orderViewSchema.parse((await getOrder(bff.url, orderReference)).body);
      expect(later).toMatchObject({ refundedAmount: 20, refundableAmount: 123.89 });
      expect(later.discrepancies).toBeUndefined();
    }
  });
});

describe('transaction details that list a refund of no money, or in no currency there is', () => {
  const stack = useCheckoutStack({
    sandbox: { ...SETTLES_AFTER_RETURN, refundSettlement: 'pending' },
    between: 'settle',
  });

  it('are read as they are: the order answers, its refund settles, and nothing is recorded of them', async () => {
    // The sandbox's own details, with two refunds its documents never show appended: a failed attempt listed at 0,
    // and one whose currency is no currency code.
    const oddRecords: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      if (!new URL(String(input)).pathname.endsWith('/details') || !answer.ok) return answer;
      const details = (await answer.json()) as { refunds?: unknown[] | null };
      const odd = [
        { refundId: 'x', amount: '0', status: 'FAILED' },
        { refundId: 'x', amount: '5.00', currency: 'A$', status: 'SUCCESSFUL' },
      ];
      return Response.json({ ...details, refunds: [...(details.refunds ?? []), ...odd] });
    };
    const bff = await stack.startBff({ client: { fetch: oddRecords } });
    const { orderReference } = await placeOrder(bff.url);
    await followReturn((await stack.sandbox.decide(orderReference, { outcome: 'approve' })).redirectTo);
    const refund = await postOperation(bff.url, orderReference, 'refunds', { amount: 20 });
    expect(refund.body).toMatchObject({ status: 'pending' });
    await stack.sandbox.idle();

    const answer = await getOrder(bff.url, orderReference);
    expect(answer.status).toBe(200);
    const view = orderViewSchema.parse(answer.body);
    expect(view.refunds.map((entry) => [entry.origin, entry.status, entry.amount])).toEqual([
      ['checkout', 'succeeded', 20],
    ]);
    expect(view).toMatchObject({ refundedAmount: 20, refundableAmount: 123.89 });
  });
});

describe('a refund the upstream refused at its first send, then listed in a word of failure', () => {
  const stack = useCheckoutStack({ sandbox: SETTLES_AFTER_RETURN, between: 'settle' });

  it('is that refused attempt: no refund made outside the checkout, and its amount stays refundable', async () => {
    // An upstream that refuses the refund (400) and then lists the attempt in its transaction details as FAILED.
    const refusesThenLists: typeof fetch = async (input, init) => {
      const path = new URL(String(input)).pathname;
      if (init?.method === 'POST' && path.endsWith('/refund')) {
        return Response.json(
          { statusCode: 400, message: ['refund is not allowed'], error: 'Bad Request' },
          { status: 400 },
        );
      }
      const answer = await fetch(input, init);
      if (!path.endsWith('/details') || !answer.ok) return answer;
      const details = (await answer.json()) as { orderReference?: string; refunds?: unknown[] | null };
      const failed = { refundId: details.orderReference, amount: '20', currency: 'AED', status: 'FAILED' };
      return Response.json({ ...details, refunds: [...(details.refunds ?? []), failed] });
    };
    const bff = await stack.startBff({ client: { fetch: refusesThenLists } });
    const { orderReference } = await placeOrder(bff.url);
    await followReturn((await stack.sandbox.decide(orderReference, { outcome: 'approve' })).redirectTo);
    const refund = await postOperation(bff.url, orderReference, 'refunds', { amount: 20 });
    expect([refund.status, refund.body.code]).toEqual([422, 'operation_refused']);

    const view = orderViewSchema.parse((await getOrder(bff.url, orderReference)).body);
    expect(view.refunds.map((entry) => [entry.origin, entry.status, entry.amount])).toEqual([
      ['checkout', 'failed', 20],
    ]);
    expect(view).toMatchObject({ refundedAmount: 0, refundableAmount: 143.89 });
  });
});
