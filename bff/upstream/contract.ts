// The upstream Order Payment Integration service's shapes: the spec's tables, and what its public docs add
// (../shared/spec). Requests are checked strictly; responses are parsed tolerantly (unknown fields kept,
// numbers that arrive as strings coerced), because the BFF must survive the real service.
import * as z from 'zod/mini';
import { customerSchema, upstreamAddressSchema } from '../../shared/schemas/address.js';
import { checkCartAmounts, customerTokenText, orderItemSchema, providerName } from '../../shared/schemas/cart.js';
import {
  amount,
  atMost,
  countryCode,
  currencyCode,
  httpUrl,
  integer,
  optionalText,
  requiredText,
  shippingMethod,
  text,
  typeError,
  upstreamLocale,
} from '../../shared/schemas/fields.js';

/** Body of POST /orders/ (the spec's order request). */
export const orderRequestSchema = z
  .object({
    orderReference: requiredText,
    bnplProvider: providerName,
    purchaseCountry: countryCode,
    purchaseCurrency: currencyCode,
    locale: upstreamLocale,
    orderAmount: amount,
    orderItems: z
      .array(orderItemSchema, { error: typeError('a list of items') })
      .check(z.minLength(1, { error: 'must have at least one item' })),
    taxAmount: amount,
    shippingAmount: amount,
    discountAmount: amount,
    customer: z.object(customerSchema.shape, { error: typeError('an object') }),
    billingAddress: z.object(upstreamAddressSchema.shape, { error: typeError('an object') }),
    // Conditional in the spec: when present, every sub-field but title is required.
    shippingAddress: z.optional(upstreamAddressSchema),
    shippingType: optionalText,
    shippingMethod: z.optional(shippingMethod),
    dynamicRedirectUrl: z.optional(httpUrl),
    dynamicCallbackUrl: z.optional(httpUrl),
    sessionId: optionalText,
    // A JWT (docs: about 400 characters): never the 255 of ordinary text. Its form is the issuer's business (the
    // customer-session answer is read tolerantly), so only its length is checked here.
    customerToken: z.optional(customerTokenText),
    // Unit not shown in the spec or the docs: the BFF sends it in OPI_CANCELLATION_TIMEOUT_UNIT (minutes by default).
    cancellationTimeout: z.optional(integer('must be a whole number').check(z.gte(1, { error: 'must be at least 1' }))),
    autoCapture: z.optional(z.boolean({ error: 'must be true or false' })),
    channel: optionalText,
  })
  .check(
    z.superRefine((order, ctx) => {
      checkCartAmounts(order, ctx, order.orderAmount);
    }),
  );
export type OrderRequest = z.infer<typeof orderRequestSchema>;

/** Number that the upstream may send as a string ("24", "10000"). */
const looseNumber = z.pipe(
  z.union([z.number(), z.string().check(z.trim(), z.minLength(1))]),
  z.transform((value, ctx) => {
    const result = Number(value);
    if (!Number.isFinite(result)) {
      ctx.issues.push({ code: 'custom', message: 'must be a number', input: value });
      return z.NEVER;
    }
    return result;
  }),
);

/**
 * An answer's optional field. The docs show the API sending null for a value it has not (GetOrderResponse:
 * failureReason "string / null"), so null reads as absent wherever absent is allowed: one null never costs a whole
 * answer (an order that could not be recorded, an option dropped from the checkout).
 */
function absentIfNull<T extends z.ZodMiniType>(schema: T) {
  return z.optional(
    z.pipe(
      z.nullable(schema),
      z.transform((value): z.output<T> | undefined => value ?? undefined),
    ),
  );
}

/** An answer's field with a default: absent or null, it takes the default. */
function defaultIfAbsent<T extends z.ZodMiniType>(schema: T, fallback: NonNullable<z.output<T>>) {
  return z.pipe(
    z.optional(z.nullable(schema)),
    z.transform((value): NonNullable<z.output<T>> => value ?? fallback),
  );
}

/**
 * Response of POST /orders/ (the spec's order record). Only what the BFF uses is required: the order exists once
 * the upstream answers, so an answer is refused only when the shopper cannot be sent on. The rest is kept as sent,
 * and may be missing (transactionReference too, though the spec and the docs' example carry it).
 */
