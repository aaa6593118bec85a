// The learned catalogue: /options answers only the providers that take the cart's amount, so the BFF remembers
// the providers (and limits) it has seen, per currency and channel, and lists a known provider out of this
// cart's range as unavailable with its reason. Against the sandbox (TABBY_AE takes 1..10000 AED, TAMARA_AE
// 100..20000 AED), and the catalogue's bounds on its own.
import { describe, expect, it } from 'vitest';
import { createProviderCatalogue } from '../../../bff/checkout/provider-catalogue.js';
import { sessionViewSchema } from '../../../shared/schemas/checkout-api.js';
import { readOptionItems } from '../../../bff/upstream/contract.js';
import { call, createSession, json, shopper } from '../../support/checkout.js';
import { useCheckoutStack } from '../../support/stack.js';
import { pgliteTestStore } from '../../support/store.js';
import { waitUntil } from '../../support/wait.js';

// A fresh BFF and an empty ledger per test: its catalogue starts empty.
const stack = useCheckoutStack({ bff: 'test' });

const cartOf = (amount: number, overrides: Record<string, unknown> = {}) => ({
  orderItems: [{ name: 'Sofa', sku: 'SF-1', quantity: 1, unitPrice: amount, totalAmount: amount }],
  shippingAmount: 0,
  taxAmount: 0,
  ...overrides,
});

async function view(amount: number, overrides: Record<string, unknown> = {}) {
  const id = await createSession(stack.bff.url, cartOf(amount, overrides));
  const answer = await call(`${stack.bff.url}/v1/checkout-sessions/${id}`);
  expect(answer.status).toBe(200);
  return sessionViewSchema.parse(answer.body);
}

describe('against the sandbox', () => {
  it('a small cart viewed first lists no unavailable provider: nothing is known yet', async () => {
    const small = await view(50);
    expect(small.providers.map((provider) => provider.name)).toEqual(['TABBY_AE']);
    expect(small.unavailableProviders).toEqual([]);
  });

  it('after a big cart, a small cart lists the big-cart provider as below its minimum, and the other way round', async () => {
    const big = await view(15_000);
    expect(big.providers.map((provider) => provider.name)).toEqual(['TAMARA_AE']);
    expect(big.unavailableProviders).toEqual([]);

    const small = await view(50);
    expect(small.providers.map((provider) => provider.name)).toEqual(['TABBY_AE']);
    expect(small.unavailableProviders).toEqual([
      { name: 'TAMARA_AE', displayName: 'Tamara', minAmount: 100, maxAmount: 20_000, reason: 'below_minimum' },
    ]);

    const bigAgain = await view(15_000);
    expect(bigAgain.unavailableProviders).toEqual([
      { name: 'TABBY_AE', displayName: 'Tabby', minAmount: 1, maxAmount: 10_000, reason: 'above_maximum' },
    ]);
  });

  it('a provider known for another currency or another channel is not listed', async () => {
    await view(15_000, { purchaseCurrency: 'SAR', purchaseCountry: 'SA', locale: 'en_SA' });
    await view(15_000, { channel: 'mobile' });
    const small = await view(50);
    expect(small.unavailableProviders).toEqual([]);
  });

  it('a BFF that starts later on the same ledger knows what the first one learned', async () => {
    await view(15_000);
    await waitUntil(async () => (await stack.db.store.providers.learned(new Date(0))).length > 0, 5_000);
    const later = await stack.startBff({ store: await stack.db.another() });
    const id = await createSession(later.url, cartOf(50));
    const small = sessionViewSchema.parse((await call(`${later.url}/v1/checkout-sessions/${id}`)).body);
    expect(small.unavailableProviders.map((provider) => provider.name)).toEqual(['TAMARA_AE']);
  });

  it('placing an order still takes only the providers the upstream offers for the cart', async () => {
    await view(15_000);
    const id = await createSession(stack.bff.url, cartOf(50));
    const answer = await call(
      `${stack.bff.url}/v1/checkout-sessions/${id}/orders`,
      json('POST', shopper({ bnplProvider: 'TAMARA_AE' })),
    );
    expect([answer.status, answer.body.code]).toEqual([422, 'provider_not_eligible']);
  });
});

