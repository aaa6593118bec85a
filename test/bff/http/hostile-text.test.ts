// U+0000 and lone surrogates, wherever text enters: never a 5xx, never a stuck callback, always the field named.
// Real BFF, real sandbox, on PGlite and PostgreSQL (which refuses U+0000 in text and jsonb: what made these 5xx).
import { describe, expect, it } from 'vitest';
import { cart, call, json, merchant, shopper, createSession } from '../../support/checkout.js';
import { useCheckoutStack } from '../../support/stack.js';
import { storeDrivers } from '../../support/store.js';
import {
  callbackUrlOf,
  FAST_SANDBOX,
  followReturn,
  placeOrder,
  postOperation,
  upstreamReads,
} from '../../support/after-payment-harness.js';

const NUL = '\u0000';
const LONE = '\ud800';

const expectInvalidText = (answer: { status: number; headers: Headers; body: any }, path: string) => {
  expect(answer.status).toBe(400);
  expect(answer.headers.get('content-type')).toContain('application/problem+json');
  expect(answer.body.code).toBe('invalid_text');
  expect(answer.body.errors).toContainEqual({ path, message: 'must not contain U+0000 or an unpaired surrogate' });
};

describe.each(storeDrivers())('text that cannot be stored, on $name', ({ open }) => {
  const stack = useCheckoutStack({ sandbox: FAST_SANDBOX, between: 'keep', openStore: open });

  it('in an address: 4xx without any key, on every public route', async () => {
    expectInvalidText(await call(`${stack.bff.url}/v1/callbacks/a%00b/x`, json('POST', {})), 'path');
    expectInvalidText(await call(`${stack.bff.url}/v1/checkout-sessions/cs_%00`), 'path');
    const page = await call(`${stack.bff.url}/v1/returns/a%00b?status=SUCCESSFUL&hash=x`, { redirect: 'manual' });
    expect([page.status, page.headers.get('content-type')]).toEqual([400, 'text/html; charset=utf-8']);
    // A lone surrogate cannot even be written as UTF-8: its escape does not decode.
    expect((await call(`${stack.bff.url}/v1/orders/%ED%A0%80`, { headers: merchant })).status).toBe(400);
  });

  it('in the merchant API: the path, the query, a cursor, the cart, the prefill and a refund description', async () => {
    expectInvalidText(await call(`${stack.bff.url}/v1/orders/a%00b`, { headers: merchant }), 'path');
    expectInvalidText(
      await call(`${stack.bff.url}/v1/orders?status=paid&cursor=%00`, { headers: merchant }),
      'query.cursor',
    );
    const hidden = Buffer.from(JSON.stringify([new Date().toISOString(), `a${NUL}b`])).toString('base64url');
    const cursor = await call(`${stack.bff.url}/v1/orders?cursor=${hidden}`, { headers: merchant });
    expect([cursor.status, cursor.body.code, cursor.body.errors[0].path]).toEqual([400, 'validation_failed', 'cursor']);

    const sessions = `${stack.bff.url}/v1/checkout-sessions`;
    const items = [{ name: `Shirt${NUL}`, sku: 'S', quantity: 1, unitPrice: 10, totalAmount: 10 }];
    expectInvalidText(await call(sessions, json('POST', cart({ orderItems: items }), merchant)), 'orderItems.0.name');
    expectInvalidText(
      await call(sessions, json('POST', cart({ customer: { firstName: `Amal${LONE}` } }), merchant)),
      'customer.firstName',
    );
    expectInvalidText(await call(sessions, json('POST', { ...cart(), [`x${NUL}`]: 1 }, merchant)), '(key)');

    const { orderReference } = await placeOrder(stack.bff.url);
    await followReturn((await stack.sandbox.decide(orderReference, { outcome: 'approve' })).redirectTo);
    expectInvalidText(
      await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 1, description: `broken${LONE}` }),
      'description',
    );
    expect(await stack.db.store.operations.list(orderReference)).toEqual([]);
  });

  it('in what the shopper sends: refused, and a valid retry still places the order', async () => {
    const id = await createSession(stack.bff.url);
    const orders = `${stack.bff.url}/v1/checkout-sessions/${id}/orders`;
    expectInvalidText(
      await call(orders, json('POST', shopper({ customer: { ...shopper().customer, lastName: `H${NUL}` } }))),
      'customer.lastName',
    );
    expect((await call(orders, json('POST', shopper()))).status).toBe(201);
  });

  it('in a callback with the right secret: never refused (the order is read again), the text never stored', async () => {
    const { orderReference } = await placeOrder(stack.bff.url);
    const before = await stack.db.store.events.list(orderReference);
    const answer = await call(
      callbackUrlOf(stack.sandbox, orderReference),
      json('POST', { event: `ORDER${NUL}`, data: { status: `SUCCESSFUL${LONE}` } }),
    );
    expect(answer.status).toBe(200);
    // Read again (a notice is a hint whatever it carries); nothing changed, so nothing is journalled.
    expect(upstreamReads(stack.sandbox, orderReference)).toBe(1);
    expect(await stack.db.store.events.list(orderReference)).toEqual(before);
  });
});
