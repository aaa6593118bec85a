// POST /v1/callbacks/:reference/:secret: a wrong secret changes nothing; the body is only a hint; duplicated,
// concurrent and reordered deliveries give one transition and share their reads; a delivery is journalled when it
// changed the order; the answer is fast.
import { describe, expect, it } from 'vitest';
import type { Store } from '../../../bff/store/types.js';
import { call, json } from '../../support/checkout.js';
import { useCheckoutStack } from '../../support/stack.js';
import {
  callbackUrlOf,
  followReturn,
  getOrder,
  placeOrder,
  postOperation,
  SETTLES_AFTER_RETURN,
  testClock,
  upstreamReads,
} from '../../support/after-payment-harness.js';

// A callback is answered within half the upstream timeout (2 s at most), its work done: 5 s leaves a loaded machine
// the full 2 s for a read and a ledger write. A pending refund settles a second after the POST that made it.
const stack = useCheckoutStack({
  sandbox: { ...SETTLES_AFTER_RETURN, refundSettlement: 'pending' },
  env: { OPI_UPSTREAM_TIMEOUT_MS: '5000' },
  between: 'settle',
});

const envelope = (reference: string, status: string, event = 'ORDER_ASYNC_CALLBACK') => ({
  event,
  data: { orderReference: reference, merchantReference: reference, status, amount: 143.89, currency: 'AED' },
});
const deliver = (url: string, body: unknown) => call(url, json('POST', body));

/** An order the shopper approved, whose own callback the sandbox lost: the test delivers callbacks itself. */
async function approvedWithoutCallback() {
  const placed = await placeOrder(stack.bff.url);
  stack.sandbox.setCallbackFailures(1_000);
  await stack.sandbox.decide(placed.orderReference, { outcome: 'approve' });
  await stack.sandbox.idle();
  stack.sandbox.setCallbackFailures(0);
  return { ...placed, callbackUrl: callbackUrlOf(stack.sandbox, placed.orderReference) };
}

describe('who may deliver', () => {
  it('a wrong secret gets a 404 and changes nothing', async () => {
    const { orderReference, callbackUrl } = await approvedWithoutCallback();
    const forged = callbackUrl.replace(/\/[^/]+$/, '/not-the-secret');
    const answer = await deliver(forged, envelope(orderReference, 'SUCCESSFUL'));
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'not_found' });
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({ status: 'pending' });
    expect(await stack.db.store.events.list(orderReference)).toHaveLength(2);
    expect(upstreamReads(stack.sandbox, orderReference)).toBe(0);
  });

  it('another order secret does not open this order', async () => {
    const first = await approvedWithoutCallback();
    const second = await placeOrder(stack.bff.url);
    const secretOfSecond = callbackUrlOf(stack.sandbox, second.orderReference).split('/').at(-1)!;
    const answer = await deliver(
      first.callbackUrl.replace(/\/[^/]+$/, `/${secretOfSecond}`),
      envelope(first.orderReference, 'SUCCESSFUL'),
    );
    expect(answer.status).toBe(404);
    expect((await stack.db.store.orders.get(first.orderReference))?.status).toBe('pending');
  });

  it('an unknown order gets a 404', async () => {
    const answer = await deliver(
      `${stack.bff.url}/v1/callbacks/opi-nope-1/secret`,
      envelope('opi-nope-1', 'SUCCESSFUL'),
    );
    expect(answer.status).toBe(404);
  });
});

