// PATCH /v1/checkout-sessions/:id: the merchant replaces an open session's cart (a coupon, a delivery choice)
// until an order holds or may take the payment. BFF and sandbox real, on port 0; PGlite in memory, and the races
// again on PostgreSQL when DATABASE_URL is set.
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../demo/sandbox/sandbox.js';
import { createSessionResponseSchema, problemSchema } from '../../../shared/schemas/checkout-api.js';
import { call, cartChange, createSession, json, merchant, shopper } from '../../support/checkout.js';
import { order } from '../../support/ledger-records.js';
import { STOREFRONT_ORIGIN } from '../../support/servers.js';
import { useCheckoutStack } from '../../support/stack.js';
import { storeDrivers } from '../../support/store.js';
import { followReturn } from '../../support/after-payment-harness.js';

const sessionUrl = (bff: string, id: string) => `${bff}/v1/checkout-sessions/${id}`;
const patch = (bff: string, id: string, body: unknown, headers = merchant) =>
  call(sessionUrl(bff, id), json('PATCH', body, headers));
const place = (bff: string, id: string, provider = 'TABBY_AE') =>
  call(`${sessionUrl(bff, id)}/orders`, json('POST', shopper({ bnplProvider: provider })));
/** The order creations the sandbox received, with the amount each asked for. */
const upstreamCreates = (sandbox: Sandbox) =>
  sandbox.journal
    .filter((entry) => entry.route === 'create-order')
    .map((entry) => entry.body as { orderReference: string; orderAmount: number });
/** 50.00 with no delivery: under Tamara's minimum (100.00). */
const smallCart = () =>
  cartChange({
    orderItems: [{ name: 'Mug', sku: 'M', quantity: 1, unitPrice: 50, totalAmount: 50 }],
    shippingAmount: 0,
    taxAmount: 0,
  });

