// Valid upstream shapes to start each test from; tests change one thing and check the one message it causes.
import type { OrderRequest } from '../../shared/upstream.js';
import { address as shopperAddress, customer } from '../support/shopper.js';

/** The demo shopper's address in the upstream's form: every field but title present. */
export const address = { ...shopperAddress, streetAddress2: '', state: 'DU', region: 'Dubai', postalCode: '' };

export { customer };

/** The public docs' own example amounts: 130 + 7.99 + 6.9 = 144.89. */
export function validOrder(): OrderRequest {
  return {
    orderReference: 'LP000_OrderID',
    bnplProvider: 'TABBY_AE',
    purchaseCountry: 'AE',
    purchaseCurrency: 'AED',
    locale: 'en_AE',
    orderAmount: 144.89,
    taxAmount: 6.9,
    shippingAmount: 7.99,
    discountAmount: 0,
    orderItems: [{ name: 'Striped Dress Shirt', quantity: 1, sku: '69309284M-1', unitPrice: 130, totalAmount: 130 }],
    customer: { ...customer },
    billingAddress: { ...address },
  };
}

/** The issues of a failed parse as "path: message" lines, the form a person reads. */
export function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  if (result.success || !result.error) return [];
  return result.error.issues.map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`);
}
