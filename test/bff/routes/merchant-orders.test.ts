// The merchant's order API against the real sandbox: the merchant key, order views and the list, and refunds,
// captures and voids under their guards and Idempotency-Keys, with refund races on every ledger driver.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../demo/sandbox/sandbox.js';
import { orderListResponseSchema, orderViewSchema } from '../../../shared/schemas/merchant-api.js';
import { call, json, merchant } from '../../support/checkout.js';
import { useCheckoutStack, type CheckoutStack } from '../../support/stack.js';
import { storeDrivers } from '../../support/store.js';
import {
  FAST_SANDBOX,
  followReturn,
  paidOrder,
  getOrder,
  placeOrder,
  postOperation,
} from '../../support/after-payment-harness.js';

const refundPosts = (sandbox: Sandbox) =>
  sandbox.journal.filter((entry) => entry.method === 'POST' && entry.path.endsWith('/refund'));

const paid = async (stack: CheckoutStack, cart: Record<string, unknown> = {}) =>
  (await paidOrder(stack, cart)).orderReference;

describe.each(storeDrivers())('refund races on $name', ({ open }) => {
  const stack = useCheckoutStack({
    sandbox: { ...FAST_SANDBOX, refundSettlement: 'instant' },
    env: { OPI_UPSTREAM_TIMEOUT_MS: '5000' },
    openStore: open,
    between: 'keep',
  });

  it('50 concurrent refunds never refund more than was paid', async () => {
    const orderReference = await paid(stack);
    stack.sandbox.journal.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => postOperation(stack.bff.url, orderReference, 'refunds', { amount: 10 })),
    );
    const statuses = answers.map((answer) => answer.status);
    // 143.89 AED holds fourteen refunds of 10.00; every other one is refused, none fails otherwise.
    expect(statuses.filter((status) => status === 201)).toHaveLength(14);
    expect(statuses.filter((status) => status === 422)).toHaveLength(36);
    expect(
      answers
        .filter((answer) => answer.status === 422)
        .every((answer) => answer.body.code === 'refund_exceeds_refundable'),
    ).toBe(true);
    expect(refundPosts(stack.sandbox)).toHaveLength(14);
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({ refundedMinor: 14000 });
    const view = orderViewSchema.parse((await getOrder(stack.bff.url, orderReference)).body);
    expect(view).toMatchObject({ refundedAmount: 140, refundableAmount: 3.89 });
  });
});

