// The upstream's request bodies as its documentation describes them (the seed spec's tables and the public docs:
// ../shared/spec/), written here and not taken from the BFF's contract in shared/: a stand-in that shared its
// client's schemas would only prove that the BFF agrees with itself. The words of each refusal are the sandbox's
// own (the docs show one: "billingAddress.country must be a valid ISO31661 Alpha2 code"); every rule the docs
// state is here, and the amounts' decimals and sums are checked in minor units by amounts.ts and orders.ts.
import * as z from 'zod/mini';
import { isCurrencyCode } from '../../shared/money.js';
import { MAX_AMOUNT, TOO_LARGE } from './amounts.js';

const missingOr = (expected: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'is required' : `must be ${expected}`;

const text = () => z.string({ error: missingOr('text') });
const required = text().check(z.trim(), z.minLength(1, { error: 'is required' }));
const optionalText = z.optional(text());

const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
// Codes Intl names that are groups or placeholders, not countries.
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'ZZ', 'QO', 'XA', 'XB']);
const country = text().check(
  z.refine((code) => /^[A-Z]{2}$/.test(code) && !NOT_COUNTRIES.has(code) && regions.of(code) !== undefined, {
    error: 'must be an ISO 3166-1 alpha-2 country code, such as AE',
  }),
);
export const currency = text().check(
  z.refine(isCurrencyCode, { error: 'must be an ISO 4217 currency code, such as AED' }),
);

/** A non-negative amount in major units; its decimals are the currency's business (amounts.ts). */
const amount = z
  .number({ error: missingOr('a number') })
  .check(
    z.refine(Number.isFinite, { error: 'must be a number' }),
    z.gte(0, { error: 'must not be negative' }),
    z.lte(MAX_AMOUNT, { error: TOO_LARGE }),
  );
const positiveAmount = amount.check(z.gt(0, { error: 'must be more than 0' }));
const optionalAmount = z.optional(amount);

const email = text().check(z.email({ error: 'must be a valid email address' }));
const url = text().check(z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }));
const object = <T extends z.core.$ZodLooseShape>(shape: T) => z.looseObject(shape, { error: missingOr('an object') });

/** customer: every field required (seed spec). */
const customer = object({ firstName: required, lastName: required, email, phoneNumber: required });

/**
 * An address (the seed spec's table; the plugin sends the same fields). streetAddress2 and postalCode are required
 * but may be empty, as the plugin sends them (WooCommerce keeps no postcode where a country has none); state and
 * region carry the country's code and name when there is none.
 */
const address = object({
  title: optionalText,
  firstName: required,
  lastName: required,
  email,
  phoneNumber: required,
  streetAddress: required,
  streetAddress2: text(),
  city: required,
  country,
  state: required,
  region: required,
  postalCode: text(),
});

const orderItem = object({
  name: required,
  quantity: z
    .number({ error: missingOr('a number') })
    .check(z.int({ error: 'must be a whole number' }), z.gte(1, { error: 'must be at least 1' })),
  // Declared a number, but every example is alphanumeric ("69309284M-1").
  sku: z.union([required, z.number()], { error: missingOr('text or a number') }),
  unitPrice: amount,
  totalAmount: amount,
  type: optionalText,
  title: optionalText,
  unitAmount: optionalAmount,
  unitTaxAmount: optionalAmount,
  unitDiscountAmount: optionalAmount,
});

export const SHIPPING_METHODS = ['delivery', 'store', 'digital', 'pickup'] as const;

/** POST /orders/ (seed spec "Order request"; public docs §4). Fields the docs list beyond these are accepted as sent. */
export const orderRequestSchema = object({
  orderReference: required,
  bnplProvider: required,
  purchaseCountry: country,
  purchaseCurrency: currency,
  locale: text().check(z.regex(/^[a-z]{2}_[A-Z]{2}$/, { error: 'must look like en_AE (xx_YY)' })),
  orderAmount: amount,
  // Required in the seed spec and the legacy docs ("pass 0"); the newer docs default them to 0.
  taxAmount: z._default(amount, 0),
  shippingAmount: z._default(amount, 0),
  discountAmount: z._default(amount, 0),
  orderItems: z
    .array(orderItem, { error: missingOr('a list of items') })
    .check(z.minLength(1, { error: 'must have at least one item' })),
  customer,
  billingAddress: address,
  shippingAddress: z.optional(address),
  shippingType: optionalText,
  shippingMethod: z.optional(z.enum(SHIPPING_METHODS, { error: `must be one of: ${SHIPPING_METHODS.join(', ')}` })),
  dynamicRedirectUrl: z.optional(url),
  dynamicCallbackUrl: z.optional(url),
  // Unit not stated anywhere; the sandbox reads minutes (its cancellationUnitMs), a local choice.
  cancellationTimeout: z.optional(
    z
      .number({ error: missingOr('a number') })
      .check(z.int({ error: 'must be a whole number' }), z.gte(1, { error: 'must be at least 1' })),
  ),
  autoCapture: z.optional(z.boolean({ error: missingOr('true or false') })),
  channel: optionalText,
  // A fee the paying customer bears (docs §4): captures and voids are bounded by orderAmount + surcharge (§7).
  surcharge: optionalAmount,
  // A customer session token (docs §13); orders.ts checks that this sandbox issued it.
  customerToken: optionalText,
});
export type OrderRequest = z.infer<typeof orderRequestSchema>;

/**
 * POST /orders/{reference}/refund (public docs §8). refundDescription: optional in the guide, required in the API
 * reference; the sandbox takes the stricter reading, so a client that sends none (or '') finds out here.
 */
export const refundRequestSchema = object({
  refundReference: required,
  refundDescription: required,
  refundAmount: object({ amount: positiveAmount, currency: z.optional(currency) }),
});

/** POST /orders/{reference}/capture (public docs §7). */
export const captureRequestSchema = object({
  captureReference: required,
  description: optionalText,
  amount: positiveAmount,
  shippingInfo: z.optional(z.looseRecord(z.string(), z.unknown())),
});

/** POST /merchants/customer/sessions (public docs §13): an email or 'anonymous'. */
export const customerSessionRequestSchema = object({ customerIdentifier: required });

/** POST /orders/{reference}/void (public docs §7). */
export const voidRequestSchema = object({
  voidReference: required,
  description: optionalText,
  amount: positiveAmount,
});
