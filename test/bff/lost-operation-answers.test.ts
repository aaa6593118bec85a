// Merchant operations whose answer was lost, through the real sandbox (orders of 143.89 AED). A capture or void
// does not keep its amount reserved for ever: the reconciler sends it again with the same reference, and a
// refused resend is settled from the order's captureStatus as the upstream shows it, whatever the refusal says.
// A refund is never failed because the upstream's records do not show it (a lagging list, a reference we cannot
// match): its amount stays reserved until the upstream says what became of it, or the merchant's retry sends it.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { orderViewSchema } from '../../shared/merchant-api.js';
import { useCheckoutStack } from '../support/stack.js';
import { FAST_SANDBOX, followReturn, getOrder, placeOrder, postOperation, testClock } from './after-payment-harness.js';

const TIMEOUT_MS = 300;
// Past any request's lifetime (3 upstream budgets + 5 s): the reconciler sends the operation again.
const STALE_MS = 3 * TIMEOUT_MS + 5_000 + 1;
const clock = testClock();
const stack = useCheckoutStack({
  sandbox: { ...FAST_SANDBOX, refundSettlement: 'instant' },
  now: clock.now,
  env: { OPI_UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS) },
  between: 'settle',
});

async function authorisedOrder(bffUrl = stack.bff.url) {
  clock.offsetMs = 0;
  const { orderReference } = await placeOrder(bffUrl, { autoCapture: false });
  await followReturn((await stack.sandbox.decide(orderReference, { outcome: 'approve' })).redirectTo);
  return orderReference;
}

const sent = (kind: 'capture' | 'void', status?: number) =>
  stack.sandbox.journal.filter(
    (entry) =>
      entry.method === 'POST' && entry.path.endsWith(`/${kind}`) && (status === undefined || entry.status === status),
  );

async function reconcileLater() {
  clock.advance(STALE_MS);
  await stack.bff.reconciler.reconcileOnce();
}

describe('the reconciler settles a capture or void whose answer was lost', () => {
  it('a capture the upstream did: the resend is refused, and the order shows it captured', async () => {
    const orderReference = await authorisedOrder();
    stack.sandbox.setFault('capture', { kind: 'malformed-json' }, { times: 1 });
    const lost = await postOperation(stack.bff.url, orderReference, 'capture', { amount: 50 });
    expect([lost.status, lost.body.retryable]).toEqual([502, true]);
    expect((await stack.db.store.listOperations(orderReference))[0]).toMatchObject({
      kind: 'capture',
      status: 'requested',
    });

    await reconcileLater();
    expect((await stack.db.store.listOperations(orderReference))[0]).toMatchObject({ status: 'succeeded' });
    expect(await stack.db.store.getOrder(orderReference)).toMatchObject({ capturedMinor: 5000, nextPollAt: null });
    expect(sent('capture', 201)).toHaveLength(1);
    expect(sent('capture')).toHaveLength(2);
  });

  it('a capture that never reached the upstream: the resend goes through, once', async () => {
    const orderReference = await authorisedOrder();
    stack.sandbox.setFault('capture', { kind: 'hang' }, { times: 1 });
    const lost = await postOperation(stack.bff.url, orderReference, 'capture', {});
    expect([lost.status, lost.body.retryable]).toEqual([504, true]);

    await reconcileLater();
    expect(await stack.db.store.getOrder(orderReference)).toMatchObject({ capturedMinor: 14389 });
    expect(sent('capture', 201)).toHaveLength(1);
  });

  it('a void of all that is left: the order shows it voided', async () => {
    const orderReference = await authorisedOrder();
    stack.sandbox.setFault('void', { kind: 'malformed-json' }, { times: 1 });
    expect((await postOperation(stack.bff.url, orderReference, 'void', {})).status).toBe(502);

    await reconcileLater();
    expect(await stack.db.store.getOrder(orderReference)).toMatchObject({ voidedMinor: 14389, capturedMinor: 0 });
    expect((await postOperation(stack.bff.url, orderReference, 'capture', {})).body).toMatchObject({
      code: 'order_not_capturable',
    });
  });

  it('a second partial capture looks the same before and after: the refused resend of its own reference counts as done', async () => {
    const orderReference = await authorisedOrder();
    expect((await postOperation(stack.bff.url, orderReference, 'capture', { amount: 50 })).status).toBe(201);
    stack.sandbox.setFault('capture', { kind: 'malformed-json' }, { times: 1 });
    expect((await postOperation(stack.bff.url, orderReference, 'capture', { amount: 30 })).status).toBe(502);

    await reconcileLater();
    expect(await stack.db.store.getOrder(orderReference)).toMatchObject({ capturedMinor: 8000 });
    expect(sent('capture', 201)).toHaveLength(2);
  });
});

