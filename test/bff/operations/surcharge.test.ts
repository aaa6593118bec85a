// A surcharge on the order (a fee the paying customer bears): the docs say a full capture or void is the order
// amount plus the surcharge. The BFF reads it from the upstream's order, includes it in what was paid, captures and
// voids it with the rest, and shows it to the merchant. Here the fee is added to the create on its way upstream, as
// a provider's fee would be; the sandbox keeps it and enforces the documented bounds.
import { describe, expect, it } from 'vitest';
import { useCheckoutStack } from '../../support/stack.js';
import {
  FAST_SANDBOX,
  followReturn,
  getOrder,
  placeOrder,
  postOperation,
} from '../../support/after-payment-harness.js';

const stack = useCheckoutStack({ sandbox: FAST_SANDBOX, bff: 'none' });

/** A BFF whose order creates reach the upstream with a surcharge of 2.50. */
function bffWithSurcharge() {
  const withFee: typeof fetch = async (input, init) => {
    if (init?.method === 'POST' && new URL(String(input)).pathname === '/orders' && typeof init.body === 'string') {
      return fetch(input, { ...init, body: JSON.stringify({ ...JSON.parse(init.body), surcharge: 2.5 }) });
    }
    return fetch(input, init);
  };
  return stack.startBff({ client: { fetch: withFee } });
}

const upstreamOf = (reference: string) => stack.sandbox.records().find((record) => record.reference === reference)!;

describe('a surcharge on the order', () => {
  it('is part of what was paid and captured at payment, shown apart, and refundable', async () => {
    const bff = await bffWithSurcharge();
    const { orderReference } = await placeOrder(bff.url);
    await followReturn((await stack.sandbox.decide(orderReference, { outcome: 'approve' })).redirectTo);
    const view = (await getOrder(bff.url, orderReference)).body;
    expect(view).toMatchObject({
      status: 'paid',
      amount: 143.89,
      surchargeAmount: 2.5,
      paidAmount: 146.39,
      capturedAmount: 146.39,
      refundableAmount: 146.39,
    });
    expect(upstreamOf(orderReference)).toMatchObject({ surchargeMinor: 250, capturedMinor: 14639 });
  });

  it('is captured with "all that is left" (the documented full capture), and voided with the rest', async () => {
    const bff = await bffWithSurcharge();
    const captured = await placeOrder(bff.url, { autoCapture: false });
    await followReturn((await stack.sandbox.decide(captured.orderReference, { outcome: 'approve' })).redirectTo);
    const capture = await postOperation(bff.url, captured.orderReference, 'capture', {});
    expect([capture.status, capture.body.amount]).toEqual([201, 146.39]);
    expect(upstreamOf(captured.orderReference)).toMatchObject({ capturedMinor: 14639 });

    const voided = await placeOrder(bff.url, { autoCapture: false });
    await followReturn((await stack.sandbox.decide(voided.orderReference, { outcome: 'approve' })).redirectTo);
    expect((await postOperation(bff.url, voided.orderReference, 'capture', { amount: 100 })).status).toBe(201);
    const rest = await postOperation(bff.url, voided.orderReference, 'void', {});
    expect([rest.status, rest.body.amount]).toEqual([201, 46.39]);
    expect(upstreamOf(voided.orderReference)).toMatchObject({ capturedMinor: 10_000, voidedMinor: 4639 });
    expect((await getOrder(bff.url, voided.orderReference)).body).toMatchObject({ paymentState: 'captured' });
  });
});
