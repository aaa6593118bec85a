// Session views as the BFF answers them, checked against the shared contract so a fixture cannot drift from it.
import {
  sessionViewSchema,
  type ProviderView,
  type SessionView,
  type UnavailableProvider,
} from '../../../shared/schemas/checkout-api.js';

export const tabby: ProviderView = {
  name: 'TABBY_AE',
  displayName: 'Tabby',
  logoUrl: '/test/widget/support/logo.svg',
  terms: 'Split into 4. No interest, no fees.',
  recommended: true,
  priority: 1,
  minAmount: 10,
  maxAmount: 5000,
  instalments: { count: 4, amount: 25, interval: 'month' },
  interestRate: 0,
  requiredFields: [],
  requiresShippingAddress: false,
};

export const tamara: ProviderView = {
  name: 'TAMARA_AE',
  displayName: 'Tamara',
  recommended: false,
  priority: 2,
  minAmount: 20,
  maxAmount: 3000,
  instalments: { count: 3, amount: 33.34, interval: 'fortnight' },
  interestRate: 2.5,
  requiredFields: [],
  requiresShippingAddress: false,
};

export const postpay: ProviderView = {
  name: 'POSTPAY_AE',
  displayName: 'Postpay',
  terms: 'Pay in 30 days, no fees.',
  recommended: false,
  priority: 3,
  minAmount: 50,
  maxAmount: 2000,
  instalments: null,
  interestRate: 0,
  requiredFields: [],
  requiresShippingAddress: false,
};

export const tamaraTooSmall: UnavailableProvider = {
  name: 'TAMARA_AE',
  displayName: 'Tamara',
  minAmount: 50,
  maxAmount: 3000,
  reason: 'below_minimum',
};

export function sessionView(overrides: Partial<SessionView> = {}): SessionView {
  return sessionViewSchema.parse({
    id: 'cs_test_1',
    state: 'open',
    expiresAt: '2030-01-01T00:00:00.000Z',
    amount: 100,
    currency: 'AED',
    country: 'AE',
    locale: 'en_AE',
    requiresShipping: false,
    prefill: {},
    providers: [tabby, tamara],
    unavailableProviders: [],
    ...overrides,
  });
}

/** What a shopper types for a complete order. Paths are the form's field names. */
export const shopper: Record<string, string> = {
  'customer.firstName': 'Aisha',
  'customer.lastName': 'Khan',
  'customer.email': 'aisha@example.com',
  'customer.phoneNumber': '+971 50 123 4567',
  'billingAddress.streetAddress': '1 Marina Walk',
  'billingAddress.city': 'Dubai',
};