describe('the catalogue on its own', () => {
  const T0 = new Date('2030-01-01T00:00:00Z');
  const later = (ms: number) => new Date(T0.getTime() + ms);
  const item = (name: string, currency = 'AED', minAmount = 100, maxAmount = 200) =>
    readOptionItems([{ name, currency, minAmount, maxAmount }]).items[0]!;

  const names = async (pending: Promise<{ name: string }[]>) => (await pending).map((option) => option.name);

  it('keeps only providers of the key currency, and forgets one not seen for a day', async () => {
    const catalogue = createProviderCatalogue({ now: () => T0 });
    catalogue.learn({ currency: 'AED' }, [item('A'), item('OTHER', 'SAR')], T0);
    expect(await names(catalogue.outOfRange({ currency: 'AED' }, 50_00, [], later(1_000)))).toEqual(['A']);
    expect(await catalogue.outOfRange({ currency: 'SAR' }, 50_00, [], later(1_000))).toEqual([]);
    expect(await catalogue.outOfRange({ currency: 'AED' }, 150_00, [], later(1_000))).toEqual([]);
    expect(await catalogue.outOfRange({ currency: 'AED' }, 50_00, [], later(25 * 3_600_000))).toEqual([]);
  });

  it('never lists a provider learned without limits as out of range, and one with a single limit only past it', async () => {
    const catalogue = createProviderCatalogue({ now: () => T0 });
    const learned = readOptionItems(
      [{ name: 'ANY' }, { name: 'FROM_100', minAmount: 100 }, { name: 'UP_TO_200', maxAmount: '200' }],
      'AED',
    ).items;
    catalogue.learn({ currency: 'AED' }, learned, T0);
    expect(await names(catalogue.outOfRange({ currency: 'AED' }, 50_00, [], T0))).toEqual(['FROM_100']);
    expect(await names(catalogue.outOfRange({ currency: 'AED' }, 150_00, [], T0))).toEqual([]);
    expect(await names(catalogue.outOfRange({ currency: 'AED' }, 250_00, [], T0))).toEqual(['UP_TO_200']);
  });

  it('is bounded: the least recently seen currency and channel is forgotten first', async () => {
    const catalogue = createProviderCatalogue({ now: () => T0 });
    for (let i = 0; i <= 100; i++) catalogue.learn({ currency: 'AED', channel: `c${i}` }, [item('A')], T0);
    expect(await catalogue.outOfRange({ currency: 'AED', channel: 'c0' }, 50_00, [], T0)).toEqual([]);
    expect(await catalogue.outOfRange({ currency: 'AED', channel: 'c1' }, 50_00, [], T0)).toHaveLength(1);
    expect(await catalogue.outOfRange({ currency: 'AED', channel: 'c100' }, 50_00, [], T0)).toHaveLength(1);
  });

  it('is kept in the ledger: a new catalogue reads it, a day-old entry is gone, a fresher answer wins', async () => {
    const db = await pgliteTestStore();
    try {
      const first = createProviderCatalogue({ saved: db.store.providers, now: () => T0 });
      first.learn({ currency: 'AED' }, [item('OLD')], T0);
      first.learn({ currency: 'AED', channel: 'mobile' }, [item('A', 'AED', 100, 200)], later(2 * 3_600_000));
      first.learn({ currency: 'AED' }, [item('B', 'AED', 100, 200)], later(25 * 3_600_000));
      await waitUntil(async () => (await db.store.providers.learned(new Date(0))).length === 2, 5_000);

      const second = createProviderCatalogue({ saved: db.store.providers, now: () => later(25 * 3_600_000) });
      // Learnt before the ledger's rows arrive, with other limits: the fresher answer stays.
      second.learn({ currency: 'AED', channel: 'mobile' }, [item('A', 'AED', 10, 20)], later(26 * 3_600_000));
      const at = later(26 * 3_600_000);
      expect(await names(second.outOfRange({ currency: 'AED' }, 50_00, [], at))).toEqual(['B']);
      expect(await names(second.outOfRange({ currency: 'AED', channel: 'mobile' }, 50_00, [], at))).toEqual(['A']);
      expect(await second.outOfRange({ currency: 'AED', channel: 'mobile' }, 15_00, [], at)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
