import { describe, expect, it } from 'vitest';
import { orderRequestSchema } from '../../../bff/upstream/contract.js';
import { address, customerJwt, messages, validOrder } from '../../shared/fixtures.js';

const parse = (order: unknown) => orderRequestSchema.safeParse(order);
const without = <T extends object>(value: T, key: string) => {
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  delete copy[key];
  return copy;
};

/** Every field an address needs (streetAddress2 may be empty, but must be there). */
const ADDRESS_REQUIRED = [
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'streetAddress',
  'streetAddress2',
  'city',
  'country',
  'state',
  'region',
  'postalCode',
];

describe('order request: the spec example', () => {
  it('accepts the public docs example (alphanumeric sku, 130 + 7.99 + 6.9 = 144.89)', () => {
    expect(messages(parse(validOrder()))).toEqual([]);
  });

  it('accepts every optional field of the spec, including cancellationTimeout 2880', () => {
    const order = {
      ...validOrder(),
      shippingAddress: { ...address, title: 'Ms' },
      shippingType: 'express',
      shippingMethod: 'delivery',
      dynamicRedirectUrl: 'https://shop.example/return',
      dynamicCallbackUrl: 'https://shop.example/callback',
      sessionId: 'sess-1',
      customerToken: 'eyJhbGciOi',
      cancellationTimeout: 2880,
      autoCapture: false,
    };
    expect(messages(parse(order))).toEqual([]);
  });
});

describe('order request: required fields', () => {
  const required = [
    'orderReference',
    'bnplProvider',
    'purchaseCountry',
    'purchaseCurrency',
    'locale',
    'orderAmount',
    'orderItems',
    'taxAmount',
    'shippingAmount',
    'discountAmount',
    'customer',
    'billingAddress',
  ];
  it.each(required)('refuses an order without %s', (field) => {
    expect(messages(parse(without(validOrder(), field)))).toContain(`${field}: is required`);
  });

  it.each(['firstName', 'lastName', 'email', 'phoneNumber'])('refuses a customer without %s', (field) => {
    const order = { ...validOrder(), customer: without(validOrder().customer, field) };
    expect(messages(parse(order))).toContain(`customer.${field}: is required`);
  });

  it.each(ADDRESS_REQUIRED)('refuses a billing address without %s', (field) => {
    const order = { ...validOrder(), billingAddress: without(address, field) };
    expect(messages(parse(order))).toContain(`billingAddress.${field}: is required`);
  });

  it.each(['name', 'quantity', 'sku', 'unitPrice', 'totalAmount'])('refuses an item without %s', (field) => {
    const order = { ...validOrder(), orderItems: [without(validOrder().orderItems[0]!, field)] };
    expect(messages(parse(order))).toContain(`orderItems.0.${field}: is required`);
  });

  it('refuses an empty item list and blank text', () => {
    expect(messages(parse({ ...validOrder(), orderItems: [] }))).toContain('orderItems: must have at least one item');
    expect(messages(parse({ ...validOrder(), orderReference: '   ' }))).toContain('orderReference: is required');
  });
});

describe('order request: shipping address is conditional', () => {
  it('is optional', () => {
    expect(parse(validOrder()).success).toBe(true);
  });

  it('accepts one without a title (title is optional)', () => {
    expect(messages(parse({ ...validOrder(), shippingAddress: address }))).toEqual([]);
  });

  it.each(ADDRESS_REQUIRED)('requires %s whenever it is present', (field) => {
    const order = { ...validOrder(), shippingAddress: without(address, field) };
    expect(messages(parse(order))).toContain(`shippingAddress.${field}: is required`);
  });
});

