// One clock: an order, its journal and its operations are stamped by the app's clock (injected in tests), never
// by the database's, so the merchant's view never shows an event before the order it belongs to.
import { describe, expect, it } from 'vitest';
import { orderViewSchema } from '../../shared/schemas/merchant-api.js';
import { useCheckoutStack } from '../support/stack.js';
import { FAST_SANDBOX, followReturn, getOrder, placeOrder, postOperation } from '../support/after-payment-harness.js';

const DAY_MS = 24 * 60 * 60 * 1000;
// A day ahead of the database's clock.
const now = () => new Date(Date.now() + DAY_MS);
const stack = useCheckoutStack({ sandbox: { ...FAST_SANDBOX, refundSettlement: 'instant' }, now, between: 'settle' });

describe('timestamps', () => {
  it('the order, every event and the refund carry the app clock', async () => {
    const before = now().getTime();
    const { orderReference } = await placeOrder(stack.bff.url);
    await followReturn((await stack.sandbox.decide(orderReference, { outcome: 'approve' })).redirectTo);
    await stack.sandbox.idle();
    expect((await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 10 })).status).toBe(201);
    const after = now().getTime();

    const view = orderViewSchema.parse((await getOrder(stack.bff.url, orderReference)).body);
    const times = [
      view.createdAt,
      ...view.events.map((event) => event.at),
      ...view.refunds.map((refund) => refund.createdAt),
    ].map((at) => Date.parse(at));
    expect(view.events.length).toBeGreaterThan(3);
    for (const time of times) {
      expect(time).toBeGreaterThanOrEqual(before);
      expect(time).toBeLessThanOrEqual(after);
    }
    expect(Date.parse(view.events[0]!.at)).toBe(Date.parse(view.createdAt));
  });
});
