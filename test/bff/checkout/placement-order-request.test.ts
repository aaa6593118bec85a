// The upstream order a placement builds (bff/checkout/placement/order-request.ts), alone: what it takes from the
// session the merchant priced and from the shopper, and the request hash an Idempotency-Key is checked with.
import { describe, expect, it } from 'vitest';
import type { PlaceOrderRequest, ProviderView } from '../../../shared/schemas/checkout-api.js';
import { buildOrder, requestHash } from '../../../bff/checkout/placement/order-request.js';
import { orderRequestSchema } from '../../../bff/upstream/contract.js';
import type { SessionRecord } from '../../../bff/store/types.js';

const session: SessionRecord = {
  id: 'cs_1',
  orderPrefix: 'opi-abc',
  cart: {
    orderItems: [{ name: 'Lantern', sku: 'L-1', quantity: 2, unitPrice: 50, totalAmount: 100 }],
    shippingAmount: 15,
    taxAmount: 0,
    discountAmount: 5,
    requiresShipping: true,
    cancellationTimeout: 30,
  },
  amountMinor: 11000,
  currency: 'AED',
  country: 'AE',
  locale: 'en_AE',
  returnUrl: 'https://shop.example/thanks',
  prefill: {},
  expiresAt: new Date('2030-01-01T00:00:00Z'),
  createdAt: new Date('2029-12-31T23:00:00Z'),
  state: 'open',
  merchantReference: null,
};

const address = { streetAddress: '1 Marina Walk', city: 'Dubai', country: 'AE', postalCode: '' };
const body: PlaceOrderRequest = {
  bnplProvider: 'TABBY_AE',
  customer: { firstName: 'Aisha', lastName: 'Khan', email: 'aisha@example.com', phoneNumber: '+971501234567' },
  billingAddress: {
    firstName: 'Aisha',
    lastName: 'Khan',
    email: 'aisha@example.com',
    phoneNumber: '+971501234567',
    ...address,
  },
};
const provider = { name: 'TABBY_AE', requiresShippingAddress: false } as ProviderView;
const settings = { publicUrl: 'https://bff.example', checkout: { cancellationTimeoutUnit: 'minutes' as const } };
const attempt = { reference: 'opi-abc-1', secret: 's3cret' };

describe('the upstream order of a placement', () => {
  it("takes the amounts from the merchant's session, never from the shopper, and our own return and callback URLs", () => {
    const order = buildOrder(settings, session, body, provider, attempt);
    expect(order).toMatchObject({
      orderReference: 'opi-abc-1',
      orderAmount: 110,
      purchaseCurrency: 'AED',
      shippingAmount: 15,
      discountAmount: 5,
      dynamicRedirectUrl: 'https://bff.example/v1/returns/opi-abc-1',
    });
    expect(order.dynamicCallbackUrl).toBe('https://bff.example/v1/callbacks/opi-abc-1/s3cret');
    expect(order.cancellationTimeout).toBe(30);
    expect(
      buildOrder(
        { ...settings, checkout: { cancellationTimeoutUnit: 'seconds' as const } },
        session,
        body,
        provider,
        attempt,
      ).cancellationTimeout,
    ).toBe(1800);
  });

  it('ships to the billing address when the cart ships and the shopper gave no other', () => {
    expect(buildOrder(settings, session, body, provider, attempt).shippingAddress?.streetAddress).toBe('1 Marina Walk');
    const digital = { ...session, cart: { ...session.cart, requiresShipping: false } };
    expect(buildOrder(settings, digital, body, provider, attempt).shippingAddress).toBeUndefined();
  });

  it("sends the merchant's customer token before one created for the attempt, and none without either", () => {
    const merchants = { ...session, cart: { ...session.cart, customerToken: 'merchant.jwt' } };
    expect(
      buildOrder(settings, merchants, body, provider, { ...attempt, customerToken: 'ours.jwt' }).customerToken,
    ).toBe('merchant.jwt');
    expect(buildOrder(settings, session, body, provider, { ...attempt, customerToken: 'ours.jwt' }).customerToken).toBe(
      'ours.jwt',
    );
    expect(buildOrder(settings, session, body, provider, attempt).customerToken).toBeUndefined();
  });

  it("sends the merchant's shippingType and payment sessionId as given", () => {
    const set = { ...session, cart: { ...session.cart, shippingType: 'express', paymentSessionId: 'pay-sess-42' } };
    expect(buildOrder(settings, set, body, provider, attempt)).toMatchObject({
      shippingType: 'express',
      sessionId: 'pay-sess-42',
    });
    const unset = buildOrder(settings, session, body, provider, attempt);
    expect(['shippingType' in unset, 'sessionId' in unset]).toEqual([false, false]);
  });

  it("ships a store pickup to the merchant's store, for the shopper; and refuses one the cart offers no store for", () => {
    const store = { streetAddress: '5 Souk Lane', city: 'Sharjah', country: 'AE', postalCode: '' };
    const pickup = { ...session, cart: { ...session.cart, shippingMethod: 'store' as const, storeAddress: store } };
    expect(buildOrder(settings, pickup, body, provider, attempt)).toMatchObject({
      shippingMethod: 'store',
      shippingAddress: {
        firstName: 'Aisha',
        email: 'aisha@example.com',
        streetAddress: '5 Souk Lane',
        city: 'Sharjah',
      },
      billingAddress: { streetAddress: '1 Marina Walk' },
    });
    expect(() => buildOrder(settings, session, { ...body, shippingMethod: 'store' }, provider, attempt)).toThrow(
      expect.objectContaining({
        code: 'validation_failed',
        extras: expect.objectContaining({
          errors: [{ path: 'shippingMethod', message: 'store pickup is not offered for this cart' }],
        }),
      }),
    );
  });

  it('is an order the upstream contract takes as it is: no request pays for parsing what it built', () => {
    const variants = [
      buildOrder(settings, session, body, provider, attempt),
      buildOrder(settings, { ...session, cart: { ...session.cart, requiresShipping: false } }, body, provider, attempt),
      buildOrder({ ...settings, checkout: { cancellationTimeoutUnit: 'seconds' as const } }, session, body, provider, {
        ...attempt,
        customerToken: 'aaa.bbb.ccc',
      }),
      buildOrder(
        settings,
        session,
        { ...body, shippingAddress: { ...body.billingAddress, city: 'Abu Dhabi' } },
        provider,
        attempt,
      ),
      buildOrder(
        settings,
        {
          ...session,
          cart: {
            ...session.cart,
            shippingMethod: 'store',
            shippingType: 'pickup today',
            paymentSessionId: 'p-1',
            storeAddress: { streetAddress: '5 Souk Lane', city: 'Sharjah', country: 'AE' },
          },
        },
        body,
        provider,
        attempt,
      ),
    ];
    for (const order of variants) expect(orderRequestSchema.parse(order)).toEqual(order);
  });

  it('hashes the same request the same whatever the order of its keys, and another request otherwise', () => {
    const reordered = JSON.parse(
      JSON.stringify({ billingAddress: body.billingAddress, customer: body.customer, bnplProvider: 'TABBY_AE' }),
    );
    expect(requestHash(reordered)).toBe(requestHash(body));
    expect(requestHash({ ...body, bnplProvider: 'TAMARA_AE' })).not.toBe(requestHash(body));
  });
});
