// The BFF's own API, shared by the BFF (to validate and answer) and the widget (to validate and read).
// Amounts in this JSON are decimal numbers in the currency's major unit, as the upstream writes them (257.75 AED);
// everything inside the BFF is integer minor units.
import * as z from 'zod/mini';
import { addressInputSchema, customerSchema, partialAddressInputSchema, storeAddressSchema } from './address.js';
import {
  amount,
  currencyCode,
  MAX_AMOUNT,
  countryCode,
  httpUrl,
  merchantReference,
  metadata,
  optionalText,
  shippingMethod,
  typeError,
  upstreamLocale,
} from './fields.js';
import { isCurrencyCode, payableDecimalsMessage, toPayableMinor } from '../money.js';
import { checkCartAmounts, jwtCustomerToken, orderItemSchema, providerName } from './cart.js';

/** Prefill the merchant may pass: any subset of the shopper's details. */
export const prefillSchema = z.object({
  customer: z.optional(z.partial(customerSchema)),
  billingAddress: z.optional(partialAddressInputSchema),
  shippingAddress: z.optional(partialAddressInputSchema),
});
export type Prefill = z.infer<typeof prefillSchema>;

/** POST /v1/checkout-sessions (merchant key): the cart, fixed server-side. */
/** The cart's part of a session: what the merchant may replace while no order holds the payment. */
const cartShape = {
  orderItems: z
    .array(orderItemSchema, { error: typeError('a list of items') })
    .check(
      z.minLength(1, { error: 'must have at least one item' }),
      z.maxLength(100, { error: 'must have at most 100 items' }),
    ),
  shippingAmount: z._default(amount, 0),
  taxAmount: z._default(amount, 0),
  discountAmount: z._default(amount, 0),
  /** Whether the cart ships physical goods (the widget then asks for a shipping address). Default true. */
  requiresShipping: z._default(z.boolean({ error: 'must be true or false' }), true),
  shippingMethod: z.optional(shippingMethod),
  /** The order's shippingType, sent as given (the spec: free text, a normal or express kind). */
  shippingType: optionalText,
  /** The store a `store` pickup happens at: sent as the order's shipping address, the shopper as its recipient. */
  storeAddress: z.optional(storeAddressSchema),
};

/** A cart that says it is picked up in store names the store. */
const storeNamed = z.superRefine((cart: { shippingMethod?: string | undefined; storeAddress?: unknown }, ctx) => {
  if (cart.shippingMethod === 'store' && cart.storeAddress === undefined)
    ctx.addIssue({ code: 'custom', path: ['storeAddress'], message: 'is required when shippingMethod is store' });
});

export const createSessionRequestSchema = z
  .strictObject({
    ...cartShape,
    purchaseCountry: countryCode,
    purchaseCurrency: currencyCode,
    locale: upstreamLocale,
    returnUrl: httpUrl,
    channel: optionalText,
    autoCapture: z.optional(z.boolean({ error: 'must be true or false' })),
    /** The order's sessionId (the spec: "Session ID of the payment"), sent as given. */
    paymentSessionId: optionalText,
    // Local choice: at most a year (the upstream shows no bound; the order's deadline must stay a date).
    cancellationTimeout: z.optional(
      z
        .number({ error: typeError('a whole number of minutes') })
        .check(
          z.int({ error: 'must be a whole number of minutes' }),
          z.gte(1, { error: 'must be at least 1' }),
          z.lte(525_600, { error: 'must be at most 525600 (a year in minutes)' }),
        ),
    ),
    /**
     * The upstream's customer-session token (a JWT from POST /merchants/customer/sessions), sent as the order's
     * customerToken. A credential: kept server-side, never shown to the widget or written to a log.
     */
    customerToken: z.optional(jwtCustomerToken),
    /**
     * The shop's own order number: on the order view, the order list's filter, every notification, and at the start
     * of the upstream's order reference (its portal shows it). With OPI_UNIQUE_MERCHANT_REFERENCE, one live session
     * per number.
     */
    merchantReference: z.optional(merchantReference),
    /** The shop's own labels, returned with the order and its notifications; never shown to the shopper. */
    metadata: z.optional(metadata),
    ...prefillSchema.shape,
  })
  .check(
    z.superRefine((cart, ctx) => {
      checkCartAmounts(cart, ctx);
    }),
    storeNamed,
  );
