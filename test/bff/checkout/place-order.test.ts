// POST /v1/checkout-sessions/:id/orders against the real sandbox: the order is built server-side, the browser can
// set nothing but the shopper's own details, and no double submit ever creates a second upstream order.
import { describe, expect, it } from 'vitest';
import { placeOrderResponseSchema } from '../../../shared/schemas/checkout-api.js';
import { call, cart, createSession, json, merchant, shopper, address } from '../../support/checkout.js';
import { STOREFRONT_ORIGIN } from '../../support/servers.js';
import { useCheckoutStack } from '../../support/stack.js';
import { waitUntil } from '../../support/wait.js';
import { followReturn } from '../../support/after-payment-harness.js';

const stack = useCheckoutStack({ env: { OPI_UPSTREAM_TIMEOUT_MS: '2000' } });

const ordersUrl = (id: string) => `${stack.bff.url}/v1/checkout-sessions/${id}/orders`;
const place = (id: string, body: unknown = shopper(), headers: Record<string, string> = {}) =>
  call(ordersUrl(id), json('POST', body, headers));
const creates = () =>
  stack.sandbox.journal.filter((entry) => entry.method === 'POST' && entry.path.startsWith('/orders'));

describe('placing an order', () => {
  it('builds the upstream order from the session and answers its reference and redirect', async () => {
    const id = await createSession(stack.bff.url, { discountAmount: 10, cancellationTimeout: 90 });
    const answer = await place(id, shopper(), { origin: STOREFRONT_ORIGIN });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('access-control-allow-origin')).toBe(STOREFRONT_ORIGIN);
    const { orderReference, redirectUrl } = placeOrderResponseSchema.parse(answer.body);
    expect(orderReference).toMatch(/^opi-[0-9a-f]{16}-1$/);
    expect(redirectUrl).toMatch(new RegExp(`^${stack.sandbox.url}/pay/`));

    const [create] = creates();
    const sent = create!.body as Record<string, any>;
    expect(sent).toMatchObject({
      orderReference,
      bnplProvider: 'TABBY_AE',
      purchaseCountry: 'AE',
      purchaseCurrency: 'AED',
      locale: 'en_AE',
      orderAmount: 133.89,
      shippingAmount: 7.99,
      taxAmount: 6.9,
      discountAmount: 10,
      orderItems: [{ name: 'Linen shirt', sku: 'LS-1', quantity: 2, unitPrice: 64.5, totalAmount: 129 }],
      cancellationTimeout: 90,
      dynamicRedirectUrl: `${stack.bff.url}/v1/returns/${orderReference}`,
      // The spec's defaults: state falls back to the country code, region to its name, line 2 to ''; the UAE has
      // no postal codes, so that one is '' too.
      billingAddress: { ...address, state: 'AE', region: 'United Arab Emirates', streetAddress2: '', postalCode: '' },
      // The cart ships goods and the shopper gave no shipping address: billing is used.
      shippingAddress: { ...address, state: 'AE' },
    });
    expect(sent.dynamicCallbackUrl).toMatch(
      new RegExp(`^${stack.bff.url}/v1/callbacks/${orderReference}/[A-Za-z0-9_-]{32}$`),
    );

    const order = await stack.db.store.orders.get(orderReference);
    expect(order).toMatchObject({
      sessionId: id,
      attempt: 1,
      amountMinor: 13389,
      status: 'pending',
      createState: 'created',
      redirectUrl,
    });
    expect(sent.dynamicCallbackUrl.endsWith(`/${order!.callbackSecret}`)).toBe(true);
    const events = await stack.db.store.events.list(orderReference);
    expect(events.map((e) => [e.source, e.status, e.payload?.reason])).toEqual([
      ['create', 'initiated', 'recorded'],
      ['create', 'pending', 'created'],
    ]);
  });

  it('sends cancellationTimeout only when the session sets it, in the unit OPI_CANCELLATION_TIMEOUT_UNIT names', async () => {
    expect((await place(await createSession(stack.bff.url))).status).toBe(201);
    expect(creates().at(-1)!.body).not.toHaveProperty('cancellationTimeout');

    const inSeconds = await stack.startBff({ env: { OPI_CANCELLATION_TIMEOUT_UNIT: 'seconds' } });
    const id = await createSession(inSeconds.url, { cancellationTimeout: 90 });
    expect((await call(`${inSeconds.url}/v1/checkout-sessions/${id}/orders`, json('POST', shopper()))).status).toBe(
      201,
    );
    expect(creates().at(-1)!.body).toMatchObject({ cancellationTimeout: 90 * 60 });
  });

  it('refuses a cancellationTimeout beyond a year when the session is made, naming the field', async () => {
    // Larger ones once made every submit of the session fail: the order's deadline was no date at all.
    const sessions = `${stack.bff.url}/v1/checkout-sessions`;
    const refused = await call(sessions, json('POST', cart({ cancellationTimeout: 200_000_000_000 }), merchant));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'validation_failed',
      errors: [{ path: 'cancellationTimeout', message: 'must be at most 525600 (a year in minutes)' }],
    });
    expect((await call(sessions, json('POST', cart({ cancellationTimeout: 525_600 }), merchant))).status).toBe(201);
  });

  it('the redirectUrl opens the sandbox hosted page', async () => {
    const id = await createSession(stack.bff.url);
    const { redirectUrl } = (await place(id)).body;
    const page = await fetch(redirectUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('sends the shipping address and method the shopper chose', async () => {
    const id = await createSession(stack.bff.url);
    const shipping = { ...address, firstName: 'Omar', city: 'Abu Dhabi', state: 'AZ', region: 'Abu Dhabi' };
    expect((await place(id, shopper({ shippingAddress: shipping, shippingMethod: 'pickup' }))).status).toBe(201);
    expect(creates()[0]!.body).toMatchObject({
      shippingAddress: { ...shipping, streetAddress2: '' },
      shippingMethod: 'pickup',
    });
  });

  it('leaves the shipping address out for digital goods with a provider that does not need it', async () => {
    const id = await createSession(stack.bff.url, { requiresShipping: false });
    expect((await place(id)).status).toBe(201);
    expect(creates()[0]!.body).not.toHaveProperty('shippingAddress');
  });

  it.each([
    ['an amount', { orderAmount: 1 }, 'orderAmount'],
    ['items', { orderItems: [{ name: 'x', sku: 'x', quantity: 1, unitPrice: 1, totalAmount: 1 }] }, 'orderItems'],
    ['a redirect URL', { dynamicRedirectUrl: 'https://evil.example/steal' }, 'dynamicRedirectUrl'],
    ['a callback URL', { dynamicCallbackUrl: 'https://evil.example/hook' }, 'dynamicCallbackUrl'],
    ['a return URL', { returnUrl: 'https://evil.example/' }, 'returnUrl'],
    ['a currency', { purchaseCurrency: 'USD' }, 'purchaseCurrency'],
  ])('refuses a body that carries %s, naming the field', async (_what, extra, field) => {
    const id = await createSession(stack.bff.url);
    const answer = await place(id, { ...shopper(), ...extra });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'unknown_field',
      errors: [{ path: field, message: 'is not an accepted field' }],
    });
    expect(creates()).toEqual([]);
    expect(await stack.db.store.orders.listOfSession(id)).toEqual([]);
  });

  it('refuses invalid shopper details with each field path', async () => {
    const id = await createSession(stack.bff.url);
    const answer = await place(
      id,
      shopper({ customer: { firstName: '', lastName: 'H', email: 'nope', phoneNumber: '12' } }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('validation_failed');
    expect(answer.body.errors.map((e: { path: string }) => e.path)).toEqual([
      'customer.firstName',
      'customer.email',
      'customer.phoneNumber',
    ]);
  });

  it('refuses an address without a postal code where the country has them, naming the field', async () => {
    const id = await createSession(stack.bff.url);
    const answer = await place(id, shopper({ billingAddress: { ...address, country: 'SA' } }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([{ path: 'billingAddress.postalCode', message: 'is required' }]);
    expect(creates()).toEqual([]);
  });

  it('refuses a provider the cart is not eligible for with 422', async () => {
    const id = await createSession(stack.bff.url);
    for (const provider of ['AFTERPAY_AU', 'TABBY_SA']) {
      const answer = await place(id, shopper({ bnplProvider: provider }));
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({ code: 'provider_not_eligible', errors: [{ path: 'bnplProvider' }] });
    }
    expect(creates()).toEqual([]);
  });

  it('answers 404 and 410 for unknown and expired sessions', async () => {
    expect((await place('cs_AAAAAAAAAAAAAAAAAAAAAA')).body.code).toBe('session_not_found');
    const expired = await createSession(stack.bff.url);
    await stack.db.driver.query("update checkout_sessions set expires_at = now() - interval '1 second' where id = $1", [
      expired,
    ]);
    const gone = await place(expired);
    expect([gone.status, gone.body.code]).toEqual([410, 'session_expired']);
    expect(creates()).toEqual([]);
  });

  it('a reference the upstream already holds is adopted, never failed, and the retry moves on to a new one', async () => {
    const id = await createSession(stack.bff.url);
    const first = (await place(id)).body;
    // A ledger that lost its rows (say, restored from an old backup) reuses attempt 1's reference; the upstream
    // refuses the duplicate. That order is the upstream's: not the shopper's mistake, and not failed.
    await stack.db.driver.exec('delete from order_events; delete from orders');
    const answer = await place(id);
    expect([answer.status, answer.body.code, answer.body.retryable]).toEqual([409, 'order_in_progress', true]);
    expect(answer.body).not.toHaveProperty('errors');
    expect(await stack.db.store.orders.get(first.orderReference)).toMatchObject({
      createState: 'unknown',
      status: 'pending',
      upstreamStatus: 'PENDING',
    });
    const retry = await place(id);
    expect(retry.status).toBe(201);
    expect(retry.body.orderReference).not.toBe(first.orderReference);
  });

  it('a refused reference whose record cannot be read is never failed: its outcome stays unknown', async () => {
    const id = await createSession(stack.bff.url);
    const first = (await place(id)).body;
    await stack.db.driver.exec('delete from order_events; delete from orders');
    // The upstream refuses the duplicate, and then cannot be read about it.
    const unreadable = await stack.startBff({
      env: { OPI_UPSTREAM_TIMEOUT_MS: '500' },
      client: {
        fetch: async (input, init) =>
          (init?.method ?? 'GET') === 'GET' && new URL(String(input)).pathname === `/orders/${first.orderReference}`
            ? Response.json({ statusCode: 503, message: 'Service Unavailable' }, { status: 503 })
            : fetch(input, init),
      },
    });
    const answer = await call(`${unreadable.url}/v1/checkout-sessions/${id}/orders`, json('POST', shopper()));
    expect([answer.status, answer.body.code, answer.body.retryable]).toEqual([502, 'outcome_unknown', true]);
    expect(await stack.db.store.orders.get(first.orderReference)).toMatchObject({
      createState: 'unknown',
      status: 'initiated',
    });
  });

  /** An instance whose upstream refuses every create: the docs' 400 body, about the amount (a refusal the sandbox
   * never gives a BFF that checks its carts first). `sent` counts the creates. */
  async function refusingBff() {
    const counted = { sent: 0 };
    const bff = await stack.startBff({
      client: {
        fetch: async (input, init) => {
          if (init?.method !== 'POST' || new URL(String(input)).pathname !== '/orders') return fetch(input, init);
          counted.sent += 1;
          const message = ['orderAmount must not have more than 2 decimal places'];
          return Response.json({ statusCode: 400, message, error: 'Bad Request' }, { status: 400 });
        },
      },
    });
    return Object.assign(counted, { url: bff.url });
  }

  it('an upstream refusal that names no shopper field is a 502, and the attempt is recorded as refused', async () => {
    const refusing = await refusingBff();
    const id = await createSession(refusing.url);
    const answer = await call(`${refusing.url}/v1/checkout-sessions/${id}/orders`, json('POST', shopper()));
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({ code: 'upstream_rejected', retryable: false });
    expect(answer.body).not.toHaveProperty('errors');
    const [order] = await stack.db.store.orders.listOfSession(id);
    expect(order).toMatchObject({ createState: 'rejected', status: 'failed' });
  });

  it('a session takes at most 20 attempts: past them, nothing more is recorded or sent upstream (409)', async () => {
    const refusing = await refusingBff();
    const id = await createSession(refusing.url);
    const submit = () => call(`${refusing.url}/v1/checkout-sessions/${id}/orders`, json('POST', shopper()));
    for (let attempt = 1; attempt <= 20; attempt += 1) expect((await submit()).body.code).toBe('upstream_rejected');
    const exhausted = await submit();
    expect([exhausted.status, exhausted.body.code, exhausted.body.retryable]).toEqual([
      409,
      'session_exhausted',
      false,
    ]);
    expect(refusing.sent).toBe(20);
    expect(await stack.db.store.orders.listOfSession(id)).toHaveLength(20);
  });

  it('the 20th attempt, its outcome unknown, is still resent by the retry (with a customer session each)', async () => {
    // 19 creates refused; the 20th hangs and is never made, and the lookup after it fails too, so its outcome is
    // unknown; then the upstream answers, and the retry resends the same reference.
    let phase: 'refusing' | 'outage' | 'answering' = 'refusing';
    const bff = await stack.startBff({
      env: { OPI_CUSTOMER_SESSIONS: 'true', OPI_UPSTREAM_TIMEOUT_MS: '500' },
      client: {
        fetch: async (input, init) => {
          const path = new URL(String(input)).pathname;
          const creates = init?.method === 'POST' && path === '/orders';
          if (creates && phase === 'refusing') {
            const message = ['orderAmount must not have more than 2 decimal places'];
            return Response.json({ statusCode: 400, message, error: 'Bad Request' }, { status: 400 });
          }
          if (phase === 'outage' && (creates || /^\/orders\/[^/]+$/.test(path))) {
            return new Promise((_, reject) =>
              init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
            );
          }
          return fetch(input, init);
        },
      },
    });
    const id = await createSession(bff.url);
    const submit = () => call(`${bff.url}/v1/checkout-sessions/${id}/orders`, json('POST', shopper()));
    for (let attempt = 1; attempt <= 19; attempt += 1) expect((await submit()).body.code).toBe('upstream_rejected');
    phase = 'outage';
    expect((await submit()).body.retryable).toBe(true);
    expect((await stack.db.store.orders.listOfSession(id)).at(-1)).toMatchObject({
      attempt: 20,
      createState: 'unknown',
    });
    phase = 'answering';
    const resent = await submit();
    expect([resent.status, resent.body.orderReference]).toEqual([201, expect.stringMatching(/-20$/)]);
  });
});

describe('double submits', () => {
  it('20 concurrent submits of one session create one upstream order and all get the same answer', async () => {
    const id = await createSession(stack.bff.url);
    const answers = await Promise.all(Array.from({ length: 20 }, () => place(id)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => `${a.body.orderReference} ${a.body.redirectUrl}`)).size).toBe(1);
    expect(creates()).toHaveLength(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(19);
    expect(await stack.db.store.orders.listOfSession(id)).toHaveLength(1);
  });

  it('20 concurrent submits with one Idempotency-Key create one upstream order', async () => {
    const id = await createSession(stack.bff.url);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => place(id, shopper(), { 'idempotency-key': 'key-1' })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => a.body.orderReference)).size).toBe(1);
    expect(creates()).toHaveLength(1);
  });

  it('a repeated submit later returns the same order', async () => {
    const id = await createSession(stack.bff.url);
    const first = await place(id);
    const again = await place(id, shopper({ customer: { ...shopper().customer, firstName: 'Other' } }));
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(creates()).toHaveLength(1);
  });

  it('a fresh Idempotency-Key that only replays the live attempt leaves no key behind', async () => {
    const id = await createSession(stack.bff.url);
    const first = await place(id, shopper(), { 'idempotency-key': 'first-submit' });
    const keys = async () =>
      (await stack.db.driver.query<{ count: number }>('select count(*)::int as count from idempotency_keys'))[0]!.count;
    const before = await keys();
    for (let i = 0; i < 5; i++) {
      const replay = await place(id, shopper(), { 'idempotency-key': `fresh-${i}` });
      expect([replay.status, replay.body.orderReference]).toEqual([201, first.body.orderReference]);
    }
    expect(await keys()).toBe(before);
  });

  it('the same Idempotency-Key with a different body is refused with 422', async () => {
    const id = await createSession(stack.bff.url);
    expect((await place(id, shopper(), { 'idempotency-key': 'k' })).status).toBe(201);
    const reused = await place(id, shopper({ shippingMethod: 'pickup' }), { 'idempotency-key': 'k' });
    expect([reused.status, reused.body.code]).toEqual([422, 'idempotency_key_reused']);
  });

  it('refuses a malformed Idempotency-Key', async () => {
    const id = await createSession(stack.bff.url);
    const answer = await place(id, shopper(), { 'idempotency-key': 'has spaces in it' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].path).toBe('Idempotency-Key');
  });

  it('another provider starts a new attempt; after a decline, the same provider does too', async () => {
    const id = await createSession(stack.bff.url);
    const tabby = (await place(id)).body;
    const tamara = (await place(id, shopper({ bnplProvider: 'TAMARA_AE' }))).body;
    expect(tamara.orderReference).not.toBe(tabby.orderReference);
    expect(tamara.orderReference).toMatch(/-2$/);
    // Back to Tabby while its attempt is still live: the same order again.
    expect((await place(id)).body).toEqual(tabby);
    // The shopper comes back declined from Tabby (issue 5 records it; here the ledger is set directly).
    await stack.db.store.orders.update(tabby.orderReference, { status: 'declined' });
    const retry = (await place(id)).body;
    expect(retry.orderReference).toMatch(/-3$/);
    expect(creates()).toHaveLength(3);
  });

  it('two BFF instances on one ledger: while one creates, the other answers a retryable 409, then the same order', async () => {
    const second = await stack.startBff();
    for (const key of [undefined, 'shared-key']) {
      const id = await createSession(stack.bff.url);
      await call(`${stack.bff.url}/v1/checkout-sessions/${id}`); // options cached, so only the create is slow
      stack.sandbox.setFault('create-order', { kind: 'latency', ms: 400 }, { times: 1 });
      const headers: Record<string, string> = key ? { 'idempotency-key': key } : {};
      const first = place(id, shopper(), headers);
      await waitUntil(async () => (await stack.db.store.orders.listOfSession(id)).length === 1);
      const meanwhile = await call(`${second.url}/v1/checkout-sessions/${id}/orders`, json('POST', shopper(), headers));
      expect(meanwhile.status).toBe(409);
      expect(meanwhile.body).toMatchObject({
        code: key ? 'idempotency_key_in_flight' : 'order_in_progress',
        retryable: true,
      });
      expect(meanwhile.headers.get('retry-after')).toBe('1');
      const placed = await first;
      const later = await call(`${second.url}/v1/checkout-sessions/${id}/orders`, json('POST', shopper(), headers));
      expect([later.status, later.body]).toEqual([201, placed.body]);
    }
    expect(creates()).toHaveLength(2);
  });

  it('a paid session takes no new order, for any provider (409)', async () => {
    const id = await createSession(stack.bff.url);
    const first = (await place(id)).body;
    await followReturn((await stack.sandbox.decide(first.orderReference, { outcome: 'approve' })).redirectTo);
    expect((await stack.db.store.sessions.get(id))?.state).toBe('completed');
    for (const provider of ['TABBY_AE', 'TAMARA_AE']) {
      const answer = await place(id, shopper({ bnplProvider: provider }));
      expect([answer.status, answer.body.code]).toEqual([409, 'session_completed']);
    }
    expect(creates()).toHaveLength(1);
  });
});
