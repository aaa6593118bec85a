// Requests that cannot even be read get a 400 that says so, never a 500: a path whose percent-encoding does not
// decode, a body that does not match its Content-Encoding, a cart with amounts beyond any sum. The shopper's
// return gets a plain page, never JSON.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { call, cart, json, merchant } from '../../support/checkout.js';
import { useCheckoutStack } from '../../support/stack.js';

const stack = useCheckoutStack();

const BROKEN = '%E0%A4%A'; // a cut-off UTF-8 sequence: decodeURIComponent throws a URIError on it

describe('a path that cannot be decoded', () => {
  it.each([
    ['GET', `/v1/orders/${BROKEN}`, merchant],
    ['GET', `/v1/orders/${BROKEN}/refunds`, merchant],
    ['POST', `/v1/orders/${BROKEN}/capture`, { ...merchant, 'idempotency-key': 'k-1' }],
    ['GET', `/v1/checkout-sessions/${BROKEN}`, {}],
    ['POST', `/v1/checkout-sessions/${BROKEN}/orders`, {}],
    ['POST', `/v1/callbacks/${BROKEN}/secret`, {}],
    ['POST', `/v1/callbacks/opi-1/${BROKEN}`, {}],
  ])('%s %s: 400 malformed_request', async (method, path, headers) => {
    const answer = await call(`${stack.bff.url}${path}`, method === 'POST' ? json(method, {}, headers) : { headers });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(answer.body).toMatchObject({ status: 400, code: 'malformed_request' });
  });

  it.each([`/v1/returns/${BROKEN}`, `/v1/returns/${BROKEN}?status=SUCCESSFUL&hash=00`])(
    'GET %s: a plain 400 page',
    async (path) => {
      const answer = await call(`${stack.bff.url}${path}`, { redirect: 'manual' });
      expect(answer.status).toBe(400);
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(answer.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
      expect(answer.text).toContain('This link is damaged');
    },
  );

  it('a path under /v1/returns that is no return gets the plain 404 page', async () => {
    const answer = await call(`${stack.bff.url}/v1/returns/opi-1/extra`);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(answer.text).toContain('We could not find this payment');
  });

  it('logs none of them as an unexpected error', () => {
    expect(stack.bff.logs.filter((line) => line.includes('unexpected error'))).toEqual([]);
  });
});

describe('a body that does not match its Content-Encoding', () => {
  const post = (encoding: string, body: Uint8Array) =>
    call(`${stack.bff.url}/v1/checkout-sessions`, {
      method: 'POST',
      headers: { ...merchant, 'content-type': 'application/json', 'content-encoding': encoding },
      body,
    });

  it.each([
    ['gzip', 'plain JSON', Buffer.from(JSON.stringify(cart()))],
    ['gzip', 'a cut-off gzip stream', gzipSync(JSON.stringify(cart())).subarray(0, 12)],
    ['deflate', 'plain text', Buffer.from('not deflated')],
    ['br', 'plain text', Buffer.from('not brotli')],
  ])('%s with %s: 400 malformed_request', async (encoding, _what, body) => {
    const answer = await post(encoding, body);
    expect([answer.status, answer.body.code]).toEqual([400, 'malformed_request']);
  });

  it('a real gzip body is read', async () => {
    const answer = await post('gzip', gzipSync(JSON.stringify(cart())));
    expect(answer.status).toBe(201);
  });

  it('an encoding nobody knows: 415', async () => {
    const answer = await post('x-unknown', Buffer.from(JSON.stringify(cart())));
    expect([answer.status, answer.body.code]).toEqual([415, 'unsupported_media_type']);
  });
});

describe('a cart with amounts beyond any sum', () => {
  it.each([
    [
      'a unit price above the limit',
      { orderItems: [{ name: 'Yacht', sku: 'Y-1', quantity: 1, unitPrice: 1e12, totalAmount: 1e12 }] },
      'orderItems.0.unitPrice',
    ],
    ['a shipping amount above the limit', { shippingAmount: 5e9 }, 'shippingAmount'],
    [
      'a quantity times price beyond exact arithmetic',
      { orderItems: [{ name: 'Gold', sku: 'G-1', quantity: 100_000, unitPrice: 999_999_999.99, totalAmount: 1 }] },
      'orderItems.0.quantity',
    ],
  ])('%s: 400 naming the field', async (_what, overrides, path) => {
    const answer = await call(`${stack.bff.url}/v1/checkout-sessions`, json('POST', cart(overrides), merchant));
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('validation_failed');
    expect(answer.body.errors.map((error: { path: string }) => error.path)).toContain(path);
  });
});
