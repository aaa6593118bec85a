// The demo shop's "signed-in" shopper: a merchant that knows its customer passes their details as the session's
// prefill, so the widget's form arrives filled in. Local choice: prefilled unless the checkout URL says
// ?shopper=new (the page links to both).
import type { Prefill } from '../../shared/schemas/checkout-api.js';
import type { Market } from './catalogue.js';

// The UAE has no postal codes, so its shopper has none (shared/postal-code-countries.ts).
const ADDRESSES: Record<string, { streetAddress: string; city: string; postalCode?: string; phoneNumber: string }> = {
  AE: { streetAddress: '12 Al Wasl Road', city: 'Dubai', phoneNumber: '+971 50 123 4567' },
  SA: { streetAddress: '45 King Fahd Road', city: 'Riyadh', postalCode: '12271', phoneNumber: '+966 50 123 4567' },
  KW: { streetAddress: '7 Gulf Street', city: 'Kuwait City', postalCode: '13001', phoneNumber: '+965 5012 3456' },
  AU: { streetAddress: '1 George Street', city: 'Sydney', postalCode: '2000', phoneNumber: '+61 412 345 678' },
  SG: { streetAddress: '10 Orchard Road', city: 'Singapore', postalCode: '238826', phoneNumber: '+65 8123 4567' },
  TH: { streetAddress: '99 Sukhumvit Road', city: 'Bangkok', postalCode: '10110', phoneNumber: '+66 81 234 5678' },
  VN: { streetAddress: '12 Lê Lợi', city: 'Hồ Chí Minh', postalCode: '700000', phoneNumber: '+84 90 123 4567' },
  ID: { streetAddress: 'Jl. Sudirman No. 5', city: 'Jakarta', postalCode: '10220', phoneNumber: '+62 812 3456 7890' },
  TW: { streetAddress: '7 Xinyi Road', city: 'Taipei', postalCode: '110', phoneNumber: '+886 912 345 678' },
};

/** The demo shopper, at an address in the market's country (every market has one: test/e2e/storefront.test.ts). */
export function demoShopper(market: Market): Prefill {
  const { phoneNumber, ...address } = ADDRESSES[market.country]!;
  const customer = { firstName: 'Layla', lastName: 'Haddad', email: 'layla.haddad@example.com', phoneNumber };
  return { customer, billingAddress: { ...customer, ...address, country: market.country } };
}