describe('order request: optional fields keep their types', () => {
  const flightItem = {
    name: 'DXB-LHR',
    quantity: 1,
    sku: 'EK1',
    unitPrice: 130,
    totalAmount: 130,
    type: 'flight',
    departureDate: '2026-12-01',
    flightNumber: 'EK1',
    origin: 'DXB',
    destination: 'LHR',
    title: 'Economy',
    unitAmount: 120,
    unitTaxAmount: 10,
    unitDiscountAmount: 0,
  };

  it('accepts every optional item field of the spec (a flight)', () => {
    expect(messages(parse({ ...validOrder(), orderItems: [flightItem] }))).toEqual([]);
  });

  it.each(['type', 'departureDate', 'flightNumber', 'origin', 'destination', 'title'])(
    'refuses item %s that is not text',
    (field) => {
      expect(messages(parse({ ...validOrder(), orderItems: [{ ...flightItem, [field]: 7 }] }))).toContain(
        `orderItems.0.${field}: must be text`,
      );
    },
  );

  it.each(['unitAmount', 'unitTaxAmount', 'unitDiscountAmount'])('refuses item %s that is not a number', (field) => {
    expect(messages(parse({ ...validOrder(), orderItems: [{ ...flightItem, [field]: '10' }] }))).toContain(
      `orderItems.0.${field}: must be a number`,
    );
  });

  it("takes a customerToken as long as the docs' sample JWT (far past 255), up to 4096 characters", () => {
    expect(customerJwt().length).toBeGreaterThan(255);
    expect(messages(parse({ ...validOrder(), customerToken: customerJwt() }))).toEqual([]);
    expect(messages(parse({ ...validOrder(), customerToken: 'a'.repeat(4096) }))).toEqual([]);
    expect(messages(parse({ ...validOrder(), customerToken: 'a'.repeat(4097) }))).toEqual([
      'customerToken: must be at most 4096 characters',
    ]);
    expect(messages(parse({ ...validOrder(), customerToken: '' }))).toEqual(['customerToken: is required']);
  });

  it.each(['shippingType', 'sessionId', 'customerToken', 'channel'])('refuses %s that is not text', (field) => {
    expect(messages(parse({ ...validOrder(), [field]: 42 }))).toContain(`${field}: must be text`);
  });

  it('refuses a billing title that is not text (title is optional)', () => {
    expect(messages(parse({ ...validOrder(), billingAddress: { ...address, title: 3 } }))).toContain(
      'billingAddress.title: must be text',
    );
  });
});

