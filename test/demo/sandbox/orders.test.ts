import { describe, expect, it } from 'vitest';
import { orderRecordSchema, orderStatusSchema } from '../../../bff/upstream/contract.js';
import { call, createOrder, expectDuplicate, getToken, orderRequest, startSandbox } from './helpers.js';

async function ready(options = {}) {
  const sandbox = await startSandbox(options);
  return { sandbox, token: await getToken(sandbox) };
}

const created = (sandbox: { journal: { route?: string; status: number }[] }) =>
  sandbox.journal.filter((entry) => entry.route === 'create-order' && entry.status === 201).length;

describe('POST /orders', () => {
  it.each(['/orders', '/orders/'])('creates an order at %s: 201 with the docs’ legacy order record', async (path) => {
    const now = Date.parse('2025-03-01T10:00:00.123Z');
    const { sandbox, token } = await ready({ now: () => now });
    const request = orderRequest({ amount: 257.75 });
    const response = await call(sandbox, path, { token, json: request });
    expect(response.status).toBe(201);
    const record = orderRecordSchema.parse(response.body);
    // The spec's order record and the docs' example: the same fields.
    expect(Object.keys(response.body).sort()).toEqual(
      [
        'bnplProvider',
        'orderAmount',
        'orderDate',
        'orderId',
        'orderPaymentOption',
        'orderReference',
        'orderToken',
        'paymentStatus',
        'redirectUrl',
        'transactionReference',
      ].sort(),
    );
    expect(record).toMatchObject({
      orderId: request.orderReference,
      orderReference: request.orderReference,
      bnplProvider: 'TABBY_AE',
      orderAmount: 257.75,
      orderPaymentOption: 'buy now pay later',
      orderDate: '2025-03-01T10:00:00.123Z',
      paymentStatus: 'pending',
      transactionReference: expect.stringMatching(/^[0-9a-f]{10}$/),
    });
    expect(record.orderToken).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(record.redirectUrl).toBe(`${sandbox.url}/pay/${record.orderToken}`);
  });

  it('answers GET /orders/{reference} with the GetOrderResponse fields, status PENDING', async () => {
    const { sandbox, token } = await ready();
    const order = await createOrder(
      sandbox,
      token,
      orderRequest({ provider: 'ATOME_SG', currency: 'SGD', country: 'SG', locale: 'en_SG', amount: 80 }),
    );
    const response = await call(sandbox, `/orders/${encodeURIComponent(order.orderReference)}`, { token });
    expect(response.status).toBe(201); // the docs' documented code, oddly
    expect(Object.keys(response.body).sort()).toEqual(
      [
        'amount',
        'bnplOrderId',
        'cancelledBy',
        'captureStatus',
        'currency',
        'failureReason',
        'merchantReference',
        'partnerConfiguration',
        'provider',
        'rejectReason',
        'status',
        'surcharge',
        'transactionReference',
        'updatedAt',
      ].sort(),
    );
    expect(orderStatusSchema.parse(response.body)).toMatchObject({
      merchantReference: order.orderReference,
      status: 'PENDING',
      amount: 80,
      currency: 'SGD',
      provider: 'ATOME_SG',
      surcharge: 0,
      transactionReference: expect.stringMatching(/^[0-9a-f]{10}$/),
      cancelledBy: null,
      captureStatus: null,
    });
  });

  it('answers 404 for an unknown order and an unknown route, as the upstream words them', async () => {
    const { sandbox, token } = await ready();
    const order = await call(sandbox, '/orders/NOPE-1', { token });
    expect(order.status).toBe(404);
    expect(order.body).toEqual({ statusCode: 404, message: 'Order NOPE-1 not found', error: 'Not Found' });
    const route = await call(sandbox, '/orders/a/b', { token, json: {} });
    expect(route.status).toBe(404);
    expect(route.body).toEqual({ statusCode: 404, message: 'Cannot POST /orders/a/b', error: 'Not Found' });
  });

  it('answers a broken %-escape in the reference with 400, not a crash', async () => {
    const { sandbox, token } = await ready();
    const response = await call(sandbox, '/orders/%E0%A4%A', { token });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ statusCode: 400, message: 'malformed path parameter', error: 'Bad Request' });
  });

  it('refuses an invalid order with 400 and one "<field> <message>" per problem', async () => {
    const { sandbox, token } = await ready();
    const request = orderRequest();
    const bad = {
      ...request,
      purchaseCurrency: 'AEDX',
      orderItems: [{ ...request.orderItems[0], quantity: 1.5 }],
      billingAddress: { ...request.billingAddress, country: 'XX', email: 'not-an-email' },
      customer: undefined,
    };
    const response = await call(sandbox, '/orders/', { token, json: bad });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Bad Request');
    expect(response.body.statusCode).toBe(400);
    expect(response.body.message).toEqual(
      expect.arrayContaining([
        'purchaseCurrency must be an ISO 4217 currency code, such as AED',
        'orderItems.0.quantity must be a whole number',
        'customer is required',
        'billingAddress.email must be a valid email address',
        'billingAddress.country must be an ISO 3166-1 alpha-2 country code, such as AE',
      ]),
    );
    expect(created(sandbox)).toBe(0);
  });

  it('refuses amounts that do not add up, in minor units of the currency', async () => {
    const { sandbox, token } = await ready();
    const response = await call(sandbox, '/orders/', { token, json: orderRequest({}, { orderAmount: 100.01 }) });
    expect(response.status).toBe(400);
    expect(response.body.message).toEqual([
      'orderAmount must equal sum(totalAmount) + shippingAmount + taxAmount - discountAmount',
    ]);
  });

  it('answers a body that is not JSON with 400 and the parser’s message as a string', async () => {
    const { sandbox, token } = await ready();
    const response = await call(sandbox, '/orders/', {
      token,
      body: '{"orderReference": /',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Bad Request');
    expect(typeof response.body.message).toBe('string');
    expect(response.body.message).toMatch(/JSON/);
  });

  it('reports every field missing for a body that is JSON but not an object, or not sent as JSON', async () => {
    const { sandbox, token } = await ready();
    const array = await call(sandbox, '/orders/', { token, json: [1, 2] });
    expect(array.status).toBe(400);
    expect(array.body.message).toEqual(['body must be a JSON object']);
    const text = await call(sandbox, '/orders/', {
      token,
      body: 'orderReference=1',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(400);
    expect(text.body.message).toContain('orderReference is required');
  });

  it('refuses a provider not offered for the currency, amount or channel', async () => {
    const { sandbox, token } = await ready();
    const cases = [
      [orderRequest({ provider: 'KLARNA_US' }), 'bnplProvider KLARNA_US is not offered for AED 100.00'],
      [orderRequest({ provider: 'TAMARA_AE', amount: 50 }), 'bnplProvider TAMARA_AE is not offered for AED 50.00'],
      [
        orderRequest({}, { channel: 'instore' }),
        'bnplProvider TABBY_AE is not offered for AED 100.00 on channel instore',
      ],
      [orderRequest({ provider: 'NOPE_AE' }), 'bnplProvider NOPE_AE is not offered for AED 100.00'],
    ] as const;
    for (const [request, message] of cases) {
      const response = await call(sandbox, '/orders/', { token, json: request });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ statusCode: 400, message: [message], error: 'Bad Request' });
    }
    expect(created(sandbox)).toBe(0);
  });

  it('requires the fields a provider lists in requiredFields', async () => {
    const { sandbox, token } = await ready();
    const spec = { provider: 'TAMARA_SA', currency: 'SAR', country: 'SA', locale: 'ar_SA', amount: 300 };
    const without = await call(sandbox, '/orders/', { token, json: orderRequest({ ...spec, withShipping: false }) });
    expect(without.status).toBe(400);
    expect(without.body.message).toEqual(['shippingAddress is required for TAMARA_SA']);
    const withShipping = await call(sandbox, '/orders/', { token, json: orderRequest(spec) });
    expect(withShipping.status).toBe(201);
  });

  it('refuses a duplicate orderReference (local choice) and keeps exactly one order', async () => {
    const { sandbox, token } = await ready();
    const request = orderRequest();
    expect((await call(sandbox, '/orders/', { token, json: request })).status).toBe(201);
    const again = await call(sandbox, '/orders', {
      token,
      json: { ...request, orderAmount: 50, orderItems: [{ ...request.orderItems[0], unitPrice: 50, totalAmount: 50 }] },
    });
    expectDuplicate(again, 'orderReference');
    expect(created(sandbox)).toBe(1);
    const order = await call(sandbox, `/orders/${request.orderReference}`, { token });
    expect(order.body.amount).toBe(100);
  });

  it('refuses a body over 1 MB with 413', async () => {
    const { sandbox, token } = await ready();
    const response = await call(sandbox, '/orders/', { token, json: { padding: 'x'.repeat(1024 * 1024) } });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ statusCode: 413, message: 'request entity too large', error: 'Payload Too Large' });
  });
});
