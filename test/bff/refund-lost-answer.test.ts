// A refund whose answer was lost is only failed from the upstream's whole refund list, never because a later
// refund's own answer does not mention it: otherwise its amount would be freed while the upstream paid it out.
import { describe, expect, it } from 'vitest';
import { orderViewSchema } from '../../shared/merchant-api.js';
import { useCheckoutStack } from '../support/stack.js';
import { FAST_SANDBOX, followReturn, getOrder, placeOrder, postOperation, testClock } from './after-payment-harness.js';

const clock = testClock();
const stack = useCheckoutStack({
  sandbox: { ...FAST_SANDBOX, refundSettlement: 'instant' },
  // A refund the refund list does not show is lost after 10 x 300 ms.
  env: { OPI_UPSTREAM_TIMEOUT_MS: '300' },
  now: clock.now,
  between: 'settle',
});

const refundsOf = async (orderReference: string) => orderViewSchema.parse((await getOrder(stack.bff.url, orderReference)).body);

describe('a refund whose answer was lost', () => {
  it('is not failed by a later refund while the refund list is down, and is settled once the list is back', async () => {
    const { orderReference } = await placeOrder(stack.bff.url);
    await followReturn((await stack.sandbox.decide(orderReference, { outcome: 'approve' })).redirectTo);

    // The upstream takes longer than the BFF waits: it does refund 20, but its answer is lost, and the refund
    // list, which the BFF asks next, is down.
    stack.sandbox.setFault('refund', { kind: 'latency', ms: 600 }, { times: 1 });
    stack.sandbox.setFault('list-refunds', { kind: 'status', status: 503 });
    const lost = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 20 });
    expect([lost.status, lost.body.status]).toEqual([201, 'pending']);
    await stack.sandbox.idle();
    await new Promise((resolve) => setTimeout(resolve, 400)); // the delayed refund is done upstream by now

    // Long after: another refund succeeds, while the list is still down.
    clock.advance(10_000);
    const later = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 30 });
    expect([later.status, later.body.status]).toEqual([201, 'succeeded']);

    const [first] = await stack.db.store.listOperations(orderReference, 'refund');
    expect(first).toMatchObject({ reference: lost.body.refundReference, status: 'requested', amountMinor: 2000 });
    // Both refunds count: 143.89 - 20 - 30 is all that is left.
    const tooMuch = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 93.9 });
    expect([tooMuch.status, tooMuch.body.code]).toEqual([422, 'refund_exceeds_refundable']);

    stack.sandbox.clearFaults();
    const view = await refundsOf(orderReference);
    expect(view.refunds.map((refund) => [refund.amount, refund.status])).toEqual([
      [20, 'succeeded'],
      [30, 'succeeded'],
    ]);
    expect(view).toMatchObject({ refundedAmount: 50, refundableAmount: 93.89 });
  });
});
