// Requests the BFF tests and e2e tests send: a valid cart for the merchant API and a valid shopper for the widget.
import { DEV_MERCHANT_KEY } from './servers.js';
import { address, customer } from './shopper.js';

export { address };

/** 2 x 64.50 + 7.99 shipping + 6.90 tax = 143.89 AED. */
export function cart(overrides: Record<string, unknown> = {}) {
  return {
    orderItems: [{ name: 'Linen shirt', sku: 'LS-1', quantity: 2, unitPrice: 64.5, totalAmount: 129 }],
    shippingAmount: 7.99,
    taxAmount: 6.9,
    purchaseCountry: 'AE',
    purchaseCurrency: 'AED',
    locale: 'en_AE',
    returnUrl: 'https://shop.example/checkout/return',
    ...overrides,
  };
}

/** The cart part of cart(): a body for PATCH /v1/checkout-sessions/:id (or checkout.updateSession). */
export function cartChange(overrides: Record<string, unknown> = {}) {
  const { purchaseCountry: _c, purchaseCurrency: _u, locale: _l, returnUrl: _r, ...rest } = cart(overrides);
  return rest;
}

export function shopper(overrides: Record<string, unknown> = {}) {
  return {
    bnplProvider: 'TABBY_AE',
    customer: { ...customer },
    billingAddress: { ...address },
    ...overrides,
  };
}

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

export async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(url, init);
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, body, text };
}

export const json = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

export const merchant = { authorization: `Bearer ${DEV_MERCHANT_KEY}` };

/** Creates a session through the merchant API and returns its id. */
export async function createSession(bffUrl: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const answer = await call(`${bffUrl}/v1/checkout-sessions`, json('POST', cart(overrides), merchant));
  if (answer.status !== 201) throw new Error(`session not created: ${answer.status} ${answer.text}`);
  return answer.body.id as string;
}