export const orderRecordSchema = z.looseObject({
  redirectUrl: httpUrl,
  transactionReference: z.optional(z.nullable(text())),
  // Local choice: an answer without a status is the docs' "pending" of a newly created order.
  paymentStatus: defaultIfAbsent(requiredText, 'pending'),
});
export type OrderRecord = z.infer<typeof orderRecordSchema>;

/** Response of GET /orders/{reference} (the public docs' GetOrderResponse); only the fields we act on are required. */
export const orderStatusSchema = z.looseObject({
  merchantReference: requiredText,
  status: requiredText,
  amount: looseNumber,
  currency: requiredText,
  surcharge: z.optional(z.nullable(looseNumber)),
  provider: absentIfNull(text()),
  updatedAt: absentIfNull(text()),
  failureReason: z.optional(z.nullable(text())),
  bnplOrderId: z.optional(z.nullable(text())),
  transactionReference: z.optional(z.nullable(text())),
  rejectReason: z.optional(z.nullable(text())),
  cancelledBy: z.optional(z.nullable(text())),
  captureStatus: z.optional(z.nullable(text())),
});
export type OrderStatusRecord = z.infer<typeof orderStatusSchema>;

/** Body of POST /orders/{reference}/refund. */
export const refundRequestSchema = z.object({
  refundReference: requiredText,
  refundDescription: text().check(atMost(255)),
  refundAmount: z.object(
    {
      amount: amount.check(z.gt(0, { error: 'must be more than 0' })),
      currency: z.optional(currencyCode),
    },
    { error: typeError('an object') },
  ),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

/** Response of POST /orders/{reference}/refund, and each entry of GET /orders/{reference}/refund. */
export const refundRecordSchema = z.looseObject({
  refundReference: requiredText,
  bnplProvider: absentIfNull(text()),
  refundedAmount: looseNumber,
  refundStatus: requiredText,
  description: absentIfNull(z.union([z.looseRecord(z.string(), z.unknown()), z.string()])),
  // RFC 1123 in the docs' refund answer; kept as text, whatever its form (the BFF stamps its own times).
  refundDate: absentIfNull(text()),
  bnplRefundId: absentIfNull(text()),
});
export type RefundRecord = z.infer<typeof refundRecordSchema>;

/** GET /orders/{reference}/refund: a list of refund records (shape not shown upstream; local choice). */
export const refundListSchema = z.array(refundRecordSchema);

/** One of the transaction details' refunds. The docs' sample names it by `refundId` (equal to the order's reference). */
const detailsRefundSchema = z.looseObject({
  refundId: z.optional(z.nullable(text())),
  refundReference: z.optional(z.nullable(text())),
  bnplRefundId: z.optional(z.nullable(text())),
  amount: looseNumber,
  currency: z.optional(z.nullable(text())),
  status: requiredText,
  createdAt: z.optional(z.nullable(text())),
  refundFailureReason: z.optional(z.nullable(text())),
});
export type DetailsRefund = z.infer<typeof detailsRefundSchema>;

/** One of the transaction details' captures (captureId: the docs' capture answer repeats the captureReference). */
const detailsCaptureSchema = z.looseObject({
  captureId: z.optional(z.nullable(text())),
  captureReference: z.optional(z.nullable(text())),
  amount: looseNumber,
  // Local choice: a capture listed without a status is one that happened.
  status: defaultIfAbsent(requiredText, 'SUCCESSFUL'),
  createdAt: z.optional(z.nullable(text())),
});
export type DetailsCapture = z.infer<typeof detailsCaptureSchema>;

/**
 * Response of POST /orders/{reference}/details (the docs' Transaction Details): the only documented place that
 * lists an order's refunds and captures, amounts as strings.
 */
export const transactionDetailsSchema = z.looseObject({
  currency: absentIfNull(text()),
  // Absent or null: the answer says nothing of them (never read as "none": nothing is concluded from it).
  refunds: absentIfNull(z.array(detailsRefundSchema)),
  orderCaptures: absentIfNull(z.array(detailsCaptureSchema)),
});
export type TransactionDetails = z.infer<typeof transactionDetailsSchema>;

/** Body of POST /orders/{reference}/capture. */
export const captureRequestSchema = z.object({
  captureReference: requiredText,
  description: optionalText,
  amount: amount.check(z.gt(0, { error: 'must be more than 0' })),
  shippingInfo: z.optional(z.looseRecord(z.string(), z.unknown())),
});
export type CaptureRequest = z.infer<typeof captureRequestSchema>;

export const captureRecordSchema = z.looseObject({
  captureReference: requiredText,
  capturedAmount: looseNumber,
  captureId: requiredText,
});
export type CaptureRecord = z.infer<typeof captureRecordSchema>;

/** Body of POST /orders/{reference}/void. */
export const voidRequestSchema = z.object({
  voidReference: requiredText,
  description: optionalText,
  amount: amount.check(z.gt(0, { error: 'must be more than 0' })),
});
export type VoidRequest = z.infer<typeof voidRequestSchema>;

/**
 * Local choice: a 2xx to a void is its success whatever of the docs' sample fields it carries. No read shows voids
 * (docs section 7), so an answer of a shape we did not expect would leave a void the upstream made unknown for ever.
 */
export const voidRecordSchema = z.looseObject({
  voidReference: z.catch(z.optional(requiredText), undefined),
  amount: z.catch(z.optional(looseNumber), undefined),
  voidedId: z.catch(z.optional(requiredText), undefined),
});
export type VoidRecord = z.infer<typeof voidRecordSchema>;

const costSchema = z.looseObject({ amount: looseNumber, currency: text() });

/** The field path one requiredFields entry names: a string, or an object's `field`, `name` or `path`. */
function requiredFieldPath(entry: unknown): string | undefined {
  if (typeof entry === 'string') return entry.trim() || undefined;
  if (typeof entry !== 'object' || entry === null) return undefined;
  const named = ['field', 'name', 'path']
    .map((key) => (entry as Record<string, unknown>)[key])
    .find((value) => typeof value === 'string');
  return typeof named === 'string' ? named.trim() || undefined : undefined;
}

/**
 * `requiredFields`: the docs never show its shape (local choice): dotted paths into the order request that the
 * provider needs beyond the always-required ones, e.g. ["shippingAddress"], as strings or as objects naming the
 * field ({ field | name | path }). Entries that name nothing are dropped; anything but a list reads as none.
 */
const requiredFieldsSchema = z.pipe(
  z.unknown(),
  z.transform((value) =>
    Array.isArray(value) ? value.map(requiredFieldPath).filter((path) => path !== undefined) : [],
  ),
);

/**
 * One item of GET /options. The newer reference may leave out `currency` and the limits: readOptionItems gives an
 * item without currency the request's; an absent `minAmount` or `maxAmount` is no limit on that side.
 */
export const optionItemSchema = z.looseObject({
  name: requiredText,
  currency: absentIfNull(requiredText),
  minAmount: absentIfNull(looseNumber),
  maxAmount: absentIfNull(looseNumber),
  priority: defaultIfAbsent(looseNumber, 999),
  terms: absentIfNull(text()),
  imageUrl: absentIfNull(text()),
  image: absentIfNull(text()),
  instalment: absentIfNull(z.looseObject({ rate: costSchema, termDuration: looseNumber, termUnit: text() })),
  monthlyCost: absentIfNull(costSchema),
  weeklyCost: absentIfNull(costSchema),
  termDurationInMonths: absentIfNull(looseNumber),
  termDurationInWeeks: absentIfNull(looseNumber),
  recommended: absentIfNull(z.boolean()),
  interestRate: absentIfNull(looseNumber),
  lateFeesAllowed: absentIfNull(z.boolean()),
  customerFeesAllowed: absentIfNull(z.boolean()),
  interestRateAllowed: absentIfNull(z.boolean()),
  checkoutConfig: absentIfNull(z.looseRecord(z.string(), z.unknown())),
  requiredFields: z.optional(requiredFieldsSchema),
});
/** An options item as the BFF holds it: its currency always known (its own, else the request's). */
export type OptionItem = z.infer<typeof optionItemSchema> & { currency: string };
/** GET /options answers a list; its items are read one by one by readOptionItems. */
export const optionsResponseSchema = z.array(z.unknown());

export interface DroppedOption {
  index: number;
  /** The item's name when it has one. */
  name?: string;
  /** Field paths and messages, never values. */
  issues: string[];
}

/**
 * The items the contract accepts, and why each other one was dropped: one odd provider never hides the rest.
 * `currency`: the one the request asked for, which an item without its own takes (the upstream routes by it).
 * Without it, an item without a currency cannot be placed and is dropped.
 */
export function readOptionItems(
  list: readonly unknown[],
  currency?: string,
): { items: OptionItem[]; dropped: DroppedOption[] } {
  const items: OptionItem[] = [];
  const dropped: DroppedOption[] = [];
  for (const [index, raw] of list.entries()) {
    const parsed = optionItemSchema.safeParse(raw);
    const itemCurrency = parsed.success ? (parsed.data.currency ?? currency) : undefined;
    if (parsed.success && itemCurrency !== undefined) {
      items.push({ ...parsed.data, currency: itemCurrency });
      continue;
    }
    const name =
      typeof raw === 'object' && raw !== null && typeof (raw as { name?: unknown }).name === 'string'
        ? (raw as { name: string }).name
        : undefined;
    const issues = parsed.success
      ? ['currency: is required']
      : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(item)'}: ${issue.message}`);
    dropped.push({ index, ...(name === undefined ? {} : { name: name.slice(0, 64) }), issues });
  }
  return { items, dropped };
}

/** Response of the token operation (OAuth2 client credentials). */
export const tokenResponseSchema = z.looseObject({
  // JWTs run well past the 255 characters allowed to ordinary text fields.
  access_token: text().check(z.minLength(1, { error: 'is required' })),
  expires_in: looseNumber.check(z.gt(0, { error: 'must be more than 0' })),
  token_type: requiredText,
  scope: absentIfNull(text()),
});

/**
 * Response of POST /merchants/customer/sessions (docs §13): `{ token: <JWT>, ttl: 604800 }`. Only the token is
 * used; like orderToken's UUID form, its JWT form is described, not enforced.
 */
export const customerSessionSchema = z.looseObject({
  token: customerTokenText,
  ttl: absentIfNull(looseNumber),
});
export type CustomerSession = z.infer<typeof customerSessionSchema>;

/** Every upstream error: `message` is a list for validation errors, a string otherwise. */
export const upstreamErrorSchema = z.looseObject({
  statusCode: z.number(),
  message: z.union([z.string(), z.array(z.string())]),
  error: z.optional(z.string()),
});

/** Local choice: the longest notification field the BFF reads (its own references are far shorter). */
export const NOTIFICATION_FIELD_MAX = 255;

/**
 * A notification's field as the BFF reads it: text of at most NOTIFICATION_FIELD_MAX characters, else absent. A
 * notice is read for what it carries and never refused for a field: the docs promise none beyond event, status and
 * transactionId, and cut their table off there.
 */
const hintField = z.optional(
  z.pipe(
    z.unknown(),
    z.transform((value) =>
      typeof value === 'string' && value.trim().length > 0 && value.length <= NOTIFICATION_FIELD_MAX
        ? value.trim()
        : undefined,
    ),
  ),
);

const notificationFields = z.looseObject({
  event: hintField,
  status: hintField,
  merchantReference: hintField,
  orderReference: hintField,
  refundReference: hintField,
  transactionId: hintField,
  transactionReference: hintField,
  bnplOrderId: hintField,
});

/**
 * A notification, in either form the docs show: `{ event, data: {...} }` or flat `{ event, status, ... }`, read as
 * one flat hint: the order's reference if it names one, and the upstream's own ids it carries (transactionId, the
 * docs' field; transactionReference and bnplOrderId, as GET /orders/{reference} names them).
 */
export const notificationSchema = z.pipe(
  z.looseObject({ data: z.optional(z.unknown()) }),
  z.transform(({ data, ...flat }) => {
    const inner = notificationFields.safeParse(data);
    const outer = notificationFields.parse(flat);
    // A field in `data` wins over the same field beside it; one absent in either is taken from the other.
    const fields = inner.success
      ? (Object.fromEntries(
          Object.keys(notificationFields.shape).map((key) => [
            key,
            inner.data[key as 'event'] ?? outer[key as 'event'],
          ]),
        ) as typeof outer)
      : outer;
    const ids = [fields.transactionId, fields.transactionReference, fields.bnplOrderId].filter(
      (id): id is string => id !== undefined,
    );
    return {
      event: fields.event,
      orderReference: fields.merchantReference ?? fields.orderReference,
      status: fields.status,
      refundReference: fields.refundReference,
      ids: [...new Set(ids)],
    };
  }),
);