describe('PATCH /v1/checkout-sessions/:id (merchant)', () => {
  let clock = new Date();
  const stack = useCheckoutStack({ now: () => clock });

  it('replaces the cart: the widget reads the new amount and providers at once, even from its cached read', async () => {
    clock = new Date();
    const id = await createSession(stack.bff.url);
    expect((await call(sessionUrl(stack.bff.url, id))).body.amount).toBe(143.89); // now in the session read cache
    const answer = await patch(stack.bff.url, id, smallCart());
    expect(answer.status).toBe(200);
    expect(createSessionResponseSchema.parse(answer.body)).toEqual({
      id,
      amount: 50,
      currency: 'AED',
      expiresAt: (await stack.db.store.sessions.get(id))!.expiresAt.toISOString(),
      checkoutUrl: `${stack.bff.url}/pay/${id}`,
    });
    const view = (await call(sessionUrl(stack.bff.url, id))).body;
    expect(view.amount).toBe(50);
    expect(view.providers.map((p: { name: string }) => p.name)).toEqual(['TABBY_AE']);
    expect(view.unavailableProviders).toEqual([
      expect.objectContaining({ name: 'TAMARA_AE', reason: 'below_minimum' }),
    ]);
    const stored = await stack.db.store.sessions.get(id);
    expect(stored).toMatchObject({ amountMinor: 5000, currency: 'AED', locale: 'en_AE' });
    expect(stored!.cart.orderItems).toEqual([{ name: 'Mug', sku: 'M', quantity: 1, unitPrice: 50, totalAmount: 50 }]);
  });

  it('keeps what was fixed at creation (channel, capture) and refuses to change the rest', async () => {
    const id = await createSession(stack.bff.url, { channel: 'app', autoCapture: false });
    expect((await patch(stack.bff.url, id, cartChange({ discountAmount: 9 }))).body.amount).toBe(134.89);
    expect((await stack.db.store.sessions.get(id))!.cart).toMatchObject({
      channel: 'app',
      autoCapture: false,
      discountAmount: 9,
    });
    // Even the values it already has: the fields fixed at creation are not part of this request.
    const answer = await patch(stack.bff.url, id, {
      ...cartChange(),
      purchaseCurrency: 'AED',
      returnUrl: 'https://evil.example/',
    });
    expect([answer.status, answer.body.code]).toEqual([400, 'unknown_field']);
    expect(answer.body.errors).toEqual([
      { path: 'purchaseCurrency', message: 'is not an accepted field' },
      { path: 'returnUrl', message: 'is not an accepted field' },
    ]);
  });

  it.each([
    [
      'amounts that do not add up',
      cartChange({ orderItems: [{ name: 'S', sku: 'S', quantity: 2, unitPrice: 64.5, totalAmount: 130 }] }),
      'orderItems.0.totalAmount',
    ],
    ['a total of 0', cartChange({ shippingAmount: 0, taxAmount: 0, discountAmount: 129 }), 'orderItems'],
    ['no items', cartChange({ orderItems: [] }), 'orderItems'],
    ['more decimals than AED has', cartChange({ shippingAmount: 7.999 }), 'shippingAmount'],
    ['a negative amount', cartChange({ taxAmount: -1 }), 'taxAmount'],
    ['no cart at all', {}, 'orderItems'],
  ])('refuses %s with 400 naming the field, and keeps the cart', async (_what, body, path) => {
    const id = await createSession(stack.bff.url);
    const answer = await patch(stack.bff.url, id, body);
    expect([answer.status, answer.body.code]).toEqual([400, 'validation_failed']);
    expect(problemSchema.parse(answer.body).errors?.map((error) => error.path)).toContain(path);
    expect((await stack.db.store.sessions.get(id))!.amountMinor).toBe(14389);
  });

  it('answers 401 without the merchant key, 404 for an unknown session, 410 once expired', async () => {
    const id = await createSession(stack.bff.url);
    const unauthorised = await patch(stack.bff.url, id, cartChange({ discountAmount: 5 }), {} as typeof merchant);
    expect([unauthorised.status, unauthorised.body.code]).toEqual([401, 'unauthorized']);
    expect((await stack.db.store.sessions.get(id))!.amountMinor).toBe(14389);
    expect((await patch(stack.bff.url, 'cs_nosuchsessionnosuchses', cartChange())).body.code).toBe('session_not_found');
    expect((await patch(stack.bff.url, 'not an id', cartChange())).body.code).toBe('session_not_found');
    clock = new Date(Date.now() + 24 * 3600_000);
    const expired = await patch(stack.bff.url, id, cartChange());
    clock = new Date();
    expect([expired.status, expired.body.code]).toEqual([410, 'session_expired']);
  });

  it('refuses once an order may take the payment (409), and allows it again after a decline', async () => {
    const id = await createSession(stack.bff.url);
    const placed = await place(stack.bff.url, id);
    expect(placed.status).toBe(201);
    const refused = await patch(stack.bff.url, id, cartChange({ discountAmount: 5 }));
    expect([refused.status, refused.body.code, refused.body.retryable]).toEqual([
      409,
      'session_order_placed',
      undefined,
    ]);
    await stack.sandbox.decide(placed.body.orderReference, { outcome: 'decline' });
    // The BFF learns of the decline from the upstream (the order's own read), then the cart may change.
    await call(`${stack.bff.url}/v1/orders/${placed.body.orderReference}`, { headers: merchant });
    const allowed = await patch(stack.bff.url, id, cartChange({ discountAmount: 5 }));
    expect([allowed.status, allowed.body.amount]).toEqual([200, 138.89]);
  });

  it('refuses a paid session with 409 session_completed', async () => {
    const id = await createSession(stack.bff.url);
    const placed = await place(stack.bff.url, id);
    await followReturn((await stack.sandbox.decide(placed.body.orderReference, { outcome: 'approve' })).redirectTo);
    const answer = await patch(stack.bff.url, id, cartChange({ discountAmount: 5 }));
    expect([answer.status, answer.body.code]).toEqual([409, 'session_completed']);
    expect((await stack.db.store.sessions.get(id))!.amountMinor).toBe(14389);
  });

  it("leaves the widget's CORS preflight on the session's URL to the widget's CORS", async () => {
    const preflight = await call(sessionUrl(stack.bff.url, 'cs_any'), {
      method: 'OPTIONS',
      headers: { origin: STOREFRONT_ORIGIN, 'access-control-request-method': 'GET' },
    });
    expect([preflight.status, preflight.headers.get('access-control-allow-origin')]).toEqual([204, STOREFRONT_ORIGIN]);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, POST');
  });

  it('is in the in-process API, with the same answers and refusals', async () => {
    const id = await createSession(stack.bff.url);
    const { checkout } = stack.bff;
    expect((await call(sessionUrl(stack.bff.url, id))).body.amount).toBe(143.89);
    await expect(checkout.updateSession(id, cartChange({ discountAmount: 3.89 }))).resolves.toMatchObject({
      id,
      amount: 140,
      currency: 'AED',
    });
    expect((await call(sessionUrl(stack.bff.url, id))).body.amount).toBe(140);
    await expect(checkout.updateSession(id, { orderItems: [] })).rejects.toMatchObject({
      status: 400,
      problem: expect.objectContaining({
        code: 'validation_failed',
        errors: [{ path: 'orderItems', message: 'must have at least one item' }],
      }),
    });
    await expect(checkout.updateSession('cs_nosuchsessionnosuchses', cartChange())).rejects.toMatchObject({
      status: 404,
      problem: expect.objectContaining({ code: 'session_not_found' }),
    });
    expect((await place(stack.bff.url, id)).status).toBe(201);
    await expect(checkout.updateSession(id, cartChange())).rejects.toMatchObject({
      status: 409,
      problem: expect.objectContaining({ code: 'session_order_placed' }),
    });
  });
});

