// GET /v1/instalments: the public plans for a price, for <opi-instalments>. BFF and sandbox real, on port 0.
import { describe, expect, it } from 'vitest';
import { instalmentsViewSchema, problemSchema, providerViewSchema } from '../../../shared/schemas/checkout-api.js';
import { call } from '../../support/checkout.js';
import { STOREFRONT_ORIGIN } from '../../support/servers.js';
import { useCheckoutStack } from '../../support/stack.js';

// A fresh BFF for every test: its options cache and learned catalogue start empty.
const stack = useCheckoutStack({ bff: 'test', env: { OPI_OPTIONS_CACHE_SECONDS: '45' } });

const instalments = (query: Record<string, string>, headers: Record<string, string> = {}, url = stack.bff.url) =>
  call(`${url}/v1/instalments?${new URLSearchParams(query)}`, { headers });

const names = (list: { name: string }[]) => list.map((provider) => provider.name);

describe('GET /v1/instalments', () => {
  it('lists the plans for a price, cacheable by a CDN, with nothing about anyone', async () => {
    const answer = await instalments({ amount: '189.00', currency: 'AED', country: 'AE' });
    expect(answer.status).toBe(200);
    const view = instalmentsViewSchema.parse(answer.body);
    expect(view).toMatchObject({ amount: 189, currency: 'AED', unavailableProviders: [] });
    expect(names(view.providers)).toEqual(['TABBY_AE', 'TAMARA_AE']);
    expect(view.providers[0]!.instalments).toEqual({ count: 4, amount: 47.25, interval: 'month' });
    expect(answer.headers.get('cache-control')).toBe('public, max-age=45');
    expect(answer.headers.get('vary')).toMatch(/Origin/);
    expect(Object.keys(answer.body).sort()).toEqual(['amount', 'currency', 'providers', 'unavailableProviders']);
    expect(answer.text).not.toMatch(/prefill|secret|token|merchant/i);
    // Only the shared view's fields: nothing else of the upstream's items (its checkout config, base64 logos).
    const extra = (answer.body.providers as object[]).flatMap((provider) =>
      Object.keys(provider).filter((key) => !(key in providerViewSchema.shape)),
    );
    expect(extra).toEqual([]);
  });

  it('says which providers a smaller price is under, once the BFF has seen them', async () => {
    await instalments({ amount: '189.00', currency: 'AED', country: 'AE' });
    const view = (await instalments({ amount: '50', currency: 'AED', country: 'AE' })).body;
    expect(names(view.providers)).toEqual(['TABBY_AE']);
    expect(view.unavailableProviders).toEqual([
      expect.objectContaining({ name: 'TAMARA_AE', minAmount: 100, reason: 'below_minimum' }),
    ]);
  });

  it('says from which amount instalments are offered when the price is under every minimum', async () => {
    await instalments({ amount: '189.00', currency: 'AED', country: 'AE' }); // the BFF learns the AED providers
    const answer = await instalments({ amount: '0.50', currency: 'AED', country: 'AE' });
    expect(answer.status).toBe(200);
    const view = instalmentsViewSchema.parse(answer.body);
    expect(view).toMatchObject({ amount: 0.5, providers: [], availableFrom: 1 });
    expect(view.unavailableProviders).toEqual([
      expect.objectContaining({ name: 'TABBY_AE', minAmount: 1, reason: 'below_minimum' }),
      expect.objectContaining({ name: 'TAMARA_AE', minAmount: 100, reason: 'below_minimum' }),
    ]);
    // The upstream takes no amount under 1 (its docs: "min 1"): that price is answered without asking it.
    const asked = stack.sandbox.journal.filter((entry) => entry.route === 'options');
    expect(asked.map((entry) => entry.query?.amount)).toEqual(['189']);
  });

  it('gives no "available from" while a provider fits, nor above every maximum', async () => {
    await instalments({ amount: '189.00', currency: 'AED', country: 'AE' });
    const between = instalmentsViewSchema.parse(
      (await instalments({ amount: '50', currency: 'AED', country: 'AE' })).body,
    );
    expect(between.availableFrom).toBeUndefined();
    const above = instalmentsViewSchema.parse(
      (await instalments({ amount: '25000', currency: 'AED', country: 'AE' })).body,
    );
    expect(above).toMatchObject({ providers: [] });
    expect(above.unavailableProviders.map((provider) => provider.reason)).toEqual(['above_maximum', 'above_maximum']);
    expect(above.availableFrom).toBeUndefined();
  });

  it('answers a sweep of prices from one snapshot: no upstream call after the first, each plan worked out', async () => {
    for (let amount = 101; amount <= 200; amount++) {
      const answer = await instalments({ amount: `${amount}.00`, currency: 'AED', country: 'AE' });
      expect(answer.status).toBe(200);
    }
    const view = (await instalments({ amount: '201.50', currency: 'AED', country: 'AE' })).body;
    expect(view.providers[0].instalments).toEqual({ count: 4, amount: 50.38, interval: 'month' });
    expect(view.providers.every((provider: { terms?: string }) => provider.terms === undefined)).toBe(true);
    expect(stack.sandbox.journal.filter((entry) => entry.route === 'options')).toHaveLength(1);
  });

  it('asks the upstream once for the same price (the options cache), and reads "default" as no channel', async () => {
    for (const channel of ['', 'default', 'DEFAULT']) {
      const query = { amount: '189.00', currency: 'AED', country: 'AE', ...(channel ? { channel } : {}) };
      expect(names((await instalments(query)).body.providers)).toEqual(['TABBY_AE', 'TAMARA_AE']);
    }
    const asked = stack.sandbox.journal.filter((entry) => entry.route === 'options');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.query).not.toHaveProperty('channel');
  });

  it.each([
    [{ amount: 'abc' }, 'amount', 'must be a decimal amount such as 100.00'],
    [{ amount: '0' }, 'amount', 'must be above 0'],
    [{ amount: '-5' }, 'amount', 'must be a decimal amount such as 100.00'],
    [{ amount: '1e3' }, 'amount', 'must be a decimal amount such as 100.00'],
    [{ amount: '5000000000' }, 'amount', 'must be at most 1000000000'],
    [{ amount: '123456789012' }, 'amount', 'must be a decimal amount such as 100.00'],
    [{ amount: '10.123' }, 'amount', expect.stringMatching(/decimal/)],
    [{ amount: '1.234', currency: 'KWD', country: 'KW' }, 'amount', expect.stringMatching(/decimal/)],
    [{ currency: 'AEDX' }, 'currency', expect.any(String)],
    [{ country: 'UK' }, 'country', expect.any(String)],
    [{ amount: undefined }, 'amount', expect.any(String)],
  ])('refuses %o with 400 naming %s', async (change, path, message) => {
    const query = Object.fromEntries(
      Object.entries({ amount: '189.00', currency: 'AED', country: 'AE', ...change }).filter(
        ([, v]) => v !== undefined,
      ),
    ) as Record<string, string>;
    const answer = await instalments(query);
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const problem = problemSchema.parse(answer.body);
    expect(problem.code).toBe('validation_failed');
    expect(problem.errors).toContainEqual({ path, message });
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('grants CORS to the shop only', async () => {
    const query = { amount: '189.00', currency: 'AED', country: 'AE' };
    const shop = await instalments(query, { origin: STOREFRONT_ORIGIN });
    expect(shop.headers.get('access-control-allow-origin')).toBe(STOREFRONT_ORIGIN);
    const other = await instalments(query, { origin: 'https://elsewhere.example' });
    expect(other.headers.get('access-control-allow-origin')).toBe(null);
  });

  it('is rate limited per client', async () => {
    const limited = await stack.startBff({ env: { OPI_RATE_LIMIT_PER_MINUTE: '2' } });
    const query = { amount: '189.00', currency: 'AED', country: 'AE' };
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await instalments(query, {}, limited.url));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429]);
    expect([answers[2]!.body.code, answers[2]!.headers.get('cache-control')]).toEqual(['rate_limited', 'no-store']);
    expect(answers[2]!.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
