// Refunds, captures and voids whose answer was lost, against the sandbox in the docs' forms: no refund list route,
// transaction details that name every refund by the order's reference, a repeated reference refused in a wording
// chosen by the sandbox's seed. The one rule: what the upstream's records show when read back decides, never a
// refusal's wording and never a missing answer. Orders of 143.89 AED.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderViewSchema } from '../../../shared/schemas/merchant-api.js';
import { useMerchantEndpoint } from '../../support/merchant-endpoint.js';
import { useCheckoutStack } from '../../support/stack.js';
import {
  FAST_SANDBOX,
  followReturn,
  getOrder,
  placeOrder,
  postOperation,
  testClock,
} from '../../support/after-payment-harness.js';

const TIMEOUT_MS = 300;
// Past the default settle window (600 s): nothing sent for an operation can still be on its way.
const PAST_WINDOW_MS = 600_000 + 1;
const clock = testClock();
const merchantEndpoint = useMerchantEndpoint();
const stack = useCheckoutStack({
  sandbox: { ...FAST_SANDBOX, refundSettlement: 'instant', seed: 7 },
  now: clock.now,
  env: () => ({
    OPI_UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS),
    OPI_MERCHANT_WEBHOOK_URL: merchantEndpoint.url,
    OPI_MERCHANT_WEBHOOK_SECRET: 'whsec_lost_answers_0123',
  }),
  between: 'settle',
});

async function paidOrder(cart: Record<string, unknown> = {}, bffUrl = stack.bff.url) {
  clock.offsetMs = 0;
  const { orderReference } = await placeOrder(bffUrl, cart);
  await followReturn((await stack.sandbox.decide(orderReference, { outcome: 'approve' })).redirectTo);
  return orderReference;
}

const authorisedOrder = (bffUrl?: string) => paidOrder({ autoCapture: false }, bffUrl);

/** The sandbox's requests to a write route of the order, by their status (0: answer never sent). */
const sent = (orderReference: string, kind: 'refund' | 'capture' | 'void') =>
  stack.sandbox.journal
    .filter((entry) => entry.method === 'POST' && entry.path === `/orders/${orderReference}/${kind}`)
    .map((entry) => entry.status);

/** Another instance on the same clock and ledger, its upstream reached through `fetch`. */
const bffWith = (fetch: typeof globalThis.fetch) =>
  stack.startBff({ now: clock.now, env: { OPI_UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS) }, client: { fetch } });

const viewOf = async (orderReference: string) =>
  orderViewSchema.parse((await getOrder(stack.bff.url, orderReference)).body);

async function reconcileLater(ms = PAST_WINDOW_MS) {
  clock.advance(ms);
  await stack.bff.reconciler.reconcileOnce();
}

async function retried<T>(work: () => Promise<T>, times = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt === times) throw error;
    }
  }
}

/** The discrepancy notifications the merchant got about one order (the file's tests share the endpoint). */
async function discrepanciesToldOf(orderReference: string) {
  await stack.bff.notifier.idle();
  return merchantEndpoint
    .received()
    .filter(({ type, data }) => type === 'order.discrepancy' && data.orderReference === orderReference);
}

// A warm BFF: its token, the options, the ledger's first statements and the refund records' route all once, so the
// tests' 300 ms budget measures the faults they inject, not a cold first call on a loaded machine.
beforeAll(async () => {
  // Cold, the first placement's calls can pass the budget on a loaded machine (a retryable 504): tried again.
  const orderReference = await retried(() => paidOrder());
  await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 1 });
  await viewOf(orderReference);
}, 30_000);

