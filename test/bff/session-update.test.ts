// PATCH /v1/checkout-sessions/:id: the merchant replaces an open session's cart (a coupon, a delivery choice)
// until an order holds or may take the payment. BFF and sandbox real, on port 0; PGlite in memory.
import { describe, expect, it } from 'vitest';
import { createSessionResponseSchema, problemSchema } from '../../shared/checkout-api.js';
import { call, cart, createSession, json, merchant, shopper } from '../support/checkout.js';
import { STOREFRONT_ORIGIN } from '../support/servers.js';
import { useCheckoutStack } from '../support/stack.js';

let clock = new Date();
const stack = useCheckoutStack({ now: () => clock });

const sessionUrl = (id: string, url = stack.bff.url) => `${url}/v1/checkout-sessions/${id}`;
/** The cart part of the tests' session, changed: a new cart for PATCH. */
const newCart = (overrides: Record<string, unknown> = {}) => {
  const { purchaseCountry: _c, purchaseCurrency: _u, locale: _l, returnUrl: _r, ...rest } = cart(overrides);
  return rest;
};
const patch = (id: string, body: unknown, url = stack.bff.url, headers = merchant) =>
  call(sessionUrl(id, url), json('PATCH', body, headers));
const place = (id: string, url = stack.bff.url) => call(`${sessionUrl(id, url)}/orders`, json('POST', shopper()));
const upstreamOrders = () =>
  stack.sandbox.journal.filter((entry) => entry.method === 'POST' && entry.path.startsWith('/orders'));

