import { describe, expect, it } from 'vitest';
import { addressInputSchema } from '../../shared/schemas/address.js';
import { withAddressDefaults } from '../../shared/address-defaults.js';
import {
  createSessionRequestSchema,
  updateSessionCartSchema,
  issuesToFieldErrors,
  placeOrderRequestSchema,
} from '../../shared/schemas/checkout-api.js';
import { countryCodes, isCountryCode, usesPostalCode } from '../../shared/countries.js';
import { providerDisplayName } from '../../shared/providers.js';
import { address, customer, customerJwt, messages } from './fixtures.js';

describe('address defaults', () => {
  it('fills state with the country code and region with the country name when absent', () => {
    const filled = withAddressDefaults({
      ...address,
      country: 'SA',
      state: undefined,
      region: '',
      streetAddress2: undefined,
    });
    expect([filled.state, filled.region, filled.streetAddress2]).toEqual(['SA', 'Saudi Arabia', '']);
  });
  it('keeps the shopper own state and region', () => {
    const kept = withAddressDefaults({ ...address, state: 'DU', region: 'Dubai' });
    expect([kept.state, kept.region]).toEqual(['DU', 'Dubai']);
  });
  it('asks a postal code only where the country has them, and sends an empty one where it has none', () => {
    expect(['AE', 'QA', 'HK'].some(usesPostalCode)).toBe(false);
    expect(['SA', 'KW', 'AU', 'SG', 'GB', 'US'].every(usesPostalCode)).toBe(true);
    const { postalCode: _none, ...withoutCode } = address;
    expect(addressInputSchema.safeParse({ ...withoutCode, country: 'AE' }).success).toBe(true);
    expect(messages(addressInputSchema.safeParse({ ...withoutCode, country: 'SA' }))).toEqual([
      'postalCode: is required',
    ]);
    expect(messages(addressInputSchema.safeParse({ ...withoutCode, country: 'SA', postalCode: '  ' }))).toEqual([
      'postalCode: is required',
    ]);
    // One message per field: a wrong country is not also a missing postal code.
    expect(messages(addressInputSchema.safeParse({ ...withoutCode, country: 'UK' }))).toEqual([
      'country: must be an ISO 3166-1 alpha-2 country code, such as AE',
    ]);
    expect(withAddressDefaults({ ...withoutCode, country: 'QA' }).postalCode).toBe('');
  });

  it('knows what is an ISO 3166 alpha-2 country', () => {
    expect(['AE', 'SA', 'KW', 'AU', 'SG', 'US'].every(isCountryCode)).toBe(true);
    expect(['XX', 'ZZ', 'EU', 'UAE', 'ae'].some(isCountryCode)).toBe(false);
  });

  it('takes only current, assigned codes: one code and one name per country', () => {
    // Withdrawn codes Intl still names, the exceptionally reserved ones, and Kosovo's user-assigned XK.
    for (const code of ['UK', 'YU', 'CS', 'DD', 'FX', 'SU', 'ZR', 'AN', 'TP', 'AC', 'IC', 'XK'])
      expect(isCountryCode(code), code).toBe(false);
    expect(['GB', 'RS', 'DE', 'FR', 'RU', 'CD', 'CW', 'TL'].every(isCountryCode)).toBe(true);
    const codes = countryCodes();
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    expect(codes).toHaveLength(249);
    expect(new Set(codes.map((code) => names.of(code))).size).toBe(codes.length);
  });
});