describe('a refund whose answer was lost', () => {
  it('made upstream: the details show it by amount, so it is succeeded at once and never sent again', async () => {
    const orderReference = await paidOrder();
    stack.sandbox.setFault('refund', { kind: 'lost-answer' }, { times: 1 });
    const refund = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 100 });
    expect([refund.status, refund.body.status]).toEqual([201, 'succeeded']);
    expect(refund.body).not.toHaveProperty('upstreamOutcome');
    expect(sent(orderReference, 'refund')).toHaveLength(1);
  });

  it("the issue's case: three refunds of 100, the first one's answer lost; the ledger says 300, as the upstream", async () => {
    const orderReference = await paidOrder({
      orderItems: [{ name: 'Sofa', sku: 'SF-1', quantity: 1, unitPrice: 500, totalAmount: 500 }],
      shippingAmount: 0,
      taxAmount: 0,
    });
    stack.sandbox.setFault('refund', { kind: 'lost-answer' }, { times: 1 });
    for (let i = 0; i < 3; i++) await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 100 });
    const view = await viewOf(orderReference);
    expect(view.refunds.map((refund) => refund.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(view).toMatchObject({ refundedAmount: 300, refundableAmount: 200 });
    const upstream = stack.sandbox.records().find((record) => record.reference === orderReference)!;
    expect(upstream.refunds.map((refund) => refund.amountMinor)).toEqual([10_000, 10_000, 10_000]);
  });

  it('never reached the upstream (a 5xx before it): the records do not show it, so it is sent again once', async () => {
    const orderReference = await paidOrder();
    stack.sandbox.setFault('refund', { kind: 'status', status: 500 }, { times: 1 });
    const refund = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 20 });
    expect([refund.status, refund.body.status]).toEqual([201, 'succeeded']);
    expect(sent(orderReference, 'refund')).toEqual([500, 201]);
  });

  it('hangs: pending with its outcome unknown and its amount spent; the retry of the same key reads, then sends it once', async () => {
    const orderReference = await paidOrder();
    stack.sandbox.setFault('refund', { kind: 'hang' }, { times: 1 });
    const key = randomUUID();
    const lost = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 20 }, key);
    expect([lost.status, lost.body.status, lost.body.upstreamOutcome], JSON.stringify(lost.body)).toEqual([
      202,
      'pending',
      'unknown',
    ]);
    expect((await viewOf(orderReference)).refundableAmount).toBe(123.89);

    const retried = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 20 }, key);
    expect([retried.status, retried.body.status, retried.body.refundReference]).toEqual([
      201,
      'succeeded',
      lost.body.refundReference,
    ]);
    expect(stack.sandbox.journal.filter((entry) => entry.route === 'order-details').length).toBeGreaterThan(0);
    expect(sent(orderReference, 'refund')).toEqual([0, 201]);
    const replayed = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 20 }, key);
    expect([replayed.headers.get('idempotent-replayed'), replayed.body.status]).toEqual(['true', 'succeeded']);
  });

  it('whose outcome is unknown keeps its Idempotency-Key bound to its request: another body with it is refused', async () => {
    const orderReference = await paidOrder();
    stack.sandbox.setFault('refund', { kind: 'hang' }, { times: 1 });
    const key = randomUUID();
    const body = { amount: 20, description: 'Returned shirt' };
    const lost = await postOperation(stack.bff.url, orderReference, 'refunds', body, key);
    expect([lost.status, lost.body.upstreamOutcome]).toEqual([202, 'unknown']);

    const other = await postOperation(stack.bff.url, orderReference, 'refunds', { ...body, description: 'Other' }, key);
    expect([other.status, other.body.code]).toEqual([422, 'idempotency_key_reused']);
    const same = await postOperation(stack.bff.url, orderReference, 'refunds', body, key);
    expect([same.status, same.body.refundReference, same.body.status]).toEqual([
      201,
      lost.body.refundReference,
      'succeeded',
    ]);
  });

  it('made after the BFF gave up: never failed; the reconciler settles it once the records show it', async () => {
    const orderReference = await paidOrder();
    stack.sandbox.setFault('refund', { kind: 'latency', ms: 2 * TIMEOUT_MS }, { times: 1 });
    const lost = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 20 });
    expect([lost.body.status, lost.body.upstreamOutcome]).toEqual(['pending', 'unknown']);
    await new Promise((resolve) => setTimeout(resolve, 2 * TIMEOUT_MS)); // made upstream by now
    await reconcileLater();
    expect((await viewOf(orderReference)).refunds).toEqual([expect.objectContaining({ status: 'succeeded' })]);
    expect(sent(orderReference, 'refund')).toHaveLength(1);
  });

  it('refused after a lost answer, in whatever words: pending until the records show it made', async () => {
    // The first answer is lost after the refund was made; the details then lag (show no refund), so the BFF sends
    // the same reference again, which the upstream refuses in one of its wordings.
    let detailsLag = true;
    let answersToLose = 1;
    const flaky: typeof fetch = async (input, init) => {
      const url = String(input);
      if (url.endsWith('/details') && detailsLag) {
        const details = (await (await fetch(input, init)).json()) as Record<string, unknown>;
        return Response.json({ ...details, refunds: [] });
      }
      const response = await fetch(input, init);
      if (url.endsWith('/refund') && init?.method === 'POST' && answersToLose-- > 0)
        throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
      return response;
    };
    const bff = await stack.startBff({
      now: clock.now,
      env: { OPI_UPSTREAM_TIMEOUT_MS: '1000' },
      client: { fetch: flaky },
    });
    const orderReference = await paidOrder({}, bff.url);
    const refund = await postOperation(bff.url, orderReference, 'refunds', { amount: 20 });
    expect([refund.status, refund.body.status, refund.body.upstreamOutcome]).toEqual([202, 'pending', 'unknown']);
    expect(sent(orderReference, 'refund')).toEqual([201, 400]);

    detailsLag = false;
    clock.advance(31_000);
    await bff.reconciler.reconcileOnce();
    expect((await viewOf(orderReference)).refunds).toEqual([expect.objectContaining({ status: 'succeeded' })]);
  });

  it('never made, and its window passed: the records decide it failed (not_found_upstream), its amount free again', async () => {
    // Recorded, then the instance stops before sending it (its upstream call never returns).
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const hangs: typeof fetch = async (input, init) => {
      if (init?.method === 'POST' && String(input).endsWith('/refund')) {
        await stopped;
        throw new TypeError('fetch failed');
      }
      return fetch(input, init);
    };
    const bff = await bffWith(hangs);
    const orderReference = await paidOrder({}, bff.url);
    const answer = postOperation(bff.url, orderReference, 'refunds', { amount: 20 });
    await expect.poll(async () => (await stack.db.store.operations.list(orderReference)).length).toBe(1);

    await reconcileLater(60_000); // looked at, but inside its window: the records may still lag
    expect((await stack.db.store.operations.list(orderReference))[0]).toMatchObject({ status: 'requested' });
    await reconcileLater();
    const [refund] = (await viewOf(orderReference)).refunds;
    expect(refund).toMatchObject({ status: 'failed', failureReason: 'not_found_upstream' });
    expect((await viewOf(orderReference)).refundableAmount).toBe(143.89);
    expect(sent(orderReference, 'refund')).toEqual([]);
    stop();
    await answer;
  });
});