describe("a retried key does not depend on the refusal's wording", () => {
  /**
   * A BFF whose upstream refusals of captures all read just "Bad Request"; with `refuseAfter: n`, every capture
   * after the first n is refused so, before it reaches the upstream.
   */
  function bffWithTerseRefusals(options: { refuseAfter?: number } = {}) {
    let captures = 0;
    const terse: typeof fetch = async (input, init) => {
      const isCapture = init?.method === 'POST' && String(input).endsWith('/capture');
      if (isCapture && options.refuseAfter !== undefined && captures++ >= options.refuseAfter) {
        return Response.json({ statusCode: 400, message: 'Bad Request' }, { status: 400 });
      }
      const response = await fetch(input, init);
      if (!isCapture || response.status !== 400) return response;
      return Response.json({ statusCode: 400, message: 'Bad Request' }, { status: 400 });
    };
    return stack.startBff({
      now: clock.now,
      env: { OPI_UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS) },
      client: { fetch: terse },
    });
  }

  it('a capture the upstream did answers 201 on the retry', async () => {
    const bff = await bffWithTerseRefusals();
    const orderReference = await authorisedOrder(bff.url);
    const key = randomUUID();
    stack.sandbox.setFault('capture', { kind: 'malformed-json' }, { times: 1 });
    expect((await postOperation(bff.url, orderReference, 'capture', { amount: 50 }, key)).status).toBe(502);

    const retried = await postOperation(bff.url, orderReference, 'capture', { amount: 50 }, key);
    expect([retried.status, retried.body.amount]).toEqual([201, 50]);
    expect(await stack.db.store.getOrder(orderReference)).toMatchObject({ capturedMinor: 5000 });
  });

  it('a capture the upstream never did, and refuses now, is failed and its amount freed', async () => {
    const bff = await bffWithTerseRefusals({ refuseAfter: 1 });
    const orderReference = await authorisedOrder(bff.url);
    const key = randomUUID();
    stack.sandbox.setFault('capture', { kind: 'hang' }, { times: 1 });
    // The first send is lost; every later one is refused before it reaches the upstream.
    const first = await postOperation(bff.url, orderReference, 'capture', { amount: 50 }, key);
    expect(first.status).toBe(504);

    const retried = await postOperation(bff.url, orderReference, 'capture', { amount: 50 }, key);
    expect([retried.status, retried.body.code]).toEqual([422, 'operation_refused']);
    expect((await stack.db.store.listOperations(orderReference))[0]).toMatchObject({ status: 'failed' });
    expect(await stack.db.store.getOrder(orderReference)).toMatchObject({ capturedMinor: 0 });
  });

  it('a second partial capture refused for another reason reads the same before and after: its amount stays reserved', async () => {
    const bff = await bffWithTerseRefusals({ refuseAfter: 2 });
    const orderReference = await authorisedOrder(bff.url);
    expect((await postOperation(bff.url, orderReference, 'capture', { amount: 50 })).status).toBe(201);
    const key = randomUUID();
    stack.sandbox.setFault('capture', { kind: 'hang' }, { times: 1 });
    expect((await postOperation(bff.url, orderReference, 'capture', { amount: 30 }, key)).status).toBe(504);

    // The upstream never did it and refuses it now with a plain "Bad Request": PARTIALLY_CAPTURED tells nothing.
    const retried = await postOperation(bff.url, orderReference, 'capture', { amount: 30 }, key);
    expect([retried.status, retried.body.code, retried.body.retryable]).toEqual([502, 'outcome_unknown', true]);
    const second = (await stack.db.store.listOperations(orderReference)).find(
      (operation) => operation.amountMinor === 3000,
    );
    expect(second).toMatchObject({ status: 'requested' });
    expect(await stack.db.store.getOrder(orderReference)).toMatchObject({ capturedMinor: 5000 });
    expect(sent('capture', 201)).toHaveLength(1);
  });
});

