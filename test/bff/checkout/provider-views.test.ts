// Upstream options -> the widget's provider lists, and upstream messages -> field errors: pure functions, fed
// with option items in the shapes the upstream's documents show (numbers as strings, several term spellings).
import { describe, expect, it } from 'vitest';
import { availableFromMinor, toProviderLists } from '../../../bff/checkout/provider-views.js';
import { upstreamFieldErrors } from '../../../bff/domain/errors.js';
import { MAX_AMOUNT } from '../../../shared/schemas/fields.js';
import { readOptionItems } from '../../../bff/upstream/contract.js';

const option = (overrides: Record<string, unknown>) => ({
  name: 'TABBY_AE',
  currency: 'AED',
  minAmount: '1',
  maxAmount: '10000',
  priority: '5',
  ...overrides,
});

const lists = (items: Record<string, unknown>[], amountMinor = 14389, currency = 'AED') =>
  toProviderLists(readOptionItems(items).items, { amountMinor, currency });

describe('toProviderLists', () => {
  it('sorts by priority then name, and keeps only the cart currency', () => {
    const { providers } = lists([
      option({ name: 'TAMARA_AE', priority: '2' }),
      option({ name: 'ZIP_AE', priority: '1' }),
      option({ name: 'ATOME_AE', priority: '2' }),
      option({ name: 'TAMARA_SA', currency: 'SAR', priority: '1' }),
    ]);
    expect(providers.map((p) => p.name)).toEqual(['ZIP_AE', 'ATOME_AE', 'TAMARA_AE']);
  });

  it('lists out-of-range providers with the reason, comparing limits in minor units', () => {
    const result = lists(
      [
        option({ name: 'LOW', minAmount: '143.90' }),
        option({ name: 'EXACT_MIN', minAmount: '143.89' }),
        option({ name: 'EXACT_MAX', maxAmount: '143.89' }),
        option({ name: 'HIGH', maxAmount: '143.88' }),
      ],
      14389,
    );
    expect(result.providers.map((p) => p.name)).toEqual(['EXACT_MAX', 'EXACT_MIN']);
    expect(result.unavailableProviders).toEqual([
      { name: 'HIGH', displayName: 'High', minAmount: 1, maxAmount: 143.88, reason: 'above_maximum' },
      { name: 'LOW', displayName: 'Low', minAmount: 143.9, maxAmount: 10000, reason: 'below_minimum' },
    ]);
  });

  it('reads instalments from the instalment block in any term spelling, or from the weekly cost', () => {
    const { providers } = lists([
      option({
        name: 'A_AE',
        priority: '1',
        instalment: { rate: { amount: 33.33, currency: 'AED' }, termDuration: 3, termUnit: 'weeks' },
      }),
      option({
        name: 'B_AE',
        priority: '2',
        instalment: { rate: { amount: '50', currency: 'AED' }, termDuration: '4', termUnit: 'Fortnightly' },
      }),
      option({ name: 'C_AE', priority: '3', weeklyCost: { amount: 25, currency: 'AED' }, termDurationInWeeks: 6 }),
      option({
        name: 'D_AE',
        priority: '4',
        instalment: { rate: { amount: 10, currency: 'AED' }, termDuration: 2, termUnit: 'eons' },
      }),
      option({ name: 'E_AE', priority: '5' }),
      // A word that names something every object has is no interval either.
      option({
        name: 'F_AE',
        priority: '6',
        instalment: { rate: { amount: 10, currency: 'AED' }, termDuration: 2, termUnit: 'constructor' },
      }),
    ]);
    expect(providers.map((p) => p.instalments)).toEqual([
      { count: 3, amount: 33.33, interval: 'week' },
      { count: 4, amount: 50, interval: 'fortnight' },
      { count: 6, amount: 25, interval: 'week' },
      null,
      null,
      null,
    ]);
  });

  it('normalises the rest: logo, terms, recommended, interest, required fields', () => {
    const [tamara, other] = lists([
      option({
        name: 'TAMARA_AE',
        priority: '1',
        imageUrl: 'https://widgets.example/tamara.png',
        terms: 'Pay in 3',
        recommended: true,
        interestRate: '0.5',
        requiredFields: ['shippingAddress'],
      }),
      option({
        name: 'OTHER_AE',
        priority: '2',
        imageUrl: 'javascript:alert(1)',
        requiredFields: ['shippingAddress.postalCode'],
      }),
    ]).providers;
    expect(tamara).toEqual({
      name: 'TAMARA_AE',
      displayName: 'Tamara',
      logoUrl: 'https://widgets.example/tamara.png',
      terms: 'Pay in 3',
      recommended: true,
      priority: 1,
      minAmount: 1,
      maxAmount: 10000,
      instalments: null,
      interestRate: 0.5,
      requiredFields: ['shippingAddress'],
      requiresShippingAddress: true,
    });
    expect(other).not.toHaveProperty('logoUrl');
    expect(other).toMatchObject({ recommended: false, interestRate: 0, requiresShippingAddress: true });
  });

  it('keeps the first entry of a provider listed twice', () => {
    const { providers } = lists([option({ priority: '9', terms: 'late' }), option({ priority: '1', terms: 'early' })]);
    expect(providers).toHaveLength(1);
    expect(providers[0]!.terms).toBe('early');
  });
});

