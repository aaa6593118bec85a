// The sandbox against the docs' own examples (fixtures/): it takes each documented request as the docs write it and
// answers in the documented shapes (same fields; numbers as strings where the docs send strings), and every answer
// passes the BFF's parsers. Real HTTP on port 0; quirks on (the default).
import { describe, expect, it } from 'vitest';
import {
  captureRecordSchema,
  notificationSchema,
  orderRecordSchema,
  orderStatusSchema,
  readOptionItems,
  refundRecordSchema,
  tokenResponseSchema,
  transactionDetailsSchema,
  upstreamErrorSchema,
  voidRecordSchema,
} from '../../bff/upstream/contract.js';
import type { Sandbox } from '../../demo/sandbox/sandbox.js';
import { call, getToken, startReceiver, startSandbox } from '../demo/sandbox/helpers.js';
import { docs, keysOf } from './fixtures.js';

const { token, options, createOrder, orderStatus, details, capture, voids, refund, errors } = docs;

/** A customer session token from the sandbox (docs §13), as the example's customerToken is one upstream's. */
async function sessionToken(sandbox: Sandbox, bearer: string): Promise<string> {
  const session = await call(sandbox, '/merchants/customer/sessions', {
    token: bearer,
    json: { customerIdentifier: 'anonymous' },
  });
  expect([session.status, keysOf(session.body), session.body.ttl]).toEqual([201, ['token', 'ttl'], 604800]);
  return session.body.token;
}

/**
 * The docs' create-order example as written, on a provider the sandbox offers for AUD 144.89 (LATITUDEPAY_AU is not
 * in its catalogue; AFTERPAY_AU is, and needs the shipping address the example carries), with a customerToken this
 * sandbox issued in place of the example's.
 */
const docsOrder = (orderReference: string, customerToken: string, extra: Record<string, unknown> = {}) => ({
  ...createOrder.request.body,
  orderReference,
  bnplProvider: 'AFTERPAY_AU',
  customerToken,
  ...extra,
});

async function withOrder(extra: Record<string, unknown> = {}) {
  const sandbox = await startSandbox({ pendingSettleMs: 20 });
  const bearer = await getToken(sandbox);
  const reference = `docs-${Math.random().toString(36).slice(2, 10)}`;
  const json = docsOrder(reference, await sessionToken(sandbox, bearer), extra);
  const created = await call(sandbox, createOrder.request.path, { token: bearer, json });
  return { sandbox, bearer, reference, created };
}