describe('an operation recorded but never sent (the instance stopped in between)', () => {
  /** A BFF that records a merchant's request and then hangs before its upstream call, until `stop()`. */
  async function bffStoppingBeforeSending(kind: 'refund' | 'capture') {
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const hangs: typeof fetch = async (input, init) => {
      if (init?.method === 'POST' && String(input).endsWith(`/${kind}`)) {
        await stopped;
        throw new TypeError('fetch failed');
      }
      return fetch(input, init);
    };
    const bff = await stack.startBff({
      now: clock.now,
      env: { OPI_UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS) },
      client: { fetch: hangs },
    });
    return { bff, stop };
  }

  /** Posts 20 of the order and waits until the request is recorded; `answer` settles once the BFF is stopped. */
  async function recordedOnly(kind: 'refund' | 'capture', orderReference: string, bffUrl: string) {
    const key = randomUUID();
    const answer = postOperation(
      bffUrl,
      orderReference,
      kind === 'refund' ? 'refunds' : 'capture',
      { amount: 20 },
      key,
    );
    await expect.poll(async () => (await stack.db.store.listOperations(orderReference)).length).toBe(1);
    return { answer, key };
  }

  it("a capture: another instance's reconciler sends it once it is stale", async () => {
    const { bff, stop } = await bffStoppingBeforeSending('capture');
    const orderReference = await authorisedOrder();
    const { answer } = await recordedOnly('capture', orderReference, bff.url);
    expect((await stack.db.store.getOrder(orderReference))?.nextPollAt).not.toBeNull();

    await reconcileLater();
    expect((await stack.db.store.listOperations(orderReference))[0]).toMatchObject({
      kind: 'capture',
      status: 'succeeded',
    });
    expect(await stack.db.store.getOrder(orderReference)).toMatchObject({ capturedMinor: 2000 });
    expect(sent('capture', 201)).toHaveLength(1);
    stop();
    await answer;
  });

  it("a refund: the reconciler never fails it on the list's silence; it stays reserved, and the merchant's retry sends it once", async () => {
    clock.offsetMs = 0;
    const { bff, stop } = await bffStoppingBeforeSending('refund');
    const { orderReference } = await placeOrder(stack.bff.url);
    await followReturn((await stack.sandbox.decide(orderReference, { outcome: 'approve' })).redirectTo);
    const { answer, key } = await recordedOnly('refund', orderReference, bff.url);
    expect((await stack.db.store.getOrder(orderReference))?.nextPollAt).not.toBeNull();

    clock.advance(60_000); // past the first check (30 s) and the key's lease
    await stack.bff.reconciler.reconcileOnce();
    expect((await stack.db.store.listOperations(orderReference))[0]).toMatchObject({
      kind: 'refund',
      status: 'requested',
    });
    expect((await refundsOf(orderReference)).refundableAmount).toBe(123.89);
    expect(stack.bff.logs.some((line) => line.includes("open refunds not in the upstream's refund records yet"))).toBe(
      true,
    );

    const retried = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 20 }, key);
    expect([retried.status, retried.body.status]).toEqual([201, 'succeeded']);
    expect(
      stack.sandbox.journal.filter(
        (entry) => entry.method === 'POST' && entry.path.endsWith('/refund') && entry.status < 300,
      ),
    ).toHaveLength(1);
    expect(await refundsOf(orderReference)).toMatchObject({ refundedAmount: 20, refundableAmount: 123.89 });
    stop();
    await answer;
  });
});