describe('options items without currency or limits (the newer reference)', () => {
  // Read as the client reads an answer to an AED request.
  const read = (items: Record<string, unknown>[], amountMinor: number) =>
    toProviderLists(readOptionItems(items, 'AED').items, { amountMinor, currency: 'AED' });
  const bare = (name: string, extra: Record<string, unknown> = {}) => ({ name, priority: '1', ...extra });

  it("lists an item without any of them for any amount, in the request's currency", () => {
    for (const amountMinor of [1, 14389, MAX_AMOUNT * 100]) {
      const result = read([bare('TABBY_AE')], amountMinor);
      expect(result.unavailableProviders).toEqual([]);
      expect(result.providers).toEqual([
        expect.objectContaining({ name: 'TABBY_AE', minAmount: 0, maxAmount: MAX_AMOUNT }),
      ]);
    }
  });

  it('bounds only the side an item states', () => {
    // Tamara states only a minimum, Tabby only a maximum.
    const items = [bare('TAMARA_AE', { minAmount: '100' }), bare('TABBY_AE', { maxAmount: '50' })];
    expect(read(items, 75_00).unavailableProviders).toEqual([
      { name: 'TABBY_AE', displayName: 'Tabby', minAmount: 0, maxAmount: 50, reason: 'above_maximum' },
      { name: 'TAMARA_AE', displayName: 'Tamara', minAmount: 100, maxAmount: MAX_AMOUNT, reason: 'below_minimum' },
    ]);
    expect(read(items, 20_00).providers.map((p) => p.name)).toEqual(['TABBY_AE']);
    expect(read(items, 500_00).providers.map((p) => p.name)).toEqual(['TAMARA_AE']);
    // With no provider for the amount, "available from" comes from the stated minimum.
    expect(availableFromMinor(read([bare('TAMARA_AE', { minAmount: '100' })], 20_00), 'AED')).toBe(100_00);
  });

  it('still keeps only the cart currency when an item names its own', () => {
    const result = read([bare('TAMARA_SA', { currency: 'SAR' }), bare('TABBY_AE')], 14389);
    expect(result.providers.map((p) => p.name)).toEqual(['TABBY_AE']);
  });
});

describe('upstreamFieldErrors', () => {
  it('splits the leading field path from the message', () => {
    expect(
      upstreamFieldErrors([
        'billingAddress.country must be a valid ISO31661 Alpha2 code',
        'orderItems[0].quantity must be an integer number',
        'Unexpected token / in JSON at position 1333',
        'customer should not be empty',
        'bnplProvider TABBY_AE is not offered for AED 1.00',
      ]),
    ).toEqual([
      { path: 'billingAddress.country', message: 'must be a valid ISO31661 Alpha2 code' },
      { path: 'orderItems.0.quantity', message: 'must be an integer number' },
      { path: '', message: 'Unexpected token / in JSON at position 1333' },
      { path: 'customer', message: 'should not be empty' },
      { path: '', message: 'bnplProvider TABBY_AE is not offered for AED 1.00' },
    ]);
  });
});