describe("a refund the seed's list leaves out", () => {
  // An upstream whose refund list (a route no document shows) answers, and leaves every refund out.
  const leavesOut: typeof fetch = async (input, init) =>
    (init?.method ?? 'GET') === 'GET' && String(input).endsWith('/refund') ? Response.json([]) : fetch(input, init);
  it('made upstream, its answer lost: the documented details show it at once, so it is never sent again, nor failed later', async () => {
    const bff = await bffWith(leavesOut);
    const orderReference = await paidOrder({}, bff.url);
    stack.sandbox.setFault('refund', { kind: 'lost-answer' }, { times: 1 });
    const lost = await postOperation(bff.url, orderReference, 'refunds', { amount: 20 });
    expect([lost.status, lost.body.status]).toEqual([201, 'succeeded']);
    expect(sent(orderReference, 'refund')).toEqual([201]);

    clock.advance(PAST_WINDOW_MS);
    await bff.reconciler.reconcileOnce();
    expect(await stack.db.store.operations.list(orderReference, 'refund')).toEqual([
      expect.objectContaining({ status: 'succeeded', amountMinor: 2_000 }),
    ]);
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({ refundedMinor: 2_000 });
    expect(sent(orderReference, 'refund')).toEqual([201]);
  });
});

describe('refunds the records cannot tell apart', () => {
  it('two of one amount, only one made: both stay pending, and a discrepancy carries both totals', async () => {
    const orderReference = await paidOrder();
    // One is made after the BFF gave up, the other never: neither answer comes, and the details show one 20.
    stack.sandbox.setFault('refund', { kind: 'latency', ms: 2 * TIMEOUT_MS }, { times: 1, reference: orderReference });
    stack.sandbox.setFault('refund', { kind: 'hang' }, { times: 1 });
    const both = await Promise.all(
      [1, 2].map(() => postOperation(stack.bff.url, orderReference, 'refunds', { amount: 20 })),
    );
    expect(both.map((answer) => answer.body.upstreamOutcome)).toEqual(['unknown', 'unknown']);
    await new Promise((resolve) => setTimeout(resolve, 2 * TIMEOUT_MS));

    await reconcileLater();
    const view = await viewOf(orderReference);
    expect(view.refunds.map((refund) => [refund.status, refund.upstreamOutcome])).toEqual([
      ['pending', 'unknown'],
      ['pending', 'unknown'],
    ]);
    expect(view.discrepancies).toEqual([
      { kind: 'refunds', ledgerAmount: 0, upstreamAmount: 20, detectedAt: expect.any(String) },
    ]);
    // Neither is offered again: both amounts stay spent.
    expect(view.refundableAmount).toBe(103.89);
    const events = await stack.db.store.events.list(orderReference);
    expect(events.some((event) => event.payload?.discrepancy)).toBe(true);
    // The merchant is told (a signed notification with the order and both totals), once.
    expect((await discrepanciesToldOf(orderReference)).map((notification) => notification.data)).toEqual([
      expect.objectContaining({ orderReference, discrepancies: view.discrepancies }),
    ]);
    await reconcileLater(); // read again: nothing new to say
    expect(await discrepanciesToldOf(orderReference)).toHaveLength(1);
  });
});

