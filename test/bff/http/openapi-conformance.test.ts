// Real traffic against the BFF, every operation and its usual refusals, each answer checked against /openapi.json
// (status, content type, body) by a JSON Schema validator: the document describes what the BFF really sends.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { widgetBundleFrom } from '../../../bff/http/widget-asset.js';
import { call, createSession, json, merchant, shopper } from '../../support/checkout.js';
import {
  FAST_SANDBOX,
  callbackUrlOf,
  followReturn,
  getOrder,
  placeOrder,
  postOperation,
} from '../../support/after-payment-harness.js';
import { conformance } from '../../support/openapi-conformance.js';
import { STOREFRONT_ORIGIN } from '../../support/servers.js';
import { useCheckoutStack } from '../../support/stack.js';

const stack = useCheckoutStack({ sandbox: { ...FAST_SANDBOX, refundSettlement: 'instant' }, between: 'settle' });
let check: ReturnType<typeof conformance>;
const url = (path: string) => `${stack.bff.url}${path}`;

beforeAll(async () => {
  check = conformance((await call(url('/openapi.json'))).body);
});

describe('every answer is one /openapi.json describes', () => {
  it('the health, document and widget routes', async () => {
    check('get', '/healthz', await call(url('/healthz')));
    check('get', '/readyz', await call(url('/readyz')));
    check('get', '/openapi.json', await call(url('/openapi.json')));
    const widget = await call(url('/v1/widget'));
    check('get', '/v1/widget', widget);
    // A BFF that serves a script, so its 200 and its 304 are both checked, whether or not the bundle is built.
    const serving = await stack.startBff({
      widgetBundle: widgetBundleFrom({ 'opi-checkout.js': Buffer.from('export const opi = "checkout";\n') }),
    });
    const asset = (path: string, init?: RequestInit) => call(`${serving.url}${path}`, init);
    const script = await asset('/opi-checkout.js', { headers: { 'accept-encoding': 'identity' } });
    expect(script.status).toBe(200);
    check('get', '/opi-{name}.js', script);
    const unchanged = await asset('/opi-checkout.js', {
      headers: { 'accept-encoding': 'identity', 'if-none-match': script.headers.get('etag')! },
    });
    expect(unchanged.status).toBe(304);
    check('get', '/opi-{name}.js', unchanged);
    check('get', '/opi-{name}.js', await asset('/opi-nothing-here.js'));
    check('get', '/opi-{name}.js.sri', await asset('/opi-checkout.js.sri'));
    check('get', '/opi-{name}.js.sri', await asset('/opi-nothing-here.js.sri'));
  });

  it("the merchant's session routes and the widget's", async () => {
    const created = await call(url('/v1/checkout-sessions'), json('POST', { currency: 'AED' }, merchant));
    expect(created.status).toBe(400);
    check('post', '/v1/checkout-sessions', created);
    check('post', '/v1/checkout-sessions', await call(url('/v1/checkout-sessions'), json('POST', {})));
    check(
      'post',
      '/v1/checkout-sessions',
      await call(url('/v1/checkout-sessions'), { method: 'POST', headers: merchant, body: 'currency=AED' }),
    );
    const id = await createSession(stack.bff.url);
    const session = `/v1/checkout-sessions/${id}`;
    check(
      'patch',
      '/v1/checkout-sessions/{id}',
      await call(url(session), json('PATCH', { currency: 'SAR' }, merchant)),
    );
    const origin = { origin: STOREFRONT_ORIGIN };
    check('get', '/v1/checkout-sessions/{id}', await call(url(session), { headers: origin }));
    check(
      'get',
      '/v1/checkout-sessions/{id}',
      await call(url(session), { headers: { origin: 'https://elsewhere.test' } }),
    );
    check(
      'get',
      '/v1/checkout-sessions/{id}',
      await call(url('/v1/checkout-sessions/cs_unknown'), { headers: origin }),
    );
    const orders = `${session}/orders`;
    check('post', '/v1/checkout-sessions/{id}/orders', await call(url(orders), json('POST', {}, origin)));
    const placed = await call(url(orders), json('POST', shopper(), { ...origin, 'idempotency-key': randomUUID() }));
    expect(placed.status).toBe(201);
    check('post', '/v1/checkout-sessions/{id}/orders', placed);
    check('get', '/v1/instalments', await call(url('/v1/instalments?amount=189.00&currency=AED&country=AE')));
    check('get', '/v1/instalments', await call(url('/v1/instalments?amount=lots&currency=AED&country=AE')));
  });

  it("the merchant's order routes, paid and refunded", async () => {
    const { orderReference } = await placeOrder(stack.bff.url);
    const order = `/v1/orders/${orderReference}`;
    const { redirectTo } = await stack.sandbox.decide(orderReference, { outcome: 'approve' });
    const back = await followReturn(redirectTo);
    expect(back.status).toBe(303);
    check('get', '/v1/returns/{orderReference}', back);
    check('get', '/v1/returns/{orderReference}', await followReturn(url('/v1/returns/ORD-unknown')));
    check('get', '/v1/orders', await call(url('/v1/orders?limit=5'), { headers: merchant }));
    check('get', '/v1/funnel', await call(url('/v1/funnel?hours=3'), { headers: merchant }));
    check('get', '/v1/funnel', await call(url('/v1/funnel?hours=0'), { headers: merchant }));
    check('get', '/v1/orders', await call(url('/v1/orders?limit=none'), { headers: merchant }));
    check('get', '/v1/orders/{orderReference}', await getOrder(stack.bff.url, orderReference));
    check('get', '/v1/orders/{orderReference}', await getOrder(stack.bff.url, 'ORD-unknown'));
    check('get', '/v1/orders/{orderReference}', await call(url(order)));
    const refund = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 20 });
    expect(refund.status).toBe(201);
    check('post', '/v1/orders/{orderReference}/refunds', refund);
    check(
      'post',
      '/v1/orders/{orderReference}/refunds',
      await call(url(`${order}/refunds`), json('POST', { amount: 1 }, merchant)),
    );
    check(
      'post',
      '/v1/orders/{orderReference}/refunds',
      await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 1_000_000 }),
    );
    check('get', '/v1/orders/{orderReference}/refunds', await call(url(`${order}/refunds`), { headers: merchant }));
    // Captured when paid (the default): nothing left to capture or void.
    check(
      'post',
      '/v1/orders/{orderReference}/capture',
      await postOperation(stack.bff.url, orderReference, 'capture', {}),
    );
    check('post', '/v1/orders/{orderReference}/void', await postOperation(stack.bff.url, orderReference, 'void', {}));
  });

  it("the upstream's callbacks and the account webhook", async () => {
    const { orderReference } = await placeOrder(stack.bff.url);
    const callback = callbackUrlOf(stack.sandbox, orderReference);
    const notice = json('POST', { status: 'PENDING' });
    check('post', '/v1/callbacks/{orderReference}/{secret}', await call(callback, notice));
    check('post', '/v1/callbacks/{orderReference}/{secret}', await call(`${callback}-wrong`, notice));
    const webhook = stack.bff.webhookUrl;
    const template = '/v1/webhooks/upstream/{secret}';
    check('post', template, await call(webhook, json('POST', { event: 'ORDER_STATUS_UPDATE' })));
    check(
      'post',
      template,
      await call(webhook, json('POST', { event: 'ORDER_STATUS_UPDATE', merchantReference: orderReference })),
    );
    check('post', template, await call(`${webhook}-wrong`, json('POST', { event: 'ORDER_STATUS_UPDATE' })));
  });

  it('the refusals every route may meet: text that cannot be stored, headers over the limit', async () => {
    const id = await createSession(stack.bff.url);
    const invalid = await call(url(`/v1/checkout-sessions/${id}/orders`), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: STOREFRONT_ORIGIN },
      body: '{"customer":{"firstName":"\\ud800"}}',
    });
    expect(invalid.body).toMatchObject({ code: 'invalid_text' });
    check('post', '/v1/checkout-sessions/{id}/orders', invalid);
    const oversized = await call(url('/healthz'), { headers: { 'x-padding': 'x'.repeat(20_000) } });
    expect(oversized.status).toBe(431);
    check('get', '/healthz', oversized);
  });

  it('fails an answer the document does not describe', () => {
    const teapot = { status: 418, headers: new Headers({ 'content-type': 'application/json' }), body: {}, text: '{}' };
    expect(() => check('get', '/healthz', teapot)).toThrow(/does not describe/);
    const wrongBody = { ...teapot, status: 200, body: { status: 'fine' }, text: '{"status":"fine"}' };
    expect(() => check('get', '/healthz', wrongBody)).toThrow(/does not fit/);
  });
});