describe('order request: field rules', () => {
  it('requires quantity to be a whole number of at least 1', () => {
    const item = validOrder().orderItems[0]!;
    expect(messages(parse({ ...validOrder(), orderItems: [{ ...item, quantity: 1.5 }] }))).toContain(
      'orderItems.0.quantity: must be a whole number',
    );
    expect(messages(parse({ ...validOrder(), orderItems: [{ ...item, quantity: 0 }] }))).toContain(
      'orderItems.0.quantity: must be at least 1',
    );
  });

  it('accepts sku as text or as a number, nothing else', () => {
    const item = validOrder().orderItems[0]!;
    expect(parse({ ...validOrder(), orderItems: [{ ...item, sku: 12345 }] }).success).toBe(true);
    expect(messages(parse({ ...validOrder(), orderItems: [{ ...item, sku: true }] }))).toContain(
      'orderItems.0.sku: must be text or a number',
    );
  });

  it('requires ISO 3166 alpha-2 countries', () => {
    expect(messages(parse({ ...validOrder(), purchaseCountry: 'UAE' }))).toContain(
      'purchaseCountry: must be an ISO 3166-1 alpha-2 country code, such as AE',
    );
    expect(parse({ ...validOrder(), purchaseCountry: 'XX' }).success).toBe(false);
    expect(messages(parse({ ...validOrder(), billingAddress: { ...address, country: 'ae' } }))).toContain(
      'billingAddress.country: must be an ISO 3166-1 alpha-2 country code, such as AE',
    );
    expect(
      parse({ ...validOrder(), purchaseCountry: 'SA', billingAddress: { ...address, country: 'SA' } }).success,
    ).toBe(true);
  });

  it('requires ISO 4217 currencies', () => {
    expect(messages(parse({ ...validOrder(), purchaseCurrency: 'DIRHAM' }))).toContain(
      'purchaseCurrency: must be an ISO 4217 currency code, such as AED',
    );
    expect(parse({ ...validOrder(), purchaseCurrency: 'XYZ' }).success).toBe(false);
    expect(parse({ ...validOrder(), purchaseCurrency: 'SAR' }).success).toBe(true);
  });

  it('requires the locale as xx_YY', () => {
    expect(parse({ ...validOrder(), locale: 'ar_SA' }).success).toBe(true);
    expect(messages(parse({ ...validOrder(), locale: 'en-AE' }))).toContain('locale: must look like en_AE (xx_YY)');
  });

  it.each(['delivery', 'store', 'digital', 'pickup'])('accepts shippingMethod %s', (shippingMethod) => {
    expect(parse({ ...validOrder(), shippingMethod }).success).toBe(true);
  });

  it('refuses a shippingMethod outside the list, naming the allowed ones', () => {
    expect(messages(parse({ ...validOrder(), shippingMethod: 'express' }))).toContain(
      'shippingMethod: must be one of: delivery, store, digital, pickup',
    );
  });

  it('accepts phone numbers as people write them, refuses what is not one', () => {
    const withPhone = (phoneNumber: string) => ({
      ...validOrder(),
      customer: { ...validOrder().customer, phoneNumber },
    });
    expect(parse(withPhone('(415) 200-1234')).success).toBe(true);
    expect(parse(withPhone('+966 55 123 4567')).success).toBe(true);
    expect(messages(parse(withPhone('call me')))).toContain(
      'customer.phoneNumber: may contain only digits, spaces, +, ( ), - and .',
    );
    expect(messages(parse(withPhone('12-34')))).toContain('customer.phoneNumber: must have 6 to 15 digits');
  });

  it('refuses an invalid email', () => {
    const order = { ...validOrder(), customer: { ...validOrder().customer, email: 'amal@' } };
    expect(messages(parse(order))).toContain('customer.email: must be a valid email address');
  });

  it('refuses a provider name not of the options form', () => {
    expect(messages(parse({ ...validOrder(), bnplProvider: 'tabby ae' }))).toContain(
      'bnplProvider: must be a provider name such as TABBY_AE',
    );
    expect(parse({ ...validOrder(), bnplProvider: 'SEZZLE' }).success).toBe(true);
  });

  it('refuses redirect and callback URLs that are not http(s)', () => {
    expect(messages(parse({ ...validOrder(), dynamicRedirectUrl: 'javascript:alert(1)' }))).toContain(
      'dynamicRedirectUrl: must be an http or https URL',
    );
    expect(messages(parse({ ...validOrder(), dynamicCallbackUrl: 'not a url' }))).toContain(
      'dynamicCallbackUrl: must be an http or https URL',
    );
  });

  it('refuses a cancellationTimeout that is not a positive whole number', () => {
    expect(messages(parse({ ...validOrder(), cancellationTimeout: 1.5 }))).toContain(
      'cancellationTimeout: must be a whole number',
    );
    expect(messages(parse({ ...validOrder(), cancellationTimeout: 0 }))).toContain(
      'cancellationTimeout: must be at least 1',
    );
  });

  it('refuses autoCapture that is not a boolean and negative amounts', () => {
    expect(messages(parse({ ...validOrder(), autoCapture: 'yes' }))).toContain('autoCapture: must be true or false');
    expect(messages(parse({ ...validOrder(), taxAmount: -1 }))).toContain('taxAmount: must not be negative');
    expect(messages(parse({ ...validOrder(), taxAmount: '6.9' }))).toContain('taxAmount: must be a number');
  });
});