describe('a capture or void whose answer was lost', () => {
  it('a capture made upstream: the details show it by its captureId, succeeded at once', async () => {
    const orderReference = await authorisedOrder();
    stack.sandbox.setFault('capture', { kind: 'lost-answer' }, { times: 1 });
    const capture = await postOperation(stack.bff.url, orderReference, 'capture', { amount: 50 });
    expect([capture.status, capture.body.amount]).toEqual([201, 50]);
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({ capturedMinor: 5000 });
    expect(sent(orderReference, 'capture')).toHaveLength(1);
  });

  it('a full capture the records never show: the next read past its window raises a discrepancy with both totals', async () => {
    const orderReference = await authorisedOrder();
    const capture = await postOperation(stack.bff.url, orderReference, 'capture', {});
    expect([capture.status, capture.body.amount]).toEqual([201, 143.89]);
    // An upstream whose details list no capture (lagging, or one it never made after all).
    const noCaptures: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      if (!String(input).endsWith('/details')) return answer;
      const details = (await answer.json()) as { orderCaptures?: unknown[] };
      return Response.json({ ...details, orderCaptures: [] }, { status: answer.status });
    };
    const bff = await bffWith(noCaptures);
    clock.advance(PAST_WINDOW_MS);
    const view = orderViewSchema.parse((await getOrder(bff.url, orderReference)).body);
    expect(view.discrepancies).toEqual([
      { kind: 'captures', ledgerAmount: 143.89, upstreamAmount: 0, detectedAt: expect.any(String) },
    ]);
  });

  it('a capture the details show pending: not refused, and its amount is not offered again', async () => {
    // An upstream whose details show every capture still PENDING (a status no document rules out).
    const pendingCaptures: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      if (!String(input).endsWith('/details')) return answer;
      const details = (await answer.json()) as { orderCaptures?: Record<string, unknown>[] };
      details.orderCaptures = details.orderCaptures?.map((capture) => ({ ...capture, status: 'PENDING' }));
      return Response.json(details, { status: answer.status });
    };
    const bff = await bffWith(pendingCaptures);
    const orderReference = await authorisedOrder(bff.url);
    stack.sandbox.setFault('capture', { kind: 'lost-answer' }, { times: 1 });
    const key = randomUUID();
    const capture = await postOperation(bff.url, orderReference, 'capture', { amount: 100 }, key);
    expect([capture.status, capture.body.status, capture.body.upstreamOutcome]).toEqual([
      202,
      'pending',
      'awaiting_upstream',
    ]);
    expect(await stack.db.store.operations.list(orderReference, 'capture')).toEqual([
      expect.objectContaining({ status: 'pending', amountMinor: 10_000 }),
    ]);
    // Only 43.89 is left: the pending capture's 100 stays spent.
    const more = await postOperation(bff.url, orderReference, 'capture', { amount: 100 });
    expect([more.status, more.body.code]).toEqual([422, 'amount_exceeds_remaining']);
    // Not kept for the key: the same key asks again.
    const again = await postOperation(bff.url, orderReference, 'capture', { amount: 100 }, key);
    expect([again.status, again.headers.get('idempotent-replayed'), again.body.status]).toEqual([202, null, 'pending']);
    expect(sent(orderReference, 'capture')).toHaveLength(1);
  });

  it('a capture that never reached the upstream (5xx): sent again once', async () => {
    const orderReference = await authorisedOrder();
    stack.sandbox.setFault('capture', { kind: 'status', status: 503 }, { times: 1 });
    const capture = await postOperation(stack.bff.url, orderReference, 'capture', {});
    expect(capture.status).toBe(201);
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({ capturedMinor: 14389 });
    expect(sent(orderReference, 'capture')).toEqual([503, 201]);
  });

  it('a capture that hangs: unknown and reserved, then failed by the records once its window passed', async () => {
    const orderReference = await authorisedOrder();
    stack.sandbox.setFault('capture', { kind: 'hang' }, { times: 1 });
    const lost = await postOperation(stack.bff.url, orderReference, 'capture', { amount: 50 });
    // Told as it is: in doubt, never "unavailable, try again".
    expect([lost.status, lost.body.status, lost.body.upstreamOutcome], JSON.stringify(lost.body)).toEqual([
      202,
      'pending',
      'unknown',
    ]);
    expect(lost.body.toCheck).toContain(lost.body.reference);
    expect((await viewOf(orderReference)).captures).toEqual([
      expect.objectContaining({ status: 'pending', upstreamOutcome: 'unknown', toCheck: lost.body.toCheck }),
    ]);
    // Neither a void nor another capture goes while it is in doubt: what is left is not known.
    for (const [kind, body] of [
      ['void', {}],
      ['capture', { amount: 10 }],
    ] as const) {
      const refused = await postOperation(stack.bff.url, orderReference, kind, body);
      expect([refused.status, refused.body.code, refused.body.retryable]).toEqual([409, 'operation_in_doubt', true]);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }

    await reconcileLater();
    expect((await viewOf(orderReference)).captures).toEqual([
      expect.objectContaining({ status: 'failed', failureReason: 'not_found_upstream' }),
    ]);
    expect((await postOperation(stack.bff.url, orderReference, 'void', {})).status).toBe(201);
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({ capturedMinor: 0, voidedMinor: 14389 });
  });

  it('a capture whose outcome is unknown: its key refuses a capture of all that is left, which is another request', async () => {
    const orderReference = await authorisedOrder();
    stack.sandbox.setFault('capture', { kind: 'hang' }, { times: 1 });
    const key = randomUUID();
    const lost = await postOperation(stack.bff.url, orderReference, 'capture', { amount: 50 }, key);
    expect([lost.status, lost.body.upstreamOutcome]).toEqual([202, 'unknown']);
    const all = await postOperation(stack.bff.url, orderReference, 'capture', {}, key);
    expect([all.status, all.body.code]).toEqual([422, 'idempotency_key_reused']);
  });

  it('a void of all that is left, answer lost: told in doubt (202), never "try again"; reserved, then handed to a person at the horizon', async () => {
    const orderReference = await authorisedOrder();
    stack.sandbox.setFault('void', { kind: 'lost-answer' }, { times: 1 });
    const lost = await postOperation(stack.bff.url, orderReference, 'void', {});
    expect(lost.status).toBe(202);
    expect(lost.body).toMatchObject({ status: 'pending', upstreamOutcome: 'unknown', amount: 143.89 });
    expect(lost.body.toCheck).toMatch(new RegExp(`void ${lost.body.reference}.*order ${orderReference}.*portal`));
    expect(lost.body).not.toHaveProperty('retryable');
    // A second void or a capture meanwhile: in doubt, with when to ask again (the BFF's next read of the order).
    const next = (await stack.db.store.orders.get(orderReference))!.nextPollAt!;
    const again = await postOperation(stack.bff.url, orderReference, 'void', {});
    expect([again.status, again.body.code]).toEqual([409, 'operation_in_doubt']);
    expect(again.body.detail).toContain(next.toISOString());
    expect(Number(again.headers.get('retry-after'))).toBe(Math.ceil((next.getTime() - clock.now().getTime()) / 1000));
    // The upstream made it, but its captureStatus is no documented word for that: nothing is guessed from it.
    expect(stack.sandbox.records().find((record) => record.reference === orderReference)?.voidedMinor).toBe(14389);
    await reconcileLater(PAST_WINDOW_MS + 30 * 60_000);
    const view = await viewOf(orderReference);
    expect(view.voids).toEqual([
      expect.objectContaining({ status: 'pending', upstreamOutcome: 'unknown', overdue: true }),
    ]);
    expect(view).toMatchObject({ voidedAmount: 0, capturedAmount: 0 });
    expect(view.discrepancies).toBeUndefined();
    expect(sent(orderReference, 'void')).toHaveLength(1);

    // Past its poll horizon no read will settle it: a person is given both sides, and the merchant is told once.
    merchantEndpoint.clear();
    await reconcileLater(8 * 86_400_000);
    const handed = await viewOf(orderReference);
    expect(handed.discrepancies).toEqual([
      {
        kind: 'unconfirmed_operations',
        references: [lost.body.reference],
        ledgerAmount: 143.89,
        upstreamCaptureStatus: expect.any(String),
        detectedAt: expect.any(String),
      },
    ]);
    expect(await discrepanciesToldOf(orderReference)).toHaveLength(1);
    const refused = await postOperation(stack.bff.url, orderReference, 'void', {});
    // Asking again cannot help now: a person must look.
    expect([refused.status, refused.body.code, refused.body.retryable]).toEqual([409, 'operation_in_doubt', false]);
    expect(refused.body.detail).toContain('discrepancies');
  });

  it("a void answered 200 in a shape the docs' sample does not show: succeeded, never left unknown", async () => {
    const orderReference = await authorisedOrder();
    const plainOk: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      return String(input).endsWith('/void') && answer.ok ? Response.json({ status: 'OK' }) : answer;
    };
    const bff = await bffWith(plainOk);
    const voided = await postOperation(bff.url, orderReference, 'void', {});
    expect([voided.status, voided.body.amount]).toEqual([201, 143.89]);
    expect((await viewOf(orderReference)).voids).toEqual([expect.objectContaining({ status: 'succeeded' })]);
  });

  it('a partial void reads the same before and after: it stays pending and reserved, overdue past its deadline', async () => {
    const orderReference = await authorisedOrder();
    stack.sandbox.setFault('void', { kind: 'lost-answer' }, { times: 1 });
    const lost = await postOperation(stack.bff.url, orderReference, 'void', { amount: 40 });
    expect([lost.status, lost.body.status]).toEqual([202, 'pending']);
    await reconcileLater(PAST_WINDOW_MS + 30 * 60_000);
    const view = await viewOf(orderReference);
    expect(view.voids).toEqual([
      expect.objectContaining({ status: 'pending', upstreamOutcome: 'unknown', overdue: true }),
    ]);
    // Its 40 stays spent, and while it is in doubt no capture goes at all: what is left is not known.
    const capture = await postOperation(stack.bff.url, orderReference, 'capture', { amount: 10 });
    expect([capture.status, capture.body.code]).toEqual([409, 'operation_in_doubt']);
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({ capturedMinor: 0, voidedMinor: 0 });
  });

  it('a first send refused in plain words is failed with them; the same refusal after a lost answer is not', async () => {
    let captures = 0;
    // Every capture after the first one sent is refused with just "Bad Request", before it reaches the upstream.
    const terse: typeof fetch = async (input, init) => {
      if (init?.method === 'POST' && String(input).endsWith('/capture') && captures++ >= 1)
        return Response.json({ statusCode: 400, message: 'Bad Request' }, { status: 400 });
      return fetch(input, init);
    };
    const bff = await bffWith(terse);
    const orderReference = await authorisedOrder(bff.url);
    const another = await authorisedOrder(bff.url);
    // The first is lost (it hangs); its retry is refused: that says nothing about the first.
    stack.sandbox.setFault('capture', { kind: 'hang' }, { times: 1 });
    const key = randomUUID();
    expect((await postOperation(bff.url, orderReference, 'capture', { amount: 50 }, key)).status).toBe(202);
    const retried = await postOperation(bff.url, orderReference, 'capture', { amount: 50 }, key);
    expect([retried.status, retried.body.status, retried.body.upstreamOutcome]).toEqual([202, 'pending', 'unknown']);
    expect((await stack.db.store.operations.list(orderReference))[0]).toMatchObject({ status: 'requested', sends: 2 });

    // A capture of another order whose first send is refused: failed, with the upstream's words.
    const refused = await postOperation(bff.url, another, 'capture', { amount: 30 });
    expect([refused.status, refused.body.code]).toEqual([422, 'operation_refused']);
    const failed = (await stack.db.store.operations.list(another)).find((operation) => operation.amountMinor === 3000);
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'Bad Request' });
  });
});