export type CreateSessionRequest = z.infer<typeof createSessionRequestSchema>;
/** What a caller may send: the defaulted fields (shipping, tax, discount, requiresShipping) may be left out. */
export type CreateSessionInput = z.input<typeof createSessionRequestSchema>;

/**
 * PATCH /v1/checkout-sessions/:id (merchant key): a new cart for an open session, whole (the defaults apply as at
 * creation). Its amounts are in the session's currency; the country, currency, locale, return URL, prefill, channel
 * and capture settings stay as created, and are refused here.
 */
export const updateSessionCartSchema = z.strictObject(cartShape).check(storeNamed);
export type UpdateSessionCart = z.infer<typeof updateSessionCartSchema>;
export type UpdateSessionCartInput = z.input<typeof updateSessionCartSchema>;

export const createSessionResponseSchema = z.object({
  id: z.string(),
  expiresAt: z.string(),
  amount: z.number(),
  currency: z.string(),
  /**
   * The checkout page the BFF hosts for this session (pay by link): for a link sent by email or chat, and the way back
   * after a declined payment for a shop without a page of its own.
   */
  checkoutUrl: z.string(),
});
export type CreateSessionResponse = z.infer<typeof createSessionResponseSchema>;

export const INSTALMENT_INTERVALS = ['day', 'week', 'fortnight', 'month'] as const;

/** One payment provider as the widget shows it. Amounts in major units of the session's currency. */
export const providerViewSchema = z.object({
  /** The upstream's name, sent back as bnplProvider. */
  name: z.string(),
  /** Brand for people: "Tabby". */
  displayName: z.string(),
  logoUrl: z.optional(z.string()),
  terms: z.optional(z.string()),
  recommended: z.boolean(),
  priority: z.number(),
  minAmount: z.number(),
  maxAmount: z.number(),
  instalments: z.nullable(z.object({ count: z.number(), amount: z.number(), interval: z.enum(INSTALMENT_INTERVALS) })),
  interestRate: z.number(),
  /** Whether the provider may charge the shopper fees, and late fees, as the options state it; absent when they do not. */
  customerFees: z.optional(z.boolean()),
  lateFees: z.optional(z.boolean()),
  /** Dotted paths into the order the provider needs beyond the always-required ones, e.g. "shippingAddress". */
  requiredFields: z.array(z.string()),
  requiresShippingAddress: z.boolean(),
  /** In a session's view only: this provider declined an earlier attempt of the session. */
  declined: z.optional(z.literal(true)),
});
export type ProviderView = z.infer<typeof providerViewSchema>;

/** A provider that exists for the currency but not for this amount, so the widget can say why. */
export const unavailableProviderSchema = z.object({
  name: z.string(),
  displayName: z.string(),
  minAmount: z.number(),
  maxAmount: z.number(),
  reason: z.enum(['below_minimum', 'above_maximum']),
});
export type UnavailableProvider = z.infer<typeof unavailableProviderSchema>;

export const SESSION_STATES = ['open', 'completed', 'expired'] as const;

/**
 * GET /v1/instalments's query (public: no session): a price as a product or cart page shows it. `amount` is a
 * decimal in the currency's major unit ("189.00"), within the currency's and the upstream's decimals, above 0.
 */
export const instalmentsQuerySchema = z
  .object({
    amount: z.pipe(
      z
        .string({ error: typeError('a decimal amount such as 100.00') })
        .check(z.regex(/^\d{1,10}(\.\d{1,3})?$/, { error: 'must be a decimal amount such as 100.00' })),
      z.transform(Number),
    ),
    currency: currencyCode,
    country: countryCode,
    channel: optionalText,
  })
  .check(
    z.superRefine((query, ctx) => {
      if (!isCurrencyCode(query.currency) || typeof query.amount !== 'number') return;
      const minor = toPayableMinor(query.amount, query.currency);
      const problem =
        minor === null
          ? payableDecimalsMessage(query.currency)
          : minor <= 0
            ? 'must be above 0'
            : query.amount > MAX_AMOUNT
              ? `must be at most ${MAX_AMOUNT}`
              : undefined;
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['amount'], input: query.amount });
    }),
  );
export type InstalmentsQuery = z.infer<typeof instalmentsQuerySchema>;

/**
 * GET /v1/instalments: the plans for an amount, as the session view lists them, and nothing about anyone. The
 * providers keep their requiredFields: what a provider asks for is its configuration, not anyone's data, and one
 * provider shape serves both elements.
 */
