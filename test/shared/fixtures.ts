// Valid upstream shapes to start each test from; tests change one thing and check the one message it causes.
import type { OrderRequest } from '../../bff/upstream/contract.js';
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

/**
 * A customer-session token shaped like the docs' sample (§13): an HS256 JWT whose payload carries a hashed
 * customerIdentifier and a merchantId, about 400 characters.
 */
export function customerJwt(): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = {
    customerIdentifier: 'c0ffee'.repeat(10),
    merchantId: '0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9',
    iat: 1_700_000_000,
    exp: 1_700_604_800,
    iss: 'https://api.qa.optty.com/merchants/customer/sessions',
  };
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.${'s1gnatureXYZ-_'.repeat(3)}`;
}