describe('the body is only a hint', () => {
  it('5 concurrent deliveries with reordered and contradicting hints give one transition, journalled once', async () => {
    const { orderReference, callbackUrl } = await approvedWithoutCallback();
    const hints = ['PENDING', 'SUCCESSFUL', 'DECLINED', 'SUCCESSFUL', 'INITIATED'];
    const answers = await Promise.all(hints.map((status) => deliver(callbackUrl, envelope(orderReference, status))));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);

    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({
      status: 'paid',
      paidMinor: 14389,
      upstreamStatus: 'SUCCESSFUL',
    });
    const callbacks = (await stack.db.store.events.list(orderReference)).filter((event) => event.source === 'callback');
    expect(callbacks).toEqual([
      expect.objectContaining({
        status: 'paid',
        upstreamStatus: 'SUCCESSFUL',
        payload: expect.objectContaining({ from: 'pending' }),
      }),
    ]);
    // One read per status claimed (four of them), the repeated SUCCESSFUL sharing one.
    expect(upstreamReads(stack.sandbox, orderReference)).toBeLessThanOrEqual(4);
  });

  it('a callback claiming SUCCESSFUL while the upstream says PENDING changes nothing, and leaves no journal row', async () => {
    const { orderReference } = await placeOrder(stack.bff.url);
    const before = await stack.db.store.events.list(orderReference);
    const answer = await deliver(callbackUrlOf(stack.sandbox, orderReference), envelope(orderReference, 'SUCCESSFUL'));
    expect(answer.status).toBe(200);
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({ status: 'pending', paidMinor: 0 });
    expect(upstreamReads(stack.sandbox, orderReference)).toBe(1);
    expect(await stack.db.store.events.list(orderReference)).toEqual(before);
  });

  it('a late callback never takes a final status back, even when the upstream answers PENDING again', async () => {
    const { orderReference, callbackUrl } = await approvedWithoutCallback();
    await deliver(callbackUrl, envelope(orderReference, 'SUCCESSFUL'));
    expect((await stack.db.store.orders.get(orderReference))?.status).toBe('paid');

    // An old PENDING delivery retried late, to an instance whose read of the order comes back PENDING (a stale
    // replica upstream): the ledger keeps paid, and journals what it was told.
    const stale: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (init?.method !== 'GET' || !String(input).endsWith(`/orders/${orderReference}`)) return response;
      return Response.json({ ...((await response.json()) as object), status: 'PENDING' });
    };
    const other = await stack.startBff({ client: { fetch: stale }, env: { OPI_UPSTREAM_TIMEOUT_MS: '5000' } });
    const late = await deliver(callbackUrl.replace(stack.bff.url, other.url), envelope(orderReference, 'PENDING'));
    expect(late.status).toBe(200);
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({
      status: 'paid',
      upstreamStatus: 'SUCCESSFUL',
      paidMinor: 14389,
    });
    const last = (await stack.db.store.events.list(orderReference)).at(-1);
    expect(last).toMatchObject({
      source: 'callback',
      status: 'paid',
      upstreamStatus: 'PENDING',
      payload: { hintStatus: 'PENDING' },
    });
    expect(last?.payload).not.toHaveProperty('from');
  });

  it.each([
    ['an empty body', '', 'unreadable'],
    ['text that is not JSON', 'status=SUCCESSFUL', 'unreadable'],
    ['JSON of another shape', '{"hello":"world"}', 'unnamed'],
    ['JSON nested past the limit', `${'['.repeat(5_000)}${']'.repeat(5_000)}`, 'too_deeply_nested'],
  ])('%s is still a reason to re-read the order', async (_name, body, event) => {
    const { orderReference, callbackUrl } = await approvedWithoutCallback();
    const answer = await call(callbackUrl, { method: 'POST', headers: { 'content-type': 'text/plain' }, body });
    expect(answer.status).toBe(200);
    expect((await stack.db.store.orders.get(orderReference))?.status).toBe('paid');
    expect((await stack.db.store.events.list(orderReference)).at(-1)).toMatchObject({
      source: 'callback',
      payload: { event },
    });
  });
});

