// What the bench and the walk send, as the demo shop would: its cart of two lanterns in its first market (393 AED
// with shipping), and its signed-in shopper paying by Tabby.
import { randomBytes, randomUUID } from 'node:crypto';
import { SANDBOX_DEFAULTS } from '../../shared/sandbox-defaults.js';
import { cartTotals, sessionRequest } from '../../demo/storefront/cart.js';
import { DEFAULT_MARKET, PRODUCTS } from '../../demo/storefront/catalogue.js';
import { demoShopper } from '../../demo/storefront/demo-shopper.js';

const DEMO_LINES = [{ product: PRODUCTS[0]!, quantity: 2 }];

/** The merchant's POST /v1/checkout-sessions body. */
export const DEMO_CART = sessionRequest({
  lines: DEMO_LINES,
  market: DEFAULT_MARKET,
  language: 'en',
  returnUrl: 'https://shop.example/return',
  imageBaseUrl: 'https://shop.example/',
});

/** What the cart comes to, in minor units of its market's currency: the amount its session asks the options at. */
export const DEMO_TOTAL = { minor: cartTotals(DEMO_LINES, DEFAULT_MARKET).total, currency: DEFAULT_MARKET.currency };

/** The widget's POST /v1/checkout-sessions/:id/orders body. */
export const DEMO_SHOPPER = { bnplProvider: 'TABBY_AE', ...demoShopper(DEFAULT_MARKET) };

/** The shop's page, an origin the bench's BFF allows (OPI_ALLOWED_ORIGINS), as the widget's calls come from. */
export const SHOP_ORIGIN = 'https://shop.example';

/** What `<opi-checkout>` sends with each call: its page's origin, JSON, and its trace context (a new span each). */
export const widgetHeaders = (): Record<string, string> => ({
  origin: SHOP_ORIGIN,
  accept: 'application/json',
  traceparent: `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-01`,
});

/** The widget's order: its headers, a fresh Idempotency-Key per attempt (kept across its own retries), the body. */
export const widgetOrderHeaders = (): Record<string, string> => ({
  ...widgetHeaders(),
  'content-type': 'application/json',
  'idempotency-key': randomUUID(),
});

/** The merchant's server's headers: its key (the sandbox's demo one) and JSON. */
export const MERCHANT_HEADERS = {
  authorization: `Bearer ${SANDBOX_DEFAULTS.merchantKey}`,
  'content-type': 'application/json',
};

async function answer(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** One whole checkout as the shop's server and the widget make it: the session, its read, the order; its reference. */
export async function placeCheckout(bffUrl: string): Promise<string> {
  const session = await answer(`${bffUrl}/v1/checkout-sessions`, {
    method: 'POST',
    headers: MERCHANT_HEADERS,
    body: JSON.stringify(DEMO_CART),
  });
  await answer(`${bffUrl}/v1/checkout-sessions/${session.id}`, { headers: widgetHeaders() });
  const order = await answer(`${bffUrl}/v1/checkout-sessions/${session.id}/orders`, {
    method: 'POST',
    headers: widgetOrderHeaders(),
    body: JSON.stringify(DEMO_SHOPPER),
  });
  return order.orderReference as string;
}
