import { describe, expect, it } from 'vitest';
import { refundListSchema, refundRecordSchema } from '../../../bff/upstream/contract.js';
import { createSandbox, type SandboxOptions } from '../../../demo/sandbox/sandbox.js';
import {
  call,
  createOrder,
  expectDuplicate,
  getToken,
  orderRequest,
  startReceiver,
  startSandbox,
  type OrderSpec,
} from './helpers.js';

/** A paid order; the seed spec's refund list route is on unless `options` say otherwise. */
async function paidOrder(options: SandboxOptions = {}, spec: OrderSpec = {}, extra = {}) {
  const sandbox = await startSandbox({ refundListRoute: true, ...options });
  const token = await getToken(sandbox);
  const request = orderRequest(spec, extra);
  await createOrder(sandbox, token, request);
  await sandbox.decide(request.orderReference, { outcome: 'approve' });
  const reference = request.orderReference;
  const refund = (refundReference: string, amount: number, currency?: string) =>
    call(sandbox, `/orders/${reference}/refund`, {
      token,
      json: {
        refundReference,
        refundDescription: 'returned',
        refundAmount: { amount, ...(currency ? { currency } : {}) },
      },
    });
  const list = () => call(sandbox, `/orders/${reference}/refund`, { token });
  return { sandbox, token, reference, refund, list };
}