describe.each(storeDrivers())('PATCH against an order placed on another instance, on $name', ({ open }) => {
  const stack = useCheckoutStack({ openStore: open });

  it('waits for the session row lock a placement holds, then refuses: the attempt it recorded may take the payment', async () => {
    const id = await createSession(stack.bff.url);
    // What placing an order does on another instance, stopped before its commit: the session locked and the new
    // attempt recorded.
    let recorded!: () => void;
    const attemptRecorded = new Promise<void>((resolve) => (recorded = resolve));
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    const placing = (await stack.db.another()).transaction(async (tx) => {
      await tx.sessions.get(id, { forUpdate: true });
      await tx.orders.insert({ ...order(`${id}-1`, 1, id), createdAt: new Date() });
      recorded();
      await committing;
    });
    await attemptRecorded;
    let answered = false;
    const changing = patch(stack.bff.url, id, cartChange({ discountAmount: 20 })).finally(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered, 'the PATCH waits for the lock').toBe(false);
    commit();
    await placing;
    const answer = await changing;
    expect([answer.status, answer.body.code]).toEqual([409, 'session_order_placed']);
    expect((await stack.db.store.sessions.get(id))!.amountMinor).toBe(14389);
  });

  it('races an order on another instance: the order always carries the amount the session has', async () => {
    const other = await stack.startBff({ store: await stack.db.another() });
    for (let round = 0; round < 8; round++) {
      const id = await createSession(stack.bff.url);
      await call(sessionUrl(other.url, id)); // the other instance has read it: its copy is cached
      const changing = () => patch(stack.bff.url, id, cartChange({ discountAmount: 20 }));
      const ordering = () => place(other.url, id);
      // Either goes first, in turn.
      const [changed, ordered] =
        round % 2 === 0
          ? await Promise.all([changing(), ordering()])
          : await Promise.all([ordering(), changing()]).then(([o, c]) => [c, o] as const);
      const orders = await stack.db.store.orders.listOfSession(id);
      const session = (await stack.db.store.sessions.get(id))!;
      if (changed.status === 200) {
        expect(session.amountMinor).toBe(12389);
        // The order either lost the race to the lock (refused, retryable) or came after the change.
        if (ordered.status !== 201)
          expect([ordered.status, ordered.body.code, orders]).toEqual([409, 'session_changed', []]);
      } else {
        expect([changed.status, changed.body.code, ordered.status]).toEqual([409, 'session_order_placed', 201]);
        expect(session.amountMinor).toBe(14389);
      }
      // Every order recorded and sent upstream asked for what the session holds now.
      const sent = upstreamCreates(stack.sandbox).filter((create) =>
        orders.some((placed) => placed.orderReference === create.orderReference),
      );
      expect(orders.map((placed) => placed.amountMinor)).toEqual(ordered.status === 201 ? [session.amountMinor] : []);
      expect(sent.map((create) => Math.round(create.orderAmount * 100))).toEqual(
        ordered.status === 201 ? [session.amountMinor] : [],
      );
    }
  });

  it('refuses (retryable) an order checked against a copy of the session the merchant has changed since', async () => {
    const other = await stack.startBff({ store: await stack.db.another() });
    const id = await createSession(stack.bff.url);
    await call(sessionUrl(other.url, id)); // the other instance now holds a copy at 143.89 for a while
    expect((await patch(stack.bff.url, id, smallCart())).status).toBe(200);
    // Tamara takes 143.89 but not 50.00, which the other instance's copy does not know yet.
    const answer = await place(other.url, id, 'TAMARA_AE');
    expect([answer.status, answer.body.code, answer.body.retryable]).toEqual([409, 'session_changed', true]);
    expect(upstreamCreates(stack.sandbox), 'nothing was sent upstream').toEqual([]);
    expect(await stack.db.store.orders.listOfSession(id)).toEqual([]);
  });
});
