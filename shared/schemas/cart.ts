// The cart as the upstream's spec names it (items, amounts, provider name, customer token): the rules the BFF's
// own API and the upstream contract (bff/upstream/contract.ts) both check a cart by.
import * as z from 'zod/mini';

import { amount, atMost, MAX_AMOUNT, httpUrl, optionalText, requiredText, text, typeError, integer } from './fields.js';
import { isCurrencyCode, payableDecimalsMessage, toPayableMinor } from '../money.js';

/** A provider name as the options operation returns it: TABBY_AE, KLARNA_US (some, such as SEZZLE, have no country). */
export const providerName = text().check(
  z.regex(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/, { error: 'must be a provider name such as TABBY_AE' }),
);

export const orderItemSchema = z.object({
  name: requiredText,
  quantity: integer('must be a whole number').check(z.gte(1, { error: 'must be at least 1' })),
  // Declared a number, but the spec's own sample is alphanumeric ("69309284M-1"): text is accepted.
  sku: z.union([requiredText, z.number()], { error: typeError('text or a number') }),
  unitPrice: amount,
  totalAmount: amount,
  type: optionalText,
  departureDate: optionalText,
  flightNumber: optionalText,
  origin: optionalText,
  destination: optionalText,
  title: optionalText,
  imageUrl: z.optional(httpUrl),
  unitAmount: z.optional(amount),
  unitTaxAmount: z.optional(amount),
  unitDiscountAmount: z.optional(amount),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** The amounts of a cart, as the spec names them. */
export interface CartAmounts {
  purchaseCurrency: string;
  orderItems: readonly Pick<OrderItem, 'quantity' | 'unitPrice' | 'totalAmount'>[];
  shippingAmount: number;
  taxAmount: number;
  discountAmount: number;
}

interface IssueSink {
  addIssue(issue: { code: 'custom'; message: string; path: PropertyKey[]; input: unknown }): void;
}

/**
 * The spec's amount rules, in integer minor units of the currency: every amount within the currency's decimals,
 * quantity * unitPrice = totalAmount, and (when `orderAmount` is given) orderAmount = sum(totalAmount) +
 * shippingAmount + taxAmount - discountAmount. Returns the order amount in minor units, or null after reporting.
 */
export function checkCartAmounts(cart: CartAmounts, sink: IssueSink, orderAmount?: number): number | null {
  // zod runs object checks even when a field failed, so values may be of any type here; those fields have
  // their own issue already, and the sums are only checked when every part is sound.
  if (!isCurrencyCode(cart.purchaseCurrency) || !Array.isArray(cart.orderItems)) return null;
  let valid = true;
  const minor = (value: unknown, path: PropertyKey[]): number => {
    if (typeof value !== 'number' || !(value >= 0 && value <= MAX_AMOUNT)) {
      valid = false;
      return 0;
    }
    const result = toPayableMinor(value, cart.purchaseCurrency);
    if (result === null) {
      valid = false;
      sink.addIssue({ code: 'custom', message: payableDecimalsMessage(cart.purchaseCurrency), path, input: value });
      return 0;
    }
    return result;
  };
  const totals = cart.orderItems.map((item, index) => {
    if (typeof item !== 'object' || item === null || !Number.isInteger(item.quantity)) {
      valid = false;
      return 0;
    }
    const unit = minor(item.unitPrice, ['orderItems', index, 'unitPrice']);
    const total = minor(item.totalAmount, ['orderItems', index, 'totalAmount']);
    if (valid && !Number.isSafeInteger(unit * item.quantity)) {
      valid = false;
      sink.addIssue({
        code: 'custom',
        message: 'is too large',
        path: ['orderItems', index, 'quantity'],
        input: item.quantity,
      });
    } else if (valid && unit * item.quantity !== total) {
      valid = false;
      sink.addIssue({
        code: 'custom',
        message: 'must equal quantity * unitPrice',
        path: ['orderItems', index, 'totalAmount'],
        input: item.totalAmount,
      });
    }
    return total;
  });
  const shipping = minor(cart.shippingAmount, ['shippingAmount']);
  const tax = minor(cart.taxAmount, ['taxAmount']);
  const discount = minor(cart.discountAmount, ['discountAmount']);
  const expected = totals.reduce((sum, total) => sum + total, 0) + shipping + tax - discount;
  if (valid && !Number.isSafeInteger(expected)) {
    valid = false;
    sink.addIssue({
      code: 'custom',
      message: 'the order total is too large',
      path: ['orderItems'],
      input: cart.orderItems,
    });
  }
  if (valid && expected < 0) {
    valid = false;
    sink.addIssue({
      code: 'custom',
      message: 'must not exceed the items, shipping and tax',
      path: ['discountAmount'],
      input: cart.discountAmount,
    });
  }
  if (orderAmount !== undefined) {
    const given = minor(orderAmount, ['orderAmount']);
    if (valid && given !== expected) {
      valid = false;
      sink.addIssue({
        code: 'custom',
        message: 'must equal sum(totalAmount) + shippingAmount + taxAmount - discountAmount',
        path: ['orderAmount'],
        input: orderAmount,
      });
    }
  }
  return valid ? expected : null;
}

/**
 * A customer session's token (the docs' POST /merchants/customer/sessions), sent as an order's `customerToken`.
 * Local choice: at most 4096 characters. The docs' sample JWT is about 400; a JWT's size is its issuer's, so
 * the cap only keeps a stray blob out of the ledger and the order.
 */
const CUSTOMER_TOKEN_MAX = 4096;
export const customerTokenText = text().check(z.minLength(1, { error: 'is required' }), atMost(CUSTOMER_TOKEN_MAX));

/**
 * A JWT's form (three base64url parts joined by dots), what a merchant may hand the BFF as a session's
 * customerToken: an email, a merchant access token or a card token there is a mistake caught at once.
 */
export const jwtCustomerToken = customerTokenText.check(
  z.regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, {
    error: 'must be a JWT (three base64url parts separated by dots)',
  }),
);