describe('POST /orders/{reference}/refund', () => {
  it('refunds in parts up to what was paid, then refuses the next cent (pending refunds count)', async () => {
    const { refund } = await paidOrder({ refundSettlement: 'pending', pendingSettleMs: 10_000 });
    const first = await refund('R1', 60, 'AED');
    expect(first.status).toBe(201);
    expect(first.body.refundStatus).toBe('PENDING');
    expect((await refund('R2', 40)).status).toBe(201);
    const over = await refund('R3', 0.01);
    expect(over.status).toBe(400);
    expect(over.body).toEqual({
      statusCode: 400,
      message: 'Over refund limit: AED 0.00 left to refund',
      error: 'Bad Request',
    });
  });

  it('answers the docs’ refund record: suffixed reference, HTTP date, empty description object, provider refund id', async () => {
    const now = Date.parse('2021-10-08T06:22:20.000Z');
    const { refund } = await paidOrder({ now: () => now });
    const response = await refund('TgEHcPtpN2HSrTMK-0', 25.5);
    expect(Object.keys(response.body).sort()).toEqual([
      'bnplProvider',
      'bnplRefundId',
      'description',
      'refundDate',
      'refundReference',
      'refundStatus',
      'refundedAmount',
    ]);
    expect(refundRecordSchema.parse(response.body)).toMatchObject({
      // As in the docs' example: the answer's reference carries a suffix the request did not have.
      refundReference: 'TgEHcPtpN2HSrTMK-0-00',
      bnplProvider: 'TABBY_AE',
      refundedAmount: 25.5,
      refundStatus: 'SUCCESSFUL',
      description: {},
      refundDate: 'Fri, 08 Oct 2021 06:22:20 GMT',
    });
    // The docs' RFC 1123 form, e.g. "Fri, 08 Oct 2021 06:22:20 GMT".
    expect(response.body.refundDate).toMatch(
      /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/,
    );
    expect(response.body.bnplRefundId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('refuses a refundReference used before, on any order of the merchant', async () => {
    const { sandbox, token, refund } = await paidOrder();
    expect((await refund('R1', 10)).status).toBe(201);
    expectDuplicate(await refund('R1', 10), 'refundReference');
    const other = orderRequest();
    await createOrder(sandbox, token, other);
    await sandbox.decide(other.orderReference, { outcome: 'approve' });
    const elsewhere = await call(sandbox, `/orders/${other.orderReference}/refund`, {
      token,
      json: { refundReference: 'R1', refundDescription: 'x', refundAmount: { amount: 1 } },
    });
    expectDuplicate(elsewhere, 'refundReference');
  });

  it('refuses an invalid body, a foreign currency, too many decimals and too large an amount, naming the fields', async () => {
    const { refund, sandbox, token, reference } = await paidOrder();
    const invalid = await call(sandbox, `/orders/${reference}/refund`, {
      token,
      json: { refundAmount: { amount: 0, currency: 'usd' } },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toEqual([
      'refundReference is required',
      'refundDescription is required',
      'refundAmount.amount must be more than 0',
      'refundAmount.currency must be an ISO 4217 currency code, such as AED',
    ]);
    expect((await refund('R1', 10, 'USD')).body.message).toEqual([
      "refundAmount.currency must be AED, the order's currency",
    ]);
    expect((await refund('R1', 10.001)).body.message).toEqual([
      'refundAmount.amount must have at most 2 decimals in AED',
    ]);
    expect((await refund('R1', 1e16)).body.message).toEqual(['refundAmount.amount must be at most 1000000000']);
    expect((await refund('R1', 10)).status).toBe(201);
  });

  it('refuses an order that was not paid, or only authorised, and an unknown order', async () => {
    const sandbox = await startSandbox();
    const token = await getToken(sandbox);
    const body = { refundReference: 'R1', refundDescription: 'x', refundAmount: { amount: 1 } };
    const declined = orderRequest();
    await createOrder(sandbox, token, declined);
    await sandbox.decide(declined.orderReference, { outcome: 'decline' });
    const notPaid = await call(sandbox, `/orders/${declined.orderReference}/refund`, { token, json: body });
    expect(notPaid.body).toEqual({
      statusCode: 400,
      message: `Order ${declined.orderReference} cannot be refunded: its status is DECLINED`,
      error: 'Bad Request',
    });

    const authorised = orderRequest({}, { autoCapture: false });
    await createOrder(sandbox, token, authorised);
    await sandbox.decide(authorised.orderReference, { outcome: 'approve' });
    const uncaptured = await call(sandbox, `/orders/${authorised.orderReference}/refund`, { token, json: body });
    expect(uncaptured.body.message).toBe(
      `Order ${authorised.orderReference} has nothing captured to refund; void the authorisation instead`,
    );

    const unknown = await call(sandbox, '/orders/NOPE/refund', { token, json: body });
    expect(unknown.status).toBe(404);
    expect((await call(sandbox, '/orders/NOPE/refund', { token })).status).toBe(404);
  });

  it('settles a provider’s PENDING refund later and announces it with REFUND_CALLBACK to the account webhook only', async () => {
    const orderReceiver = await startReceiver();
    const webhook = await startReceiver();
    // Tamara answers refunds PENDING (see the catalogue).
    const { sandbox, refund, list, reference } = await paidOrder(
      // A second: the list read must still see PENDING, and the order's notice go out well before the refund's.
      { pendingSettleMs: 1_000, webhookUrl: webhook.url },
      { provider: 'TAMARA_SA', currency: 'SAR', country: 'SA', locale: 'ar_SA', amount: 300 },
      { dynamicCallbackUrl: orderReceiver.url },
    );
    const pending = await refund('R1', 100);
    expect(pending.body.refundStatus).toBe('PENDING');
    expect((await list()).body.map((item: { refundStatus: string }) => item.refundStatus)).toEqual(['PENDING']);
    await sandbox.idle();
    // The docs: dynamicCallbackUrl receives only ORDER_ASYNC_CALLBACK.
    expect(orderReceiver.received.map((item) => item.event)).toEqual(['ORDER_ASYNC_CALLBACK']);
    // The account webhook hears of the order's status change, then of the refund.
    expect(webhook.received.map((item) => item.event)).toEqual(['ORDER_STATUS_UPDATE', 'REFUND_CALLBACK']);
    expect(webhook.received[0]!.data).toMatchObject({ merchantReference: reference, status: 'SUCCESSFUL' });
    // In the docs' form: event, status, transactionId first; the order's reference as notificationReferences says.
    expect(webhook.received[1]!.data).toMatchObject({
      status: 'SUCCESSFUL',
      transactionId: expect.stringMatching(/^[0-9a-f]{10}$/),
      merchantReference: reference,
      refundReference: 'R1-00',
      refundStatus: 'SUCCESSFUL',
      refundedAmount: 100,
      currency: 'SAR',
      bnplRefundId: pending.body.bnplRefundId,
    });
    expect((await list()).body.map((item: { refundStatus: string }) => item.refundStatus)).toEqual(['SUCCESSFUL']);
  });

  it('retries the webhook with the callbacks’ backoff while it does not answer 2xx', async () => {
    const { sandbox, refund } = await paidOrder({ refundSettlement: 'pending', pendingSettleMs: 10 });
    const webhook = await startReceiver([503, 500]);
    sandbox.setWebhookUrl(webhook.url); // after the payment: only the refund's notification goes there
    await refund('R1', 10);
    await sandbox.idle();
    expect(webhook.hits()).toBe(3);
    expect(webhook.received.map((item) => item.event)).toEqual(['REFUND_CALLBACK']);
    const attempts = sandbox.deliveries.filter((item) => item.event === 'REFUND_CALLBACK');
    expect(attempts.map((item) => [item.url, item.attempt, item.outcome, item.status])).toEqual([
      [webhook.url, 1, 'failed', 503],
      [webhook.url, 2, 'failed', 500],
      [webhook.url, 3, 'delivered', 200],
    ]);
  });

  it('without a webhook, a pending refund still settles and nothing is sent for it', async () => {
    const orderReceiver = await startReceiver();
    const { sandbox, refund, list } = await paidOrder(
      { refundSettlement: 'pending', pendingSettleMs: 10 },
      {},
      { dynamicCallbackUrl: orderReceiver.url },
    );
    await refund('R1', 10);
    await sandbox.idle();
    expect((await list()).body.map((item: { refundStatus: string }) => item.refundStatus)).toEqual(['SUCCESSFUL']);
    expect(orderReceiver.received.map((item) => item.event)).toEqual(['ORDER_ASYNC_CALLBACK']);
    expect(sandbox.deliveries.map((item) => item.event)).toEqual(['ORDER_ASYNC_CALLBACK']);
  });

  it('refuses a webhookUrl that is not an http or https URL at creation', () => {
    expect(() => createSandbox({ webhookUrl: 'mailto:shop@example.com' })).toThrow(
      'webhookUrl must be an http or https URL',
    );
    expect(() => createSandbox({ webhookUrl: 'not a url' })).toThrow('webhookUrl must be an http or https URL');
  });

  it('answers SUCCESSFUL at once for a provider that does, unless refundSettlement overrides it', async () => {
    const instant = await paidOrder();
    expect((await instant.refund('R1', 1)).body.refundStatus).toBe('SUCCESSFUL');
    const forced = await paidOrder({ refundSettlement: 'pending' });
    expect((await forced.refund('R1', 1)).body.refundStatus).toBe('PENDING');
  });
});

describe('GET /orders/{reference}/refund', () => {
  it('lists the order’s refunds as an array of refund records (local choice), oldest first', async () => {
    const { refund, list } = await paidOrder();
    expect((await list()).body).toEqual([]);
    await refund('R1', 10);
    await refund('R2', 20.25);
    const response = await list();
    expect(response.status).toBe(200);
    expect(refundListSchema.parse(response.body).map((item) => [item.refundReference, item.refundedAmount])).toEqual([
      ['R1-00', 10],
      ['R2-00', 20.25],
    ]);
  });

  it('keeps the references as sent with strictDocs off', async () => {
    const { refund, list } = await paidOrder({ strictDocs: false });
    expect((await refund('R1', 10)).body.refundReference).toBe('R1');
    expect((await list()).body.map((item: { refundReference: string }) => item.refundReference)).toEqual(['R1']);
  });

  it.each([
    ['by default', {}],
    ['with refundListRoute false', { refundListRoute: false }],
  ])('does not exist %s (the public docs have no such route)', async (_label, options) => {
    const sandbox = await startSandbox(options);
    const token = await getToken(sandbox);
    const request = orderRequest();
    await createOrder(sandbox, token, request);
    const response = await call(sandbox, `/orders/${request.orderReference}/refund`, { token });
    expect([response.status, response.body]).toEqual([
      404,
      { statusCode: 404, message: `Cannot GET /orders/${request.orderReference}/refund`, error: 'Not Found' },
    ]);
  });
});

describe('GET /orders/{reference}/refund in its by-reference form', () => {
  it('answers one refund named by refundReference, and 400 in the validation form without one', async () => {
    const { refund, list, sandbox, token, reference } = await paidOrder({ refundListRoute: 'by-reference' });
    await refund('R1', 10);
    expect([(await list()).status, (await list()).body]).toEqual([
      400,
      { statusCode: 400, message: ['refundReference should not be empty'], error: 'Bad Request' },
    ]);
    const named = await call(sandbox, `/orders/${reference}/refund?refundReference=R1`, { token });
    expect([named.status, named.body.refundedAmount]).toEqual([200, 10]);
    const unknown = await call(sandbox, `/orders/${reference}/refund?refundReference=R9`, { token });
    expect(unknown.status).toBe(404);
  });
});

describe('POST /orders/{reference}/details (the docs’ transaction details)', () => {
  it('lists the status history, refunds and captures in the docs’ sample form, amounts as strings', async () => {
    const now = Date.parse('2022-03-01T10:00:00.000Z');
    const { sandbox, token, refund, reference } = await paidOrder(
      { now: () => now, refundSettlement: 'pending', pendingSettleMs: 10_000 },
      { amount: 260 },
      { autoCapture: false },
    );
    const capture = (captureReference: string, amount: number) =>
      call(sandbox, `/orders/${reference}/capture`, { token, json: { captureReference, amount } });
    expect((await capture('CAP-1', 200)).status).toBe(201);
    expect((await capture('CAP-2', 59.5)).status).toBe(201);
    await refund('R1', 100);
    const details = await call(sandbox, `/orders/${reference}/details`, { token, method: 'POST' });
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({
      merchantReference: reference,
      status: 'SUCCESSFUL',
      amount: '260',
      surcharge: 0,
      transactionHistory: ['INITIATED', 'PENDING', 'SUCCESSFUL'].map((status) => ({
        status,
        createdAt: '2022-03-01T10:00:00.000Z',
      })),
      orderCaptures: [
        { captureId: 'CAP-1', amount: '200', status: 'SUCCESSFUL', createdAt: '2022-03-01T10:00:00.000Z' },
        { captureId: 'CAP-2', amount: '59.5', status: 'SUCCESSFUL', createdAt: '2022-03-01T10:00:00.000Z' },
      ],
    });
    // As the docs' sample shows it: refundId is the order's reference; the refund's own reference appears nowhere.
    expect(details.body.refunds).toEqual([
      {
        refundId: reference,
        amount: '100',
        currency: 'AED',
        status: 'PENDING',
        createdAt: '2022-03-01T10:00:00.000Z',
        refundReason: 'returned',
        refundFailureReason: null,
      },
    ]);
    expect(JSON.stringify(details.body)).not.toContain('R1');
    expect(details.body.transactionHistory[0].transactionId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await call(sandbox, '/orders/NOPE/details', { token, method: 'POST' })).status).toBe(404);
  });
});

describe('notification shapes', () => {
  it('sends the same fields flat beside event with notificationShape flat', async () => {
    const webhook = await startReceiver();
    const { sandbox } = await paidOrder({ webhookUrl: webhook.url, notificationShape: 'flat' });
    await sandbox.idle();
    expect(webhook.received[0]).toMatchObject({
      event: 'ORDER_STATUS_UPDATE',
      status: 'SUCCESSFUL',
      merchantReference: expect.any(String),
    });
    expect(webhook.received[0]).not.toHaveProperty('data');
  });
});