describe('our own failure', () => {
  it('a ledger that cannot be read answers 503 ledger_unavailable, so the upstream delivers again', async () => {
    const { orderReference, callbackUrl } = await approvedWithoutCallback();
    const down: Store = {
      ...stack.db.store,
      orders: {
        ...stack.db.store.orders,
        get: async () => {
          throw new Error('connection terminated');
        },
      },
    };
    const other = await stack.startBff({ store: down });
    const answer = await deliver(callbackUrl.replace(stack.bff.url, other.url), envelope(orderReference, 'SUCCESSFUL'));
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ code: 'ledger_unavailable', retryable: true });
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({ status: 'pending' });

    // Delivered again once the ledger answers: recorded.
    expect((await deliver(callbackUrl, envelope(orderReference, 'SUCCESSFUL'))).status).toBe(200);
    expect((await stack.db.store.orders.get(orderReference))?.status).toBe('paid');
  });

  it('a delivery whose recording failed is acted on when delivered again to the same instance, not taken for a repeat', async () => {
    const { orderReference, callbackUrl } = await approvedWithoutCallback();
    let broken = true;
    const flaky: Store = {
      ...stack.db.store,
      transaction: (work) =>
        broken ? Promise.reject(new Error('connection terminated')) : stack.db.store.transaction(work),
    };
    const clock = testClock();
    const other = await stack.startBff({ store: flaky, now: clock.now });
    const url = callbackUrl.replace(stack.bff.url, other.url);
    expect((await deliver(url, envelope(orderReference, 'SUCCESSFUL'))).status).toBe(503);
    broken = false;
    // Past the read's shared window (5 s), well inside the repeat window (60 s).
    clock.advance(6_000);
    expect((await deliver(url, envelope(orderReference, 'SUCCESSFUL'))).status).toBe(200);
    expect((await stack.db.store.orders.get(orderReference))?.status).toBe('paid');
  });
});

describe('answering fast', () => {
  it('answers 202 before a hanging upstream read ends, journals the delivery and asks the reconciler to look', async () => {
    const { orderReference, callbackUrl } = await approvedWithoutCallback();
    // An instance whose upstream timeout is 1 s: it answers within 500 ms.
    const quick = await stack.startBff({ env: { OPI_UPSTREAM_TIMEOUT_MS: '1000' } });
    stack.sandbox.setFault('get-order', { kind: 'hang' });
    const started = Date.now();
    const answer = await deliver(callbackUrl.replace(stack.bff.url, quick.url), envelope(orderReference, 'SUCCESSFUL'));
    expect(answer.status).toBe(202);
    // Well before the hanging read would end (it never does): the answer within its wait, and a loaded machine's margin.
    expect(Date.now() - started).toBeLessThan(2_500);

    let last: Awaited<ReturnType<typeof stack.db.store.events.list>>[number] | undefined;
    for (let i = 0; i < 100 && last?.source !== 'callback'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 30));
      last = (await stack.db.store.events.list(orderReference)).at(-1);
    }
    expect(last).toMatchObject({
      source: 'callback',
      status: 'pending',
      payload: { upstreamError: 'upstream_timeout' },
    });
    const order = await stack.db.store.orders.get(orderReference);
    expect(order?.nextPollAt?.getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe('REFUND_CALLBACK', () => {
  it("settles a pending refund from the upstream's refund records", async () => {
    const { orderReference } = await placeOrder(stack.bff.url);
    await followReturn((await stack.sandbox.decide(orderReference, { outcome: 'approve' })).redirectTo);
    await stack.sandbox.idle();

    const refund = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 20 });
    expect(refund.status).toBe(202);
    expect(refund.body).toMatchObject({ status: 'pending', amount: 20 });
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({ refundedMinor: 0 });

    // The sandbox settles it and, as the docs say, tells only the account-level webhook: the hint is delivered here
    // by hand, as to an endpoint that receives REFUND_CALLBACK.
    await stack.sandbox.idle();
    expect(stack.sandbox.deliveries.map((delivery) => delivery.event)).not.toContain('REFUND_CALLBACK');
    const hint = {
      event: 'REFUND_CALLBACK',
      data: { orderReference, refundReference: refund.body.refundReference, refundStatus: 'SUCCESSFUL' },
    };
    expect((await deliver(callbackUrlOf(stack.sandbox, orderReference), hint)).status).toBe(200);
    // Journalled by what it changed: the refund's result, from the callback.
    const events = await stack.db.store.events.list(orderReference);
    expect(events.at(-1)).toMatchObject({
      source: 'callback',
      payload: { operation: 'refund', reference: refund.body.refundReference, result: 'succeeded' },
    });
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({ refundedMinor: 2000 });
    const view = (await getOrder(stack.bff.url, orderReference)).body;
    expect(view).toMatchObject({
      refundedAmount: 20,
      refundableAmount: 123.89,
      refunds: [expect.objectContaining({ status: 'succeeded' })],
    });
  });
});
