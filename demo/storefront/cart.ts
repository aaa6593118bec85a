// The cart lives in one cookie ("lantern:2,mug:1"): product ids and quantities only. Prices always come from the
// catalogue on the server, so a shopper editing the cookie can change what they buy, never what it costs.
// Local choice: at most MAX_QUANTITY of a product; unknown ids and bad quantities are dropped, not refused.
import type { CreateSessionRequest, Prefill } from '../../shared/schemas/checkout-api.js';
import { sumMinor, toMajor } from '../../shared/money.js';
import { findProduct, type Language, type Market, type Product } from './catalogue.js';
import { type Coupon, discountOf } from './coupons.js';
import { upstreamLocale } from './format.js';

export const MAX_QUANTITY = 10;

export interface CartLine {
  product: Product;
  quantity: number;
}

export function parseCart(cookie: string | undefined): CartLine[] {
  const lines = new Map<string, CartLine>();
  for (const entry of (cookie ?? '').split(',')) {
    const [id = '', count = ''] = entry.split(':');
    const product = findProduct(id);
    const quantity = Number(count);
    if (product && Number.isInteger(quantity) && quantity >= 1) {
      lines.set(id, { product, quantity: Math.min(quantity, MAX_QUANTITY) });
    }
  }
  return [...lines.values()];
}

export function serialiseCart(lines: readonly CartLine[]): string {
  return lines.map((line) => `${line.product.id}:${line.quantity}`).join(',');
}

/** Sets a product's quantity (0 removes it), keeping the cart's order. */
export function withQuantity(lines: readonly CartLine[], product: Product, quantity: number): CartLine[] {
  const clamped = Math.max(0, Math.min(MAX_QUANTITY, Math.trunc(quantity)));
  const rest = lines.filter((line) => line.product.id !== product.id);
  if (clamped === 0) return rest;
  const index = lines.findIndex((line) => line.product.id === product.id);
  const line = { product, quantity: clamped };
  return index === -1 ? [...rest, line] : [...rest.slice(0, index), line, ...rest.slice(index)];
}

export function cartQuantity(lines: readonly CartLine[]): number {
  return lines.reduce((count, line) => count + line.quantity, 0);
}

export interface CartTotals {
  items: number;
  shipping: number;
  discount: number;
  total: number;
}

/** Totals in minor units of the market's currency. */
export function cartTotals(lines: readonly CartLine[], market: Market, coupon?: Coupon): CartTotals {
  const items = sumMinor(lines.map((line) => line.product.prices[market.currency]! * line.quantity));
  const shipping = lines.length > 0 ? market.shipping : 0;
  const discount = discountOf(coupon, items);
  return { items, shipping, discount, total: items + shipping - discount };
}

export interface SessionRequestInput {
  lines: readonly CartLine[];
  market: Market;
  language: Language;
  returnUrl: string;
  imageBaseUrl: string;
  prefill?: Prefill;
  /** false: the provider only authorises, and the merchant captures later (the console's Capture and Void). */
  autoCapture?: boolean;
  coupon?: Coupon;
}

/** The cart part of a session: what PATCH /v1/checkout-sessions/:id replaces when the cart changes. */
export function sessionCart({
  lines,
  market,
  language,
  imageBaseUrl,
  coupon,
}: Pick<SessionRequestInput, 'lines' | 'market' | 'language' | 'imageBaseUrl' | 'coupon'>) {
  const major = (minor: number) => toMajor(minor, market.currency);
  const totals = cartTotals(lines, market, coupon);
  return {
    orderItems: lines.map(({ product, quantity }) => {
      const unit = product.prices[market.currency]!;
      return {
        name: product.names[language],
        sku: product.sku,
        quantity,
        unitPrice: major(unit),
        totalAmount: major(unit * quantity),
        imageUrl: new URL(product.image, imageBaseUrl).href,
      };
    }),
    shippingAmount: major(totals.shipping),
    taxAmount: 0,
    discountAmount: major(totals.discount),
    requiresShipping: true,
    shippingMethod: 'delivery' as const,
  };
}

/** The cart as the BFF's POST /v1/checkout-sessions body: decimal major units, as the upstream writes them. */
export function sessionRequest(input: SessionRequestInput): CreateSessionRequest {
  const { market, language } = input;
  return {
    ...sessionCart(input),
    purchaseCountry: market.country,
    purchaseCurrency: market.currency,
    locale: upstreamLocale(language, market),
    returnUrl: input.returnUrl,
    ...input.prefill,
    ...(input.autoCapture === undefined ? {} : { autoCapture: input.autoCapture }),
  };
}