describe('PATCH /v1/checkout-sessions/:id (merchant)', () => {
  it('replaces the cart: the widget reads the new amount and providers at once, even from its cached read', async () => {
    clock = new Date();
    const id = await createSession(stack.bff.url);
    expect((await call(sessionUrl(id))).body.amount).toBe(143.89); // now in the BFF's session read cache
    // 50.00 with no delivery: Tamara (from 100.00) is no longer offered.
    const answer = await patch(
      id,
      newCart({
        orderItems: [{ name: 'Mug', sku: 'M', quantity: 1, unitPrice: 50, totalAmount: 50 }],
        shippingAmount: 0,
        taxAmount: 0,
      }),
    );
    expect(answer.status).toBe(200);
    expect(createSessionResponseSchema.parse(answer.body)).toEqual({
      id,
      amount: 50,
      currency: 'AED',
      expiresAt: (await stack.db.store.getSession(id))!.expiresAt.toISOString(),
    });
    const view = (await call(sessionUrl(id))).body;
    expect(view.amount).toBe(50);
    expect(view.providers.map((p: { name: string }) => p.name)).toEqual(['TABBY_AE']);
    expect(view.unavailableProviders).toEqual([
      expect.objectContaining({ name: 'TAMARA_AE', reason: 'below_minimum' }),
    ]);
    const stored = await stack.db.store.getSession(id);
    expect(stored).toMatchObject({ amountMinor: 5000, currency: 'AED', locale: 'en_AE' });
    expect(stored!.cart.orderItems).toEqual([{ name: 'Mug', sku: 'M', quantity: 1, unitPrice: 50, totalAmount: 50 }]);
  });

  it('keeps what was fixed at creation (channel, capture) and refuses to change the rest', async () => {
    const id = await createSession(stack.bff.url, { channel: 'app', autoCapture: false });
    expect((await patch(id, newCart({ discountAmount: 9 }))).body.amount).toBe(134.89);
    expect((await stack.db.store.getSession(id))!.cart).toMatchObject({
      channel: 'app',
      autoCapture: false,
      discountAmount: 9,
    });
    const answer = await patch(id, { ...newCart(), purchaseCurrency: 'SAR', returnUrl: 'https://evil.example/' });
    expect([answer.status, answer.body.code]).toEqual([400, 'unknown_field']);
    expect(answer.body.errors).toEqual([
      { path: 'purchaseCurrency', message: 'is not an accepted field' },
      { path: 'returnUrl', message: 'is not an accepted field' },
    ]);
  });

  it.each([
    [
      'amounts that do not add up',
      newCart({ orderItems: [{ name: 'S', sku: 'S', quantity: 2, unitPrice: 64.5, totalAmount: 130 }] }),
      'orderItems.0.totalAmount',
    ],
    ['a total of 0', newCart({ shippingAmount: 0, taxAmount: 0, discountAmount: 129 }), 'orderItems'],
    ['no items', newCart({ orderItems: [] }), 'orderItems'],
    ['more decimals than AED has', newCart({ shippingAmount: 7.999 }), 'shippingAmount'],
  ])('refuses %s with 400 naming the field, and keeps the cart', async (_what, body, path) => {
    const id = await createSession(stack.bff.url);
    const answer = await patch(id, body);
    expect([answer.status, answer.body.code]).toEqual([400, 'validation_failed']);
    expect(problemSchema.parse(answer.body).errors?.map((error) => error.path)).toContain(path);
    expect((await stack.db.store.getSession(id))!.amountMinor).toBe(14389);
  });

  it('answers 401 without the merchant key, 404 for an unknown session, 410 once expired', async () => {
    const id = await createSession(stack.bff.url);
    expect((await patch(id, newCart(), stack.bff.url, {} as typeof merchant)).status).toBe(401);
    expect((await patch('cs_nosuchsessionnosuchses', newCart())).body.code).toBe('session_not_found');
    expect((await patch('not an id', newCart())).body.code).toBe('session_not_found');
    clock = new Date(Date.now() + 24 * 3600_000);
    const expired = await patch(id, newCart());
    clock = new Date();
    expect([expired.status, expired.body.code]).toEqual([410, 'session_expired']);
  });

  it('refuses once an order may take the payment (409), and allows it again after a decline', async () => {
    const id = await createSession(stack.bff.url);
    const placed = await place(id);
    expect(placed.status).toBe(201);
    const refused = await patch(id, newCart({ discountAmount: 5 }));
    expect([refused.status, refused.body.code, refused.body.retryable]).toEqual([
      409,
      'session_order_placed',
      undefined,
    ]);
    await stack.sandbox.decide(placed.body.orderReference, { outcome: 'decline' });
    // The BFF learns of the decline from the upstream (the order's own read), then the cart may change.
    await call(`${stack.bff.url}/v1/orders/${placed.body.orderReference}`, { headers: merchant });
    const allowed = await patch(id, newCart({ discountAmount: 5 }));
    expect([allowed.status, allowed.body.amount]).toEqual([200, 138.89]);
  });

  it('races an order on another instance safely: the order carries the amount the session had when it was placed', async () => {
    const other = await stack.startBff();
    for (let round = 0; round < 6; round++) {
      const id = await createSession(stack.bff.url);
      await call(sessionUrl(id, other.url)); // both instances have read it: the other one's copy is cached
      const [changed, ordered] = await Promise.all([patch(id, newCart({ discountAmount: 20 })), place(id, other.url)]);
      const orders = await stack.db.store.listSessionOrders(id);
      const session = (await stack.db.store.getSession(id))!;
      if (changed.status === 200) {
        expect(session.amountMinor).toBe(12389);
        // The order either lost the race to the lock (refused, retryable) or came after the change.
        if (ordered.status === 201) expect(orders.map((order) => order.amountMinor)).toEqual([12389]);
        else expect([ordered.status, ordered.body.code, orders]).toEqual([409, 'session_changed', []]);
      } else {
        expect([changed.status, changed.body.code, ordered.status]).toEqual([409, 'session_order_placed', 201]);
        expect(session.amountMinor).toBe(14389);
        expect(orders.map((order) => order.amountMinor)).toEqual([14389]);
      }
    }
    // What the upstream was asked for is what the ledger recorded, every time.
    const asked = upstreamOrders().map((entry) => (entry.body as { orderAmount: number }).orderAmount);
    const recorded = (
      await stack.db.driver.query<{ amount_minor: number }>('select amount_minor from orders order by created_at')
    ).map((row) => Number(row.amount_minor) / 100);
    expect(asked.sort()).toEqual(recorded.sort());
  });

  it('refuses (retryable) an order checked against a copy of the session the merchant has changed since', async () => {
    const other = await stack.startBff();
    const id = await createSession(stack.bff.url);
    await call(sessionUrl(id, other.url)); // the other instance now holds a copy at 143.89 for a while
    // 50.00: under Tamara's minimum, which the other instance's copy does not know yet.
    const small = newCart({
      orderItems: [{ name: 'Mug', sku: 'M', quantity: 1, unitPrice: 50, totalAmount: 50 }],
      shippingAmount: 0,
      taxAmount: 0,
    });
    expect((await patch(id, small)).status).toBe(200);
    const before = upstreamOrders().length;
    const answer = await call(
      `${sessionUrl(id, other.url)}/orders`,
      json('POST', shopper({ bnplProvider: 'TAMARA_AE' })),
    );
    expect([answer.status, answer.body.code, answer.body.retryable]).toEqual([409, 'session_changed', true]);
    expect(upstreamOrders().length, 'nothing was sent upstream').toBe(before);
    expect(await stack.db.store.listSessionOrders(id)).toEqual([]);
  });

  it("leaves the widget's CORS preflight on the session's URL to the widget's CORS", async () => {
    const preflight = await call(sessionUrl('cs_any'), {
      method: 'OPTIONS',
      headers: { origin: STOREFRONT_ORIGIN, 'access-control-request-method': 'GET' },
    });
    expect([preflight.status, preflight.headers.get('access-control-allow-origin')]).toEqual([204, STOREFRONT_ORIGIN]);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, POST');
  });

  it('is in the in-process API, with the same refusals', async () => {
    const id = await createSession(stack.bff.url);
    const { checkout } = stack.bff;
    await expect(checkout.updateSession(id, newCart({ discountAmount: 3.89 }))).resolves.toMatchObject({ amount: 140 });
    await expect(checkout.updateSession(id, { orderItems: [] })).rejects.toMatchObject({
      status: 400,
      problem: expect.objectContaining({ code: 'validation_failed' }),
    });
  });
});