describe('the sandbox takes the documented requests and answers in the documented shapes', () => {
  it("token: the docs' form with ?expires_in=1, on the token's own origin", async () => {
    const sandbox = await startSandbox();
    const form = new URLSearchParams({
      ...token.request.form,
      client_id: sandbox.credentials.clientId,
      client_secret: sandbox.credentials.clientSecret,
    });
    const response = await fetch(`${sandbox.tokenUrl}?expires_in=1`, {
      method: 'POST',
      body: form,
      headers: { 'content-type': token.request.contentType },
    });
    expect(response.status).toBe(token.answer.status);
    const body = (await response.json()) as Record<string, unknown>;
    expect(keysOf(body)).toEqual(keysOf(token.answer.body));
    expect(tokenResponseSchema.parse(body)).toMatchObject({
      expires_in: 86400,
      token_type: 'Bearer',
      scope: 'api-user',
    });
  });

  it("options: the legacy item's fields, its numbers as strings, and image only when isCapable", async () => {
    const sandbox = await startSandbox();
    const bearer = await getToken(sandbox);
    const [documented] = options.answer.body;
    for (const path of options.request.paths as string[]) {
      const response = await call(sandbox, path, { token: bearer });
      expect(response.status).toBe(200);
      for (const item of response.body) {
        expect(keysOf(item)).toEqual(expect.arrayContaining(keysOf(documented)));
        for (const key of ['minAmount', 'maxAmount', 'priority', 'interestRate'])
          expect(typeof item[key], key).toBe(typeof documented[key]);
        expect(item.image).toBeUndefined();
      }
      expect(readOptionItems(response.body).dropped).toEqual([]);
    }
    const capable = await call(sandbox, '/options?amount=100&currency=SGD&isCapable=true', { token: bearer });
    expect(
      capable.body.every(
        (item: { image?: string }) => typeof item.image === 'string' && Buffer.from(item.image, 'base64').length > 0,
      ),
    ).toBe(true);
  });

  it("create order: the docs' example request, answered 201 in the documented answer's shape", async () => {
    const { created } = await withOrder();
    expect(created.status).toBe(createOrder.answer.status);
    expect(keysOf(created.body)).toEqual(keysOf(createOrder.answer.body));
    expect(created.body).toMatchObject({
      bnplProvider: 'AFTERPAY_AU',
      orderAmount: 144.89,
      paymentStatus: 'pending',
      orderPaymentOption: 'buy now pay later',
    });
    expect(orderRecordSchema.safeParse(created.body).success).toBe(true);
  });

  it("order status and transaction details: the documented fields, the details' amounts as strings", async () => {
    const { sandbox, bearer, reference } = await withOrder({ autoCapture: false });
    await sandbox.decide(reference, { outcome: 'approve' });
    const status = await call(sandbox, `/orders/${reference}`, { token: bearer });
    expect(status.status).toBe(orderStatus.answer.status);
    expect(keysOf(status.body)).toEqual(keysOf(orderStatus.answer.body));
    expect(orderStatusSchema.parse(status.body)).toMatchObject({ status: 'SUCCESSFUL', captureStatus: 'AUTHORIZED' });

    expect(
      (await call(sandbox, `/orders/${reference}/capture`, { token: bearer, json: capture.request.body })).status,
    ).toBe(201);
    const refunded = await call(sandbox, `/orders/${reference}/refund`, { token: bearer, json: refund.request.body });
    expect(refunded.status).toBe(201);
    const read = await call(sandbox, `/orders/${reference}/details`, { token: bearer, method: 'POST' });
    expect(read.status).toBe(details.answer.status);
    expect(keysOf(read.body)).toEqual(keysOf(details.answer.body));
    expect(typeof read.body.amount).toBe('string');
    expect(keysOf(read.body.refunds[0])).toEqual(keysOf(details.answer.body.refunds[0]));
    expect(keysOf(read.body.orderCaptures[0])).toEqual(keysOf(details.answer.body.orderCaptures[0]));
    expect(keysOf(read.body.transactionHistory[0])).toEqual(keysOf(details.answer.body.transactionHistory[0]));
    // The docs' sample: a refund's refundId is the order's merchantReference, not the refund's reference; a
    // capture's captureId is its captureReference.
    const [documentedRefund] = details.answer.body.refunds;
    expect(documentedRefund.refundId).toBe(details.answer.body.merchantReference);
    expect(read.body.refunds).toEqual([
      {
        refundId: reference,
        amount: '100',
        currency: 'AUD',
        status: 'SUCCESSFUL',
        createdAt: expect.any(String),
        refundReason: refund.request.body.refundDescription,
        refundFailureReason: null,
      },
    ]);
    expect(JSON.stringify(read.body)).not.toContain(refund.request.body.refundReference);
    expect(read.body.orderCaptures[0]).toMatchObject({
      captureId: capture.request.body.captureReference,
      amount: '100',
    });
    expect(transactionDetailsSchema.safeParse(read.body).success).toBe(true);
  });

  it("capture, void and refund: the docs' requests, answered in their shapes, the refund's reference suffixed", async () => {
    const { sandbox, bearer, reference } = await withOrder({ autoCapture: false });
    await sandbox.decide(reference, { outcome: 'approve' });
    const captured = await call(sandbox, `/orders/${reference}/capture`, { token: bearer, json: capture.request.body });
    expect(keysOf(captured.body)).toEqual(keysOf(capture.answer.body));
    expect(captureRecordSchema.parse(captured.body)).toMatchObject(capture.answer.body);
    const voided = await call(sandbox, `/orders/${reference}/void`, {
      token: bearer,
      json: { ...voids.request.body, amount: 44.89 },
    });
    expect(voided.status).toBe(voids.answer.status);
    expect(keysOf(voided.body)).toEqual(keysOf(voids.answer.body));
    expect(voidRecordSchema.safeParse(voided.body).success).toBe(true);
    const refunded = await call(sandbox, `/orders/${reference}/refund`, { token: bearer, json: refund.request.body });
    expect(keysOf(refunded.body)).toEqual(keysOf(refund.answer.body));
    expect(refundRecordSchema.parse(refunded.body)).toMatchObject({
      refundReference: refund.answer.body.refundReference,
      refundedAmount: 100,
      description: {},
    });
    expect(refunded.body.refundDate).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    const over = await call(sandbox, `/orders/${reference}/refund`, {
      token: bearer,
      json: { ...refund.request.body, refundReference: 'again' },
    });
    expect([over.status, keysOf(over.body)]).toEqual([refund.overRefund.status, keysOf(refund.overRefund.body)]);
  });

  it('errors: the documented NestJS bodies, message a list for fields and a text otherwise', async () => {
    const sandbox = await startSandbox();
    const bearer = await getToken(sandbox);
    const invalid = await call(sandbox, '/orders', {
      token: bearer,
      json: docsOrder('bad', await sessionToken(sandbox, bearer), {
        orderAmount: 144.891,
        billingAddress: { ...createOrder.request.body.billingAddress, country: 'Australia' },
      }),
    });
    expect([invalid.status, keysOf(invalid.body), invalid.body.error]).toEqual([
      400,
      keysOf(errors.validation),
      'Bad Request',
    ]);
    expect(Array.isArray(invalid.body.message)).toBe(true);
    const malformed = await call(sandbox, '/orders', {
      token: bearer,
      body: '{"orderReference": /',
      headers: { 'content-type': 'application/json' },
    });
    expect([malformed.status, typeof malformed.body.message]).toEqual([400, 'string']);
    const unauthorized = await call(sandbox, '/orders/x', { token: 'not-a-token' });
    expect([unauthorized.status, unauthorized.body]).toEqual([401, errors.unauthorized]);
    const wrongPath = await call(sandbox, '/orders/a', { token: bearer, json: {} });
    expect([wrongPath.status, wrongPath.body]).toEqual([404, errors.notFound]);
    for (const body of [invalid.body, malformed.body, unauthorized.body, wrongPath.body])
      expect(upstreamErrorSchema.safeParse(body).success).toBe(true);
  });

  it.each(['data', 'flat'] as const)(
    'notifications in the %s form, to the account webhook, that the BFF reads as hints',
    async (notificationShape) => {
      const webhook = await startReceiver();
      const sandbox = await startSandbox({
        webhookUrl: webhook.url,
        notificationShape,
        refundSettlement: 'pending',
        pendingSettleMs: 10,
      });
      const bearer = await getToken(sandbox);
      const reference = `docs-${notificationShape}`;
      await call(sandbox, '/orders', {
        token: bearer,
        json: docsOrder(reference, await sessionToken(sandbox, bearer)),
      });
      await sandbox.decide(reference, { outcome: 'approve' });
      await call(sandbox, `/orders/${reference}/refund`, { token: bearer, json: refund.request.body });
      await sandbox.idle();
      const hints = webhook.received.map((body) => notificationSchema.parse(body));
      // The docs' field table starts with event, status and transactionId: every notice carries the last.
      const transactionId = expect.stringMatching(/^[0-9a-f]{10}$/);
      expect(hints).toEqual([
        {
          event: 'ORDER_STATUS_UPDATE',
          orderReference: reference,
          status: 'SUCCESSFUL',
          refundReference: undefined,
          ids: [transactionId, expect.any(String)],
        },
        {
          event: 'REFUND_CALLBACK',
          orderReference: reference,
          status: 'SUCCESSFUL',
          refundReference: refund.answer.body.refundReference,
          ids: [transactionId],
        },
      ]);
      expect(webhook.received.every((body) => (notificationShape === 'data') === 'data' in body)).toBe(true);
    },
  );
});
