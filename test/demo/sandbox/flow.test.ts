// The whole flow of issue 3: token -> options -> create -> decision -> callback received by a real local server ->
// redirect carrying a hash that verifies -> order status -> capture -> partial refund -> over-refund refused.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  captureRecordSchema,
  notificationSchema,
  orderStatusSchema,
  refundListSchema,
  refundRecordSchema,
} from '../../../bff/upstream/contract.js';
import { call, orderRequest, startReceiver, startSandbox, tokenForm } from './helpers.js';

function hashVerifies(secret: string, status: string, reference: string, hash: string): boolean {
  const expected = createHmac('sha512', secret).update(`${status}|${reference}`).digest();
  const given = Buffer.from(hash, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('the whole flow', () => {
  it('goes from a token to a refused over-refund', async () => {
    const sandbox = await startSandbox({ paymentSecret: 'merchant-payment-secret', refundListRoute: true });
    const receiver = await startReceiver();

    // 1. token
    const tokenResponse = await fetch(sandbox.tokenUrl, { method: 'POST', body: tokenForm(sandbox) });
    const { access_token: token } = (await tokenResponse.json()) as { access_token: string };

    // 2. options
    const options = await call(sandbox, '/options?amount=200&currency=AED', { token });
    expect(options.body[0].name).toBe('TABBY_AE');

    // 3. create, not auto-captured, with the merchant's return and callback addresses
    const request = orderRequest(
      { provider: options.body[0].name, amount: 200 },
      {
        autoCapture: false,
        dynamicRedirectUrl: 'https://shop.example/return?session=cs_1',
        dynamicCallbackUrl: receiver.url,
      },
    );
    const created = await call(sandbox, '/orders/', { token, json: request });
    expect(created.status).toBe(201);
    expect(created.body.paymentStatus).toBe('pending');

    // 4. the shopper approves on the provider's page
    const { redirectTo } = await sandbox.decide(request.orderReference, { outcome: 'approve', mode: 'instant' });

    // 5. the callback reaches a real merchant server
    await sandbox.idle();
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]).toMatchObject({
      event: 'ORDER_ASYNC_CALLBACK',
      data: { merchantReference: request.orderReference },
    });
    expect(notificationSchema.parse(receiver.received[0])).toEqual({
      event: 'ORDER_ASYNC_CALLBACK',
      orderReference: request.orderReference,
      status: 'SUCCESSFUL',
      refundReference: undefined,
      // transactionId (the docs' field) and the GET fields' ids: transactionReference (the same) and bnplOrderId.
      ids: [expect.stringMatching(/^[0-9a-f]{10}$/), expect.stringMatching(/^[0-9a-f]{10}$/)],
    });

    // 6. the redirect carries a hash that verifies (and keeps the merchant's own query)
    const redirect = new URL(redirectTo);
    expect(`${redirect.origin}${redirect.pathname}`).toBe('https://shop.example/return');
    expect(redirect.searchParams.get('session')).toBe('cs_1');
    expect(redirect.searchParams.get('reference')).toBe(request.orderReference);
    expect(redirect.searchParams.get('status')).toBe('SUCCESSFUL');
    expect(redirect.searchParams.get('providerReference')).toMatch(/^[0-9a-f]{10}$/);
    const hash = redirect.searchParams.get('hash') ?? '';
    expect(hash).toMatch(/^[0-9a-f]{128}$/);
    expect(hashVerifies('merchant-payment-secret', 'SUCCESSFUL', request.orderReference, hash)).toBe(true);
    expect(hashVerifies('another-secret', 'SUCCESSFUL', request.orderReference, hash)).toBe(false);
    expect(hashVerifies('merchant-payment-secret', 'DECLINED', request.orderReference, hash)).toBe(false);

    // 7. order status
    const status = await call(sandbox, `/orders/${request.orderReference}`, { token });
    expect(orderStatusSchema.parse(status.body)).toMatchObject({
      status: 'SUCCESSFUL',
      captureStatus: 'AUTHORIZED',
      amount: 200,
      bnplOrderId: redirect.searchParams.get('providerReference'),
    });

    // 8. capture the whole order
    const capture = await call(sandbox, `/orders/${request.orderReference}/capture`, {
      token,
      json: { captureReference: 'CAP-1', amount: 200, description: 'shipped' },
    });
    expect(capture.status).toBe(201);
    expect(captureRecordSchema.parse(capture.body)).toMatchObject({ captureReference: 'CAP-1', capturedAmount: 200 });
    expect((await call(sandbox, `/orders/${request.orderReference}`, { token })).body.captureStatus).toBe('CAPTURED');

    // 9. partial refund
    const refund = await call(sandbox, `/orders/${request.orderReference}/refund`, {
      token,
      json: {
        refundReference: 'RF-1',
        refundDescription: 'one item returned',
        refundAmount: { amount: 120.5, currency: 'AED' },
      },
    });
    expect(refund.status).toBe(201);
    expect(refundRecordSchema.parse(refund.body)).toMatchObject({
      refundReference: 'RF-1-00',
      bnplProvider: 'TABBY_AE',
      refundedAmount: 120.5,
      refundStatus: 'SUCCESSFUL',
    });

    // 10. over-refund refused: only AED 79.50 is left
    const over = await call(sandbox, `/orders/${request.orderReference}/refund`, {
      token,
      json: {
        refundReference: 'RF-2',
        refundDescription: 'too much',
        refundAmount: { amount: 79.51, currency: 'AED' },
      },
    });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({
      statusCode: 400,
      message: 'Over refund limit: AED 79.50 left to refund',
      error: 'Bad Request',
    });

    const list = await call(sandbox, `/orders/${request.orderReference}/refund`, { token });
    expect(refundListSchema.parse(list.body).map((item) => item.refundReference)).toEqual(['RF-1-00']);
    expect(sandbox.journal.filter((entry) => entry.route === 'create-order')).toHaveLength(1);
  });
});
