// Where a paid order's money stands, as the merchant API says it: derived from its amounts, so an order that is only
// authorised is never shown as charged, and one refunded in full is not shown as simply paid.
import { describe, expect, it } from 'vitest';
import { orderListResponseSchema, orderViewSchema } from '../../../shared/schemas/merchant-api.js';
import { call, merchant } from '../../support/checkout.js';
import { useCheckoutStack } from '../../support/stack.js';
import {
  FAST_SANDBOX,
  followReturn,
  getOrder,
  placeOrder,
  postOperation,
} from '../../support/after-payment-harness.js';

const stack = useCheckoutStack({ sandbox: { ...FAST_SANDBOX, refundSettlement: 'instant' } });
const stateOf = async (reference: string) =>
  orderViewSchema.parse((await getOrder(stack.bff.url, reference)).body).paymentState;

async function paid(cart: Record<string, unknown> = {}) {
  const { orderReference } = await placeOrder(stack.bff.url, cart);
  await followReturn((await stack.sandbox.decide(orderReference, { outcome: 'approve' })).redirectTo);
  return orderReference;
}

describe('paymentState', () => {
  it('authorised, then partially captured, then captured once the rest is voided, then refunded', async () => {
    const reference = await paid({ autoCapture: false });
    expect(await stateOf(reference)).toBe('authorised');
    expect((await postOperation(stack.bff.url, reference, 'capture', { amount: 100 })).status).toBe(201);
    expect(await stateOf(reference)).toBe('partially_captured');
    expect((await postOperation(stack.bff.url, reference, 'void', {})).status).toBe(201);
    expect(await stateOf(reference)).toBe('captured');
    expect((await postOperation(stack.bff.url, reference, 'refunds', { amount: 100 })).status).toBe(201);
    expect(await stateOf(reference)).toBe('refunded');
    // Each word the upstream's reads said of the capture is journalled, in turn (the sandbox's spellings).
    const said = (await stack.db.store.events.list(reference)).map((event) => event.payload?.captureStatus);
    expect(said.filter((word) => word !== undefined)).toEqual(['AUTHORIZED', 'PARTIALLY_CAPTURED', 'CAPTURED']);
  });

  it('captured at payment, partially refunded, refunded; voided when nothing was ever captured; absent unless paid', async () => {
    const reference = await paid();
    expect(await stateOf(reference)).toBe('captured');
    await postOperation(stack.bff.url, reference, 'refunds', { amount: 43.89 });
    expect(await stateOf(reference)).toBe('partially_refunded');
    await postOperation(stack.bff.url, reference, 'refunds', { amount: 100 });
    expect(await stateOf(reference)).toBe('refunded');

    // Everything captured is refunded, but the rest is still authorised: partially refunded, not refunded.
    const part = await paid({ autoCapture: false });
    await postOperation(stack.bff.url, part, 'capture', { amount: 40 });
    await postOperation(stack.bff.url, part, 'refunds', { amount: 40 });
    expect(await stateOf(part)).toBe('partially_refunded');
    await postOperation(stack.bff.url, part, 'void', {});
    expect(await stateOf(part)).toBe('refunded');

    const released = await paid({ autoCapture: false });
    await postOperation(stack.bff.url, released, 'void', {});
    expect(await stateOf(released)).toBe('voided');

    const { orderReference: pending } = await placeOrder(stack.bff.url);
    expect(await stateOf(pending)).toBeUndefined();
  });

  it('is in the ledger, so the merchant lists orders by it; an unknown state is a 400 naming the field', async () => {
    const authorised = await paid({ autoCapture: false });
    const captured = await paid();
    const list = async (query: string) =>
      orderListResponseSchema.parse((await call(`${stack.bff.url}/v1/orders${query}`, { headers: merchant })).body)
        .data;
    const listed = await list('?paymentState=authorised&limit=100');
    expect(listed.map((order) => order.orderReference)).toContain(authorised);
    expect(listed.map((order) => order.orderReference)).not.toContain(captured);
    expect(new Set(listed.map((order) => order.paymentState))).toEqual(new Set(['authorised']));
    // The database computes it from the amounts on every write: a capture moves the order to the next list.
    await postOperation(stack.bff.url, authorised, 'capture', { amount: 143.89 });
    expect((await list('?paymentState=captured&limit=100')).map((order) => order.orderReference)).toContain(authorised);
    expect((await stack.db.store.orders.get(authorised))?.paymentState).toBe('captured');

    const wrong = await call(`${stack.bff.url}/v1/orders?paymentState=paid`, { headers: merchant });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([
      {
        path: 'paymentState',
        message: 'must be one of: authorised, partially_captured, captured, voided, partially_refunded, refunded',
      },
    ]);
  });
});
