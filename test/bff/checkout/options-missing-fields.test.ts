// GET /options items as the newer reference may send them, without `currency`, `minAmount` or `maxAmount`: the
// providers are still listed (in the request's currency, unbounded on a missing side) and can be ordered. The real
// sandbox answers, and the BFF's fetch takes those three fields out of every item on the way back.
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT } from '../../../shared/schemas/fields.js';
import { call, createSession, json, shopper } from '../../support/checkout.js';
import type { TestBff } from '../../support/servers.js';
import { useCheckoutStack } from '../../support/stack.js';

const stack = useCheckoutStack({ bff: 'none', env: { OPI_UPSTREAM_TIMEOUT_MS: '2000' } });

/** fetch, with `fields` removed from each item of a GET /options answer. */
function stripping(fields: readonly string[]): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (!new URL(String(input)).pathname.startsWith('/options') || !response.ok) return response;
    const items = (await response.json()) as Record<string, unknown>[];
    const bare = items.map((item) => Object.fromEntries(Object.entries(item).filter(([key]) => !fields.includes(key))));
    return new Response(JSON.stringify(bare), {
      status: response.status,
      headers: { 'content-type': 'application/json' },
    });
  };
}

const startBff = (fields: readonly string[]) => stack.startBff({ client: { fetch: stripping(fields) } });
const view = async (bff: TestBff, id: string) => (await call(`${bff.url}/v1/checkout-sessions/${id}`)).body;

describe('options items without currency or limits', () => {
  it('still list their providers in the session view, unbounded, and an order can be placed', async () => {
    const bff = await startBff(['currency', 'minAmount', 'maxAmount']);
    const id = await createSession(bff.url);
    const { providers, unavailableProviders } = await view(bff, id);
    expect(providers.map((provider: { name: string }) => provider.name)).toEqual(['TABBY_AE', 'TAMARA_AE']);
    for (const provider of providers) expect(provider).toMatchObject({ minAmount: 0, maxAmount: MAX_AMOUNT });
    expect(unavailableProviders).toEqual([]);
    expect(bff.logs.filter((line) => line.includes('option item the contract refuses'))).toEqual([]);

    const placed = await call(`${bff.url}/v1/checkout-sessions/${id}/orders`, json('POST', shopper()));
    expect(placed.status).toBe(201);
  });

  it('take the currency asked for when only it is missing, keeping their stated limits', async () => {
    const bff = await startBff(['currency']);
    const id = await createSession(bff.url);
    const { providers } = await view(bff, id);
    expect(providers.map((provider: { name: string }) => provider.name)).toEqual(['TABBY_AE', 'TAMARA_AE']);
    for (const provider of providers) expect(provider.maxAmount).toBeLessThan(MAX_AMOUNT);
  });

  it('list their providers for a product page too (GET /v1/instalments)', async () => {
    const bff = await startBff(['currency', 'minAmount', 'maxAmount']);
    const answer = await call(`${bff.url}/v1/instalments?amount=143.89&currency=AED&country=AE`);
    expect(answer.status).toBe(200);
    expect(answer.body.providers.map((provider: { name: string }) => provider.name)).toEqual(['TABBY_AE', 'TAMARA_AE']);
    expect(answer.body).not.toHaveProperty('availableFrom');
  });
});
