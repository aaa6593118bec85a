// Ledger records for the store's own tests: a session and an order as the BFF would write them, at T0.
import type { NewOrder, NewSession } from '../../bff/store/types.js';

export const T0 = new Date('2030-01-01T10:00:00.000Z');

export function session(id = 'cs_one', overrides: Partial<NewSession> = {}): NewSession {
  return {
    id,
    orderPrefix: `p_${id}`,
    cart: {
      orderItems: [{ name: 'Shirt', sku: 'S-1', quantity: 2, unitPrice: 64.5, totalAmount: 129 }],
      shippingAmount: 7.99,
      taxAmount: 6.9,
      discountAmount: 0,
      requiresShipping: true,
    },
    amountMinor: 14389,
    currency: 'AED',
    country: 'AE',
    locale: 'en_AE',
    returnUrl: 'https://shop.example/return',
    prefill: { customer: { email: 'amal@example.com' } },
    expiresAt: new Date(T0.getTime() + 3_600_000),
    createdAt: T0,
    ...overrides,
  };
}

export function order(reference: string, attempt = 1, sessionId = 'cs_one'): NewOrder {
  return {
    orderReference: reference,
    sessionId,
    attempt,
    provider: 'TABBY_AE',
    amountMinor: 14389,
    currency: 'AED',
    status: 'initiated',
    createState: 'creating',
    callbackSecret: 'secret-1',
    createdAt: T0,
    nextPollAt: null,
    deadlineAt: new Date(T0.getTime() + 90 * 60_000),
  };
}