export const instalmentsViewSchema = z.object({
  amount: z.number(),
  currency: z.string(),
  providers: z.array(providerViewSchema),
  unavailableProviders: z.array(unavailableProviderSchema),
  /**
   * Only when no provider takes the amount and some would take a larger one: the smallest amount one of them takes
   * ("instalments on orders from AED 100.00"), in major units of the currency.
   */
  availableFrom: z.optional(z.number()),
});
export type InstalmentsView = z.infer<typeof instalmentsViewSchema>;

/**
 * How a session's latest attempt ended, for the shopper back from the provider: `pending` while the upstream has not
 * given its final word. An attempt still on its way (the shopper has not come back), or one that paid, has none.
 */
export const ATTEMPT_OUTCOMES = ['declined', 'cancelled', 'failed', 'expired', 'pending'] as const;
export type AttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number];

/**
 * Why, where the upstream said (its rejectReason, failureReason, cancelledBy), in a class of the BFF's own: the
 * provider's credit or affordability check, the shopper's identity not verified, the provider's own failure. Local
 * choice: the documents give these fields as free text with no list of values, so the words are matched
 * (bff/orders/attempt-outcome.ts); what matches none is left out, and the shopper reads only the outcome.
 */
export const ATTEMPT_REASONS = ['credit_check', 'verification', 'provider_error'] as const;
export type AttemptReason = (typeof ATTEMPT_REASONS)[number];

export const lastAttemptSchema = z.object({
  /** The attempt's number in the session (1, 2, ...): a new number is a new attempt. */
  attempt: z.number(),
  /** The provider's upstream name, as in `providers`. */
  provider: z.string(),
  /** Its brand for people ("Tabby"), also when it is no longer in `providers`. */
  displayName: z.string(),
  outcome: z.enum(ATTEMPT_OUTCOMES),
  reason: z.optional(z.enum(ATTEMPT_REASONS)),
});
export type LastAttempt = z.infer<typeof lastAttemptSchema>;

/** GET /v1/checkout-sessions/:id: everything the widget needs in one round trip. */
export const sessionViewSchema = z.object({
  id: z.string(),
  state: z.enum(SESSION_STATES),
  expiresAt: z.string(),
  amount: z.number(),
  currency: z.string(),
  country: z.string(),
  /** The upstream's locale form, en_AE. */
  locale: z.string(),
  requiresShipping: z.boolean(),
  shippingMethod: z.optional(shippingMethod),
  /** The merchant's prefill, under what the shopper typed for the session's latest attempt. */
  prefill: prefillSchema,
  providers: z.array(providerViewSchema),
  unavailableProviders: z.array(unavailableProviderSchema),
  lastAttempt: z.optional(lastAttemptSchema),
});
export type SessionView = z.infer<typeof sessionViewSchema>;

/** POST /v1/checkout-sessions/:id/orders: only the shopper's own choices; any other field is refused. */
export const placeOrderRequestSchema = z.strictObject({
  bnplProvider: providerName,
  customer: z.object(customerSchema.shape, { error: typeError('an object') }),
  billingAddress: addressInputSchema,
  shippingAddress: z.optional(addressInputSchema),
  shippingMethod: z.optional(shippingMethod),
});
export type PlaceOrderRequest = z.infer<typeof placeOrderRequestSchema>;

export const placeOrderResponseSchema = z.object({
  orderReference: z.string(),
  redirectUrl: z.string(),
});
export type PlaceOrderResponse = z.infer<typeof placeOrderResponseSchema>;

/** RFC 9457 problem details, with a stable `code` and, for validation, the field path of each error. */
export const problemSchema = z.looseObject({
  type: z.string(),
  title: z.string(),
  status: z.number(),
  code: z.string(),
  detail: z.optional(z.string()),
  retryable: z.optional(z.boolean()),
  errors: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
});
export type Problem = z.infer<typeof problemSchema>;

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  keys?: readonly string[];
}

/**
 * Turns zod issues into problem `errors[]` entries with dotted field paths ("billingAddress.city"). An unknown
 * field becomes one entry per field, so a tampered body is refused with the name of what it tried to set.
 */
export function issuesToFieldErrors(issues: readonly IssueLike[]): { path: string; message: string }[] {
  return issues.flatMap((issue) => {
    const base = issue.path.map(String);
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      return issue.keys.map((key) => ({ path: [...base, key].join('.'), message: 'is not an accepted field' }));
    }
    return [{ path: base.join('.'), message: issue.message }];
  });
}