describe('checkout session request (merchant API)', () => {
  const cart = {
    orderItems: [{ name: 'Abaya', quantity: 2, sku: 'AB-1', unitPrice: 50, totalAmount: 100 }],
    purchaseCountry: 'AE',
    purchaseCurrency: 'AED',
    locale: 'en_AE',
    returnUrl: 'https://shop.example/thanks',
  };
  it('accepts a cart and defaults shipping, tax and discount to 0', () => {
    const parsed = createSessionRequestSchema.parse(cart);
    expect([parsed.shippingAmount, parsed.taxAmount, parsed.discountAmount, parsed.requiresShipping]).toEqual([
      0,
      0,
      0,
      true,
    ]);
  });
  it('checks the item amounts in minor units', () => {
    const wrong = { ...cart, orderItems: [{ ...cart.orderItems[0]!, totalAmount: 99 }] };
    expect(messages(createSessionRequestSchema.safeParse(wrong))).toContain(
      'orderItems.0.totalAmount: must equal quantity * unitPrice',
    );
  });
  it('takes the order fields the seed names (shippingType, the payment sessionId) and a store for pickups', () => {
    const store = { streetAddress: '5 Souk Lane', city: 'Sharjah', country: 'AE' };
    const pickup = {
      ...cart,
      shippingMethod: 'store',
      shippingType: 'same day',
      paymentSessionId: 'ps-1',
      storeAddress: store,
    };
    expect(createSessionRequestSchema.parse(pickup)).toMatchObject({
      shippingType: 'same day',
      paymentSessionId: 'ps-1',
      storeAddress: store,
    });
    expect(messages(createSessionRequestSchema.safeParse({ ...cart, shippingMethod: 'store' }))).toEqual([
      'storeAddress: is required when shippingMethod is store',
    ]);
    expect(
      messages(updateSessionCartSchema.safeParse({ orderItems: cart.orderItems, shippingMethod: 'store' })),
    ).toEqual(['storeAddress: is required when shippingMethod is store']);
    expect(
      messages(createSessionRequestSchema.safeParse({ ...pickup, storeAddress: { ...store, country: 'GB' } })),
    ).toEqual(['storeAddress.postalCode: is required']);
  });
  it("takes a customerToken in a JWT's form, as long as the docs' sample", () => {
    expect(createSessionRequestSchema.parse({ ...cart, customerToken: customerJwt() }).customerToken).toBe(
      customerJwt(),
    );
    expect(createSessionRequestSchema.parse(cart)).not.toHaveProperty('customerToken');
  });
  it.each([
    ['an email', 'amal@example.com'],
    ['two parts', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0'],
    ['four parts', 'a.b.c.d'],
    ['an empty signature', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.'],
    ['padding', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0=.c2ln'],
    ['the standard alphabet', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2l+/w'],
    ['surrounding space', ' eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln'],
    ['a bearer prefix', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln'],
  ])('refuses a customerToken with %s, naming the field', (_name, customerToken) => {
    expect(messages(createSessionRequestSchema.safeParse({ ...cart, customerToken }))).toEqual([
      'customerToken: must be a JWT (three base64url parts separated by dots)',
    ]);
  });
  it('refuses a customerToken over 4096 characters, and one that is not text', () => {
    const long = `eyJhbGciOiJIUzI1NiJ9.${'a'.repeat(4096)}.c2ln`;
    expect(messages(createSessionRequestSchema.safeParse({ ...cart, customerToken: long }))).toEqual([
      'customerToken: must be at most 4096 characters',
    ]);
    expect(messages(createSessionRequestSchema.safeParse({ ...cart, customerToken: 42 }))).toEqual([
      'customerToken: must be text',
    ]);
  });
  it('refuses an unknown field, naming it', () => {
    const result = createSessionRequestSchema.safeParse({ ...cart, orderAmount: 1 });
    expect(issuesToFieldErrors(result.error!.issues)).toContainEqual({
      path: 'orderAmount',
      message: 'is not an accepted field',
    });
  });
});

describe('place order request (widget API)', () => {
  const body = {
    bnplProvider: 'TABBY_AE',
    customer,
    billingAddress: { ...address, state: undefined, region: undefined },
  };
  it('accepts the shopper details without state and region', () => {
    expect(placeOrderRequestSchema.safeParse(body).success).toBe(true);
  });
  it('refuses any amount, item or URL the browser tries to set, naming each', () => {
    const result = placeOrderRequestSchema.safeParse({
      ...body,
      orderAmount: 1,
      orderItems: [],
      dynamicRedirectUrl: 'https://evil.example',
    });
    expect(issuesToFieldErrors(result.error!.issues).map((e) => e.path)).toEqual([
      'orderAmount',
      'orderItems',
      'dynamicRedirectUrl',
    ]);
  });
});

describe('provider display names', () => {
  it.each([
    ['TABBY_AE', 'Tabby'],
    ['AFTERPAY_AU', 'Afterpay'],
    ['KLARNA', 'Klarna'],
    ['PAYPAL', 'PayPal'],
  ])('%s -> %s', (name, brand) => {
    expect(providerDisplayName(name)).toBe(brand);
  });
});

describe('text length limits', () => {
  it('say what is wrong with text that is too long, not that it is not text', () => {
    const long = 'x'.repeat(300);
    expect(
      messages(
        placeOrderRequestSchema.safeParse({
          bnplProvider: 'TABBY_AE',
          customer: { ...customer, firstName: long },
          billingAddress: { ...address, streetAddress2: long, region: long },
        }),
      ),
    ).toEqual([
      'customer.firstName: must be at most 255 characters',
      'billingAddress.streetAddress2: must be at most 255 characters',
      'billingAddress.region: must be at most 255 characters',
    ]);
  });
});