const refundsOf = async (orderReference: string) =>
  orderViewSchema.parse((await getOrder(stack.bff.url, orderReference)).body);

describe('a refund whose answer was lost', () => {
  it('says its outcome is unknown, and a retry of the same key asks the upstream first, then sends it once', async () => {
    clock.offsetMs = 0;
    const { orderReference } = await placeOrder(stack.bff.url);
    await followReturn((await stack.sandbox.decide(orderReference, { outcome: 'approve' })).redirectTo);
    stack.sandbox.setFault('refund', { kind: 'hang' }, { times: 1 });
    const key = randomUUID();
    const lost = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 20 }, key);
    expect([lost.status, lost.body.status, lost.body.upstreamOutcome]).toEqual([201, 'pending', 'unknown']);

    const retried = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 20 }, key);
    expect([retried.status, retried.body.status, retried.body.refundReference]).toEqual([
      201,
      'succeeded',
      lost.body.refundReference,
    ]);
    expect(retried.body).not.toHaveProperty('upstreamOutcome');
    const asked = stack.sandbox.journal
      .filter((entry) => entry.route === 'list-refunds' || entry.route === 'refund')
      .map((entry) => [entry.route, entry.status]);
    expect(asked.slice(-2)).toEqual([
      ['list-refunds', 200],
      ['refund', 201],
    ]);
    // Now the answer is known: the same key replays it.
    const replayed = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 20 }, key);
    expect([replayed.headers.get('idempotent-replayed'), replayed.body.status]).toEqual(['true', 'succeeded']);
  });

  it('is not failed by a later refund while the refund list is down, and is settled once the list is back', async () => {
    clock.offsetMs = 0;
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

  it('sent again while the refund list lags: the refusal of its used reference leaves it pending for the list to settle', async () => {
    // The first answer is lost after the upstream did the refund; the list the client then asks does not show it
    // yet, so the client sends the same reference again, which the upstream refuses as used.
    let listLags = true;
    let refundAnswersToLose = 1;
    const flaky: typeof fetch = async (input, init) => {
      const isRefundPath = String(input).endsWith('/refund');
      if (isRefundPath && init?.method === 'GET' && listLags) return Response.json([]);
      const response = await fetch(input, init);
      if (isRefundPath && init?.method === 'POST' && refundAnswersToLose-- > 0)
        throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
      return response;
    };
    const bff = await stack.startBff({
      now: clock.now,
      env: { OPI_UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS) },
      client: { fetch: flaky },
    });
    clock.offsetMs = 0;
    const { orderReference } = await placeOrder(bff.url);
    await followReturn((await stack.sandbox.decide(orderReference, { outcome: 'approve' })).redirectTo);

    const answer = await postOperation(bff.url, orderReference, 'refunds', { amount: 20 });
    expect([answer.status, answer.body.status]).toEqual([201, 'pending']);
    const refundPosts = stack.sandbox.journal.filter(
      (entry) => entry.method === 'POST' && entry.path.endsWith('/refund'),
    );
    expect(refundPosts.map((entry) => entry.status)).toEqual([201, 400]); // done, then "refundReference already exists"
    expect((await stack.db.store.listOperations(orderReference, 'refund'))[0]).toMatchObject({ status: 'requested' });

    listLags = false;
    clock.advance(60_000);
    await bff.reconciler.reconcileOnce();
    expect((await stack.db.store.listOperations(orderReference, 'refund'))[0]).toMatchObject({ status: 'succeeded' });
    expect(await stack.db.store.getOrder(orderReference)).toMatchObject({ refundedMinor: 2000 });
  });
});