describe('order request: amount rules in minor units', () => {
  it('refuses an orderAmount that does not match items + shipping + tax - discount', () => {
    expect(messages(parse({ ...validOrder(), orderAmount: 144.9 }))).toContain(
      'orderAmount: must equal sum(totalAmount) + shippingAmount + taxAmount - discountAmount',
    );
  });

  it('takes the discount off', () => {
    expect(parse({ ...validOrder(), discountAmount: 10, orderAmount: 134.89 }).success).toBe(true);
    expect(parse({ ...validOrder(), discountAmount: 10, orderAmount: 144.89 }).success).toBe(false);
  });

  it('compares without floating-point drift (0.1 + 0.2 items)', () => {
    const order = {
      ...validOrder(),
      orderItems: [
        { name: 'A', quantity: 1, sku: 'A', unitPrice: 0.1, totalAmount: 0.1 },
        { name: 'B', quantity: 1, sku: 'B', unitPrice: 0.2, totalAmount: 0.2 },
      ],
      shippingAmount: 0,
      taxAmount: 0,
      orderAmount: 0.3,
    };
    expect(messages(parse(order))).toEqual([]);
  });

  it('refuses an item whose totalAmount is not quantity * unitPrice', () => {
    const order = {
      ...validOrder(),
      orderItems: [{ name: 'A', quantity: 3, sku: 'A', unitPrice: 33.33, totalAmount: 100 }],
      orderAmount: 114.89,
    };
    expect(messages(parse(order))).toContain('orderItems.0.totalAmount: must equal quantity * unitPrice');
    const fixed = { ...order, orderItems: [{ ...order.orderItems[0]!, totalAmount: 99.99 }], orderAmount: 114.88 };
    expect(messages(parse(fixed))).toEqual([]);
  });

  it('refuses more decimals than the currency has, and honours 0-decimal currencies', () => {
    expect(messages(parse({ ...validOrder(), shippingAmount: 7.995, orderAmount: 144.895 }))).toContain(
      'shippingAmount: must have at most 2 decimals in AED',
    );
    const jpy = {
      ...validOrder(),
      purchaseCurrency: 'JPY',
      shippingAmount: 0,
      taxAmount: 0,
      orderAmount: 130.5,
      orderItems: [{ name: 'A', quantity: 1, sku: 'A', unitPrice: 130.5, totalAmount: 130.5 }],
    };
    expect(messages(parse(jpy))).toContain('orderItems.0.unitPrice: must have at most 0 decimals in JPY');
  });

  it("refuses a third decimal in 3-decimal currencies (the upstream's documented limit) unless it is 0", () => {
    const kwd = { ...validOrder(), purchaseCurrency: 'KWD', shippingAmount: 7.995, orderAmount: 144.895 };
    expect(messages(parse(kwd))).toEqual([
      'shippingAmount: must have at most 2 decimals: the payment service takes no more, even in KWD',
      'orderAmount: must have at most 2 decimals: the payment service takes no more, even in KWD',
    ]);
    for (const currency of ['BHD', 'OMR', 'JOD', 'TND']) {
      expect(messages(parse({ ...kwd, purchaseCurrency: currency }))).toHaveLength(2);
    }
    expect(messages(parse({ ...kwd, shippingAmount: 7.99, orderAmount: 144.89 }))).toEqual([]);
    expect(messages(parse({ ...kwd, shippingAmount: 7.99, orderAmount: 144.89 }))).toEqual([]);
  });

  it('refuses a discount larger than the rest of the order', () => {
    const order = { ...validOrder(), discountAmount: 200, orderAmount: -55.11 };
    expect(messages(parse(order))).toContain('orderAmount: must not be negative');
    expect(messages(parse({ ...order, orderAmount: 0 }))).toContain(
      'discountAmount: must not exceed the items, shipping and tax',
    );
  });
});

describe('order request: amounts far out of range are refused, never thrown', () => {
  it('refuses a single amount above the limit', () => {
    expect(messages(parse({ ...validOrder(), taxAmount: 1e21 }))).toEqual(['taxAmount: must be at most 1000000000']);
    expect(messages(parse({ ...validOrder(), orderAmount: 1e16 }))).toEqual([
      'orderAmount: must be at most 1000000000',
    ]);
  });

  it('refuses a cart whose total leaves the exact range', () => {
    const huge = { name: 'Yacht', quantity: 1, sku: 'Y', unitPrice: 1e9, totalAmount: 1e9 };
    const order = {
      ...validOrder(),
      purchaseCurrency: 'KWD',
      orderItems: Array.from({ length: 10_000 }, () => huge),
      orderAmount: 1e9,
    };
    expect(() => parse(order)).not.toThrow();
    expect(messages(parse(order))).toContain('orderItems: the order total is too large');
  });

  it('refuses a quantity whose total leaves the exact range', () => {
    const order = {
      ...validOrder(),
      orderItems: [{ name: 'Grain', quantity: 2 ** 40, sku: 'G', unitPrice: 1e9, totalAmount: 1e9 }],
    };
    expect(messages(parse(order))).toContain('orderItems.0.quantity: is too large');
  });
});