describe('merchant order API', () => {
  const stack = useCheckoutStack({
    sandbox: { ...FAST_SANDBOX, refundSettlement: 'instant' },
    env: { OPI_UPSTREAM_TIMEOUT_MS: '2000' },
    between: 'settle',
  });

  describe('the merchant key', () => {
    const routes = [
      ['GET', '/v1/orders'],
      ['GET', '/v1/orders/opi-x-1'],
      ['GET', '/v1/orders/opi-x-1/refunds'],
      ['POST', '/v1/orders/opi-x-1/refunds'],
      ['POST', '/v1/orders/opi-x-1/capture'],
      ['POST', '/v1/orders/opi-x-1/void'],
    ] as const;
    it.each(routes)('%s %s without a key or with a wrong one: 401', async (method, path) => {
      const body = method === 'POST' ? JSON.stringify({ amount: 1 }) : undefined;
      const headers = { 'content-type': 'application/json', 'idempotency-key': 'k1' };
      for (const authorization of [
        undefined,
        'Bearer mk_wrong_key_0123456789',
        'Basic bWs6a2V5',
        `Bearer ${merchant.authorization.slice(7)}x`,
      ]) {
        const answer = await call(`${stack.bff.url}${path}`, {
          method,
          body,
          headers: { ...headers, ...(authorization ? { authorization } : {}) },
        });
        expect(answer.status).toBe(401);
        expect(answer.body).toMatchObject({ code: 'unauthorized' });
        expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
      }
    });
  });

  describe('reading orders', () => {
    it('reads the upstream first, so a lost callback and no return still show the truth', async () => {
      const { orderReference, sessionId } = await placeOrder(stack.bff.url);
      stack.sandbox.setCallbackFailures(1_000);
      await stack.sandbox.decide(orderReference, { outcome: 'approve' });
      const answer = await getOrder(stack.bff.url, orderReference);
      expect(answer.status).toBe(200);
      const view = orderViewSchema.parse(answer.body);
      expect(view).toMatchObject({
        orderReference,
        sessionId,
        provider: 'TABBY_AE',
        status: 'paid',
        upstreamStatus: 'SUCCESSFUL',
        amount: 143.89,
        paidAmount: 143.89,
        capturedAmount: 143.89,
        refundableAmount: 143.89,
        refunds: [],
      });
      expect(view.events.at(-1)).toMatchObject({ source: 'merchant', status: 'paid' });
      // A second read changes nothing and adds nothing to the journal.
      const again = orderViewSchema.parse((await getOrder(stack.bff.url, orderReference)).body);
      expect(again.events).toHaveLength(view.events.length);
    });

    it('answers from the ledger when the upstream is down', async () => {
      const { orderReference } = await placeOrder(stack.bff.url);
      stack.sandbox.setFault('get-order', { kind: 'status', status: 500 });
      const answer = await getOrder(stack.bff.url, orderReference);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ status: 'pending' });
    });

    it('an unknown order is a 404 problem', async () => {
      const answer = await getOrder(stack.bff.url, 'opi-nothing-1');
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ code: 'order_not_found' });
    });

    it('lists newest first, page by page, filtered by status', async () => {
      const first = await placeOrder(stack.bff.url);
      const second = await placeOrder(stack.bff.url);
      const third = await placeOrder(stack.bff.url);
      await followReturn((await stack.sandbox.decide(second.orderReference, { outcome: 'approve' })).redirectTo);
      const list = (query: string) => call(`${stack.bff.url}/v1/orders${query}`, { headers: merchant });

      const page1 = orderListResponseSchema.parse((await list('?limit=2')).body);
      expect(page1.data.map((order) => order.orderReference)).toEqual([third.orderReference, second.orderReference]);
      expect(page1.nextCursor).toEqual(expect.any(String));
      const page2 = orderListResponseSchema.parse((await list(`?limit=2&cursor=${page1.nextCursor}`)).body);
      expect(page2).toEqual({
        data: [expect.objectContaining({ orderReference: first.orderReference })],
        nextCursor: null,
      });
      expect(page1.data[0]).not.toHaveProperty('events');

      const paid = orderListResponseSchema.parse((await list('?status=paid')).body);
      expect(paid.data.map((order) => [order.orderReference, order.status])).toEqual([[second.orderReference, 'paid']]);
    });

    it.each([
      ['?limit=0', 'limit'],
      ['?limit=500', 'limit'],
      ['?status=SUCCESSFUL', 'status'],
      ['?cursor=bm90LWEtY3Vyc29y', 'cursor'],
      // A date the ledger cannot hold (before 4713 BC), and one in another spelling than this API's.
      [`?cursor=${Buffer.from('["-005000-01-01T00:00:00.000Z","x"]').toString('base64url')}`, 'cursor'],
      [`?cursor=${Buffer.from('["2026-11-28","x"]').toString('base64url')}`, 'cursor'],
      ['?sort=asc', 'sort'],
    ])('refuses the query %s naming %s', async (query, path) => {
      const answer = await call(`${stack.bff.url}/v1/orders${query}`, { headers: merchant });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual([expect.objectContaining({ path })]);
    });
  });

  describe('refund guards and Idempotency-Key', () => {
    it('the same key and body is answered once and replayed', async () => {
      const orderReference = await paid(stack);
      const key = randomUUID();
      const first = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 5 }, key);
      const again = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 5 }, key);
      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(refundPosts(stack.sandbox)).toHaveLength(1);
    });

    it('the same key with another body, or for another order, is refused', async () => {
      const orderReference = await paid(stack);
      const other = await paid(stack);
      const key = randomUUID();
      await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 5 }, key);
      const changed = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 6 }, key);
      expect(changed.status).toBe(422);
      expect(changed.body).toMatchObject({ code: 'idempotency_key_reused' });
      const elsewhere = await postOperation(stack.bff.url, other, 'refunds', { amount: 5 }, key);
      expect(elsewhere.body).toMatchObject({ code: 'idempotency_key_reused' });
      expect(refundPosts(stack.sandbox)).toHaveLength(1);
    });

    it('the same key in flight twice makes one upstream call and gives both the same answer', async () => {
      const orderReference = await paid(stack);
      stack.sandbox.setFault('refund', { kind: 'latency', ms: 300 });
      const key = randomUUID();
      const [a, b] = await Promise.all([
        postOperation(stack.bff.url, orderReference, 'refunds', { amount: 7 }, key),
        postOperation(stack.bff.url, orderReference, 'refunds', { amount: 7 }, key),
      ]);
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(a.body).toEqual(b.body);
      expect(refundPosts(stack.sandbox)).toHaveLength(1);
    });

    it('needs an Idempotency-Key', async () => {
      const orderReference = await paid(stack);
      const missing = await call(
        `${stack.bff.url}/v1/orders/${orderReference}/refunds`,
        json('POST', { amount: 1 }, merchant),
      );
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({
        code: 'idempotency_key_required',
        errors: [{ path: 'Idempotency-Key', message: 'is required' }],
      });
      const spaced = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 1 }, 'two words');
      expect(spaced.status).toBe(400);
      expect(refundPosts(stack.sandbox)).toHaveLength(0);
    });

    it.each([
      [{ amount: 10.001 }, 'amount', 'must have at most 2 decimals in AED'],
      [{ amount: 0 }, 'amount', 'must be more than 0'],
      [{}, 'amount', 'is required'],
      [{ amount: 1, refundReference: 'mine' }, 'refundReference', 'is not an accepted field'],
    ])('refuses the body %j naming the field', async (body, path, message) => {
      const orderReference = await paid(stack);
      const answer = await postOperation(stack.bff.url, orderReference, 'refunds', body);
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toContainEqual({ path, message });
      expect(refundPosts(stack.sandbox)).toHaveLength(0);
    });

    it('refuses to refund an order that is not paid, or does not exist', async () => {
      const { orderReference } = await placeOrder(stack.bff.url);
      const pending = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 1 });
      expect(pending.status).toBe(409);
      expect(pending.body).toMatchObject({ code: 'order_not_refundable' });
      const unknown = await postOperation(stack.bff.url, 'opi-nothing-1', 'refunds', { amount: 1 });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ code: 'order_not_found' });
    });

    it('lists the refunds of an order', async () => {
      const orderReference = await paid(stack);
      const made = await postOperation(stack.bff.url, orderReference, 'refunds', {
        amount: 3.5,
        description: 'late delivery',
      });
      const answer = await call(`${stack.bff.url}/v1/orders/${orderReference}/refunds`, { headers: merchant });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ data: [made.body] });
    });
  });

  describe('capture and void (authorise-only orders)', () => {
    it('a body that is sent must be JSON', async () => {
      const orderReference = await paid(stack, { autoCapture: false });
      const answer = await call(`${stack.bff.url}/v1/orders/${orderReference}/capture`, {
        method: 'POST',
        headers: { ...merchant, 'idempotency-key': randomUUID(), 'content-type': 'text/plain' },
        body: 'amount=5',
      });
      expect(answer.status).toBe(415);
      expect(await stack.db.store.orders.get(orderReference)).toMatchObject({ capturedMinor: 0 });
    });

    it('captures part, voids the rest, then has nothing left; refunds only what was captured', async () => {
      const orderReference = await paid(stack, { autoCapture: false });
      expect(await stack.db.store.orders.get(orderReference)).toMatchObject({
        status: 'paid',
        paidMinor: 14389,
        capturedMinor: 0,
      });

      const early = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 1 });
      expect(early.body).toMatchObject({ code: 'order_not_refundable' });

      const tooMuch = await postOperation(stack.bff.url, orderReference, 'capture', { amount: 200 });
      expect(tooMuch.status).toBe(422);
      expect(tooMuch.body).toMatchObject({
        code: 'amount_exceeds_remaining',
        detail: 'At most 143.89 AED of this order is left to capture.',
      });

      const capture = await postOperation(stack.bff.url, orderReference, 'capture', {
        amount: 100,
        description: 'shipped',
      });
      expect(capture.status).toBe(201);
      expect(capture.body).toEqual({
        orderReference,
        amount: 100,
        currency: 'AED',
        reference: expect.stringMatching(/^cp_/),
        status: 'succeeded',
      });

      // No body at all: all that is left.
      const rest = await call(`${stack.bff.url}/v1/orders/${orderReference}/void`, {
        method: 'POST',
        headers: { ...merchant, 'idempotency-key': randomUUID() },
      });
      expect(rest.status).toBe(201);
      expect(rest.body).toMatchObject({ amount: 43.89, reference: expect.stringMatching(/^vd_/) });

      for (const operation of ['capture', 'void'] as const) {
        const nothing = await postOperation(stack.bff.url, orderReference, operation, {});
        expect(nothing.status).toBe(409);
        expect(nothing.body).toMatchObject({
          code: operation === 'capture' ? 'order_not_capturable' : 'order_not_voidable',
        });
      }
      const refund = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 100.01 });
      expect(refund.body).toMatchObject({ code: 'refund_exceeds_refundable' });
      expect((await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 100 })).status).toBe(201);

      const view = orderViewSchema.parse((await getOrder(stack.bff.url, orderReference)).body);
      expect(view).toMatchObject({
        capturedAmount: 100,
        voidedAmount: 43.89,
        refundedAmount: 100,
        refundableAmount: 0,
      });
      const sent = stack.sandbox.journal.filter(
        (entry) => entry.method === 'POST' && /\/(capture|void)$/.test(entry.path),
      );
      // The refused attempts never left the BFF.
      expect(sent.map((entry) => entry.path.split('/').at(-1))).toEqual(['capture', 'void']);
    });

    it('two partial captures at once both go: one on its way is not in doubt', async () => {
      const orderReference = await paid(stack, { autoCapture: false });
      const [first, second] = await Promise.all([
        postOperation(stack.bff.url, orderReference, 'capture', { amount: 50 }),
        postOperation(stack.bff.url, orderReference, 'capture', { amount: 60 }),
      ]);
      expect([first.status, second.status]).toEqual([201, 201]);
      expect(await stack.db.store.orders.get(orderReference)).toMatchObject({ capturedMinor: 11_000 });
    });

    it('a capture whose answer was lost keeps its amount reserved, and a retry of the same key finishes it once', async () => {
      const orderReference = await paid(stack, { autoCapture: false });
      const key = randomUUID();
      stack.sandbox.setFault('capture', { kind: 'hang' }, { times: 1 });
      const lost = await postOperation(stack.bff.url, orderReference, 'capture', { amount: 50 }, key);
      expect(lost.status).toBe(202);
      expect(lost.body).toMatchObject({ status: 'pending', upstreamOutcome: 'unknown', amount: 50 });
      // The 50 are held, and while the capture is in doubt no other capture goes at all.
      expect((await postOperation(stack.bff.url, orderReference, 'capture', { amount: 10 })).body).toMatchObject({
        code: 'operation_in_doubt',
      });

      const retried = await postOperation(stack.bff.url, orderReference, 'capture', { amount: 50 }, key);
      expect(retried.status).toBe(201);
      expect(await stack.db.store.orders.get(orderReference)).toMatchObject({ capturedMinor: 5000 });
    });

    it('an order captured at payment has nothing to capture or void', async () => {
      const orderReference = await paid(stack);
      expect((await postOperation(stack.bff.url, orderReference, 'capture', {})).body).toMatchObject({
        code: 'order_not_capturable',
      });
      expect((await postOperation(stack.bff.url, orderReference, 'void', {})).body).toMatchObject({
        code: 'order_not_voidable',
      });
    });
  });

  describe('notifications, when none are configured', () => {
    it('refuses the feed and a resend, saying which settings turn them on', async () => {
      const orderReference = await paid(stack);
      for (const refused of [
        await call(`${stack.bff.url}/v1/events`, { headers: merchant }),
        await call(`${stack.bff.url}/v1/orders/${orderReference}/notifications/resend`, json('POST', {}, merchant)),
      ])
        expect(refused.body).toMatchObject({
          status: 409,
          code: 'notifications_off',
          detail: expect.stringContaining('OPI_MERCHANT_WEBHOOK_URL'),
        });
    });
  });
});
