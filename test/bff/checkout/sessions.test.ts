// The merchant creates sessions; the widget reads them. BFF and sandbox both real, on port 0; PGlite in memory.
import { beforeEach, describe, expect, it } from 'vitest';
import { createSessionResponseSchema, problemSchema, sessionViewSchema } from '../../../shared/schemas/checkout-api.js';
import { call, cart, createSession, json, merchant, shopper } from '../../support/checkout.js';
import { STOREFRONT_ORIGIN } from '../../support/servers.js';
import { useCheckoutStack } from '../../support/stack.js';
import { followReturn } from '../../support/after-payment-harness.js';

let clock = new Date();
// A fresh BFF for every test: its options cache starts empty.
const stack = useCheckoutStack({ bff: 'test', now: () => clock, env: { OPI_SESSION_TTL_MINUTES: '30' } });
beforeEach(() => {
  clock = new Date();
});

const sessions = () => `${stack.bff.url}/v1/checkout-sessions`;

describe('POST /v1/checkout-sessions (merchant)', () => {
  it('reads the channel "default" as the default channel: the same providers as no channel, and none sent upstream', async () => {
    const named = await createSession(stack.bff.url, { channel: 'default' });
    const view = (await call(`${stack.bff.url}/v1/checkout-sessions/${named}`)).body;
    expect(view.providers.map((provider: { name: string }) => provider.name)).toEqual(['TABBY_AE', 'TAMARA_AE']);
    expect((await stack.db.store.sessions.get(named))?.cart).not.toHaveProperty('channel');
    const asked = stack.sandbox.journal.filter((entry) => entry.route === 'options');
    expect(asked.every((entry) => !('channel' in (entry.query ?? {})))).toBe(true);
  });

  it('creates a session with an unguessable id and answers amount and expiry', async () => {
    const answer = await call(sessions(), json('POST', cart(), merchant));
    expect(answer.status).toBe(201);
    const body = createSessionResponseSchema.parse(answer.body);
    expect(body.id).toMatch(/^cs_[A-Za-z0-9_-]{22}$/);
    expect(body).toMatchObject({
      amount: 143.89,
      currency: 'AED',
      expiresAt: new Date(clock.getTime() + 30 * 60_000).toISOString(),
    });
    const stored = await stack.db.store.sessions.get(body.id);
    expect(stored).toMatchObject({ amountMinor: 14389, currency: 'AED', country: 'AE', state: 'open' });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    // Never cached, so never validated: no ETag computed from the body.
    const read = await call(`${stack.bff.url}/v1/checkout-sessions/${body.id}`);
    expect([read.status, read.headers.get('cache-control'), read.headers.get('etag')]).toEqual([200, 'no-store', null]);
  });

  it('gives every session a different id', async () => {
    const ids = await Promise.all(Array.from({ length: 5 }, () => createSession(stack.bff.url)));
    expect(new Set(ids).size).toBe(5);
  });

  it.each([
    ['no header', {}],
    ['a wrong key', { authorization: 'Bearer mk_wrong_key_of_some_length' }],
    ['another scheme', { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }],
  ])('refuses %s with 401', async (_what, headers) => {
    const answer = await call(sessions(), json('POST', cart(), headers));
    expect(answer.status).toBe(401);
    expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(problemSchema.parse(answer.body).code).toBe('unauthorized');
    expect(await stack.db.driver.query('select id from checkout_sessions')).toEqual([]);
  });

  it('refuses amounts that do not add up, naming the field', async () => {
    const answer = await call(
      sessions(),
      json(
        'POST',
        cart({ orderItems: [{ name: 'Shirt', sku: 'S', quantity: 2, unitPrice: 64.5, totalAmount: 130 }] }),
        merchant,
      ),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('validation_failed');
    expect(answer.body.errors).toContainEqual({
      path: 'orderItems.0.totalAmount',
      message: 'must equal quantity * unitPrice',
    });
  });

  it('refuses more decimals than the currency has', async () => {
    const answer = await call(sessions(), json('POST', cart({ shippingAmount: 7.999 }), merchant));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toContainEqual({
      path: 'shippingAmount',
      message: 'must have at most 2 decimals in AED',
    });
  });

  it('refuses a KWD cart whose fils need a third decimal, and takes one whose third decimal is 0', async () => {
    const kwd = { purchaseCountry: 'KW', purchaseCurrency: 'KWD', locale: 'en_KW' };
    const refused = await call(sessions(), json('POST', cart({ ...kwd, shippingAmount: 7.995 }), merchant));
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('validation_failed');
    expect(refused.body.errors).toContainEqual({
      path: 'shippingAmount',
      message: 'must have at most 2 decimals: the payment service takes no more, even in KWD',
    });
    const taken = await call(sessions(), json('POST', cart({ ...kwd, shippingAmount: 7.99 }), merchant));
    expect(taken.status).toBe(201);
  });

  it('refuses a cart that adds up to nothing', async () => {
    const answer = await call(
      sessions(),
      json('POST', cart({ shippingAmount: 0, taxAmount: 0, discountAmount: 129 }), merchant),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([{ path: 'orderItems', message: 'must add up to an order amount above 0' }]);
  });

  it('refuses an unknown field by name', async () => {
    const answer = await call(sessions(), json('POST', { ...cart(), orderAmount: 1 }, merchant));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'unknown_field',
      errors: [{ path: 'orderAmount', message: 'is not an accepted field' }],
    });
  });
});

