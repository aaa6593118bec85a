// A provider's PENDING refund settles upstream later and, as the docs say, only the account-level webhook hears of
// it (never the order's dynamicCallbackUrl): the reconciler's read of the refund records settles it in the ledger
// (the docs' transaction details: no refund list route, every refund named by the order's reference).
import { beforeEach, describe, expect, it } from 'vitest';
import { useCheckoutStack } from '../../support/stack.js';
import {
  FAST_SANDBOX,
  followReturn,
  placeOrder,
  postOperation,
  testClock,
} from '../../support/after-payment-harness.js';

const clock = testClock();
const stack = useCheckoutStack({
  sandbox: { ...FAST_SANDBOX, refundSettlement: 'pending' },
  // An open refund is first looked at 30 s after its answer.
  env: { OPI_POLL_INITIAL_MS: '30000', OPI_POLL_MAX_MS: '600000' },
  now: clock.now,
  between: 'settle',
});
beforeEach(() => {
  clock.offsetMs = 0;
});

describe('a pending refund without any callback', () => {
  it("is settled by the reconciler reading the upstream's records once the poll is due", async () => {
    const { orderReference } = await placeOrder(stack.bff.url);
    await followReturn((await stack.sandbox.decide(orderReference, { outcome: 'approve' })).redirectTo);
    await stack.sandbox.idle();
    const refund = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 20 });
    expect(refund.body).toMatchObject({ status: 'pending', amount: 20, upstreamOutcome: 'awaiting_upstream' });

    await stack.sandbox.idle(); // settled upstream; nothing is sent to the BFF
    expect(stack.sandbox.deliveries.map((delivery) => delivery.event)).toEqual(['ORDER_ASYNC_CALLBACK']);
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({ refundedMinor: 0 });
    expect(await stack.bff.reconciler.reconcileOnce()).toMatchObject({ orders: 0 }); // not due yet

    clock.advance(31_000);
    expect(await stack.bff.reconciler.reconcileOnce()).toMatchObject({ orders: 1 });
    const [settled] = await stack.db.store.operations.list(orderReference, 'refund');
    expect(settled).toMatchObject({ status: 'succeeded' });
    // Read once more when its settle window (600 s) closes, when the records are final about it; then no more.
    const windowCloses = new Date(settled!.createdAt.getTime() + 600_000);
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({
      refundedMinor: 2000,
      nextPollAt: windowCloses,
    });
    expect((await stack.db.store.events.list(orderReference)).at(-1)).toMatchObject({
      source: 'poll',
      payload: {
        operation: 'refund',
        reference: refund.body.refundReference,
        result: 'succeeded',
        matchedBy: 'amount',
      },
    });
    clock.advance(600_000);
    expect(await stack.bff.reconciler.reconcileOnce()).toMatchObject({ orders: 1 });
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({ refundedMinor: 2000, nextPollAt: null });
  });
});