describe('GET /v1/checkout-sessions/:id (widget)', () => {
  it('answers the session with its providers from the upstream, sorted, with plans and logos', async () => {
    const id = await createSession(stack.bff.url, {
      customer: { email: 'amal@example.com' },
      requiresShipping: false,
      shippingMethod: 'digital',
    });
    const answer = await call(`${sessions()}/${id}`, { headers: { origin: STOREFRONT_ORIGIN } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe(STOREFRONT_ORIGIN);
    const view = sessionViewSchema.parse(answer.body);
    expect(view).toMatchObject({
      id,
      state: 'open',
      amount: 143.89,
      currency: 'AED',
      country: 'AE',
      locale: 'en_AE',
      requiresShipping: false,
      shippingMethod: 'digital',
      prefill: { customer: { email: 'amal@example.com' } },
      unavailableProviders: [],
    });
    expect(view.providers.map((p) => p.name)).toEqual(['TABBY_AE', 'TAMARA_AE']);
    const [tabby, tamara] = view.providers;
    expect(tabby).toMatchObject({
      displayName: 'Tabby',
      recommended: true,
      priority: 1,
      minAmount: 1,
      maxAmount: 10000,
      interestRate: 0,
      requiredFields: [],
      requiresShippingAddress: false,
      instalments: { count: 4, interval: 'month', amount: 35.97 },
    });
    expect(tabby!.logoUrl).toMatch(new RegExp(`^${stack.sandbox.url}/`));
    expect(tabby!.terms).toMatch(/Tabby/);
    expect(tamara).toMatchObject({
      requiredFields: ['shippingAddress'],
      requiresShippingAddress: true,
      instalments: { count: 3, interval: 'month' },
    });
  });

  it('asks the upstream for options with the amount in major units and caches them per cart', async () => {
    const first = await createSession(stack.bff.url);
    const second = await createSession(stack.bff.url);
    await call(`${sessions()}/${first}`);
    await call(`${sessions()}/${second}`);
    const optionCalls = stack.sandbox.journal.filter((entry) => entry.path === '/options');
    expect(optionCalls).toHaveLength(1);
    expect(optionCalls[0]!.query).toMatchObject({ amount: '143.89', currency: 'AED' });
  });

  it('passes the channel to the upstream', async () => {
    const id = await createSession(stack.bff.url, { channel: 'app' });
    const view = sessionViewSchema.parse((await call(`${sessions()}/${id}`)).body);
    expect(view.providers.map((p) => p.name)).toEqual(['TABBY_AE']);
    expect(stack.sandbox.journal.find((entry) => entry.path === '/options')!.query).toMatchObject({ channel: 'app' });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['cs_AAAAAAAAAAAAAAAAAAAAAA', 'nope', 'cs_%27%20or%201=1']) {
      const answer = await call(`${sessions()}/${id}`);
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe('session_not_found');
    }
  });

  it('answers 410 once the session has expired', async () => {
    const id = await createSession(stack.bff.url);
    clock = new Date(clock.getTime() + 30 * 60_000);
    const answer = await call(`${sessions()}/${id}`);
    expect(answer.status).toBe(410);
    expect(answer.body.code).toBe('session_expired');
  });

  it('answers 409 once the session is paid', async () => {
    const id = await createSession(stack.bff.url);
    const placed = await call(`${sessions()}/${id}/orders`, json('POST', shopper()));
    await followReturn((await stack.sandbox.decide(placed.body.orderReference, { outcome: 'approve' })).redirectTo);
    const answer = await call(`${sessions()}/${id}`);
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('session_completed');
  });

  it('maps an upstream outage on options to a retryable 502 after three attempts', async () => {
    const id = await createSession(stack.bff.url);
    stack.sandbox.setFault('options', { kind: 'status', status: 503 });
    const outage = await call(`${sessions()}/${id}`);
    expect(outage.status).toBe(502);
    expect(outage.body).toMatchObject({ code: 'upstream_unavailable', retryable: true });
    // Reads are retried: three attempts before giving up.
    expect(stack.sandbox.journal.filter((entry) => entry.path === '/options')).toHaveLength(3);
  });

  it('asks a failing upstream once per 2 s for a cart, however many reads come meanwhile', async () => {
    const id = await createSession(stack.bff.url);
    stack.sandbox.setFault('options', { kind: 'status', status: 503 });
    for (let i = 0; i < 5; i++) expect((await call(`${sessions()}/${id}`)).status).toBe(502);
    const asked = () => stack.sandbox.journal.filter((entry) => entry.path === '/options').length;
    expect(asked(), 'one call (three attempts) for the five reads').toBe(3);
    stack.sandbox.clearFaults();
    clock = new Date(clock.getTime() + 2_100);
    expect((await call(`${sessions()}/${id}`)).status).toBe(200);
    expect(asked()).toBe(4);
  });
});
