// The BFF's merchant order API (server to server, merchant key) and the shopper's return: the agreed contract
// between the BFF and the merchant's own server (the demo storefront codes against these shapes).
// Amounts are decimal numbers in the major unit of the order's currency, as in the cart.
import * as z from 'zod/mini';
import { amount, atMost, merchantReference, optionalText, text, typeError } from './fields.js';
import { ORDER_STATUSES, REFUND_STATUSES } from '../status.js';

export const orderStatusViewSchema = z.enum(ORDER_STATUSES);
export const refundStatusViewSchema = z.enum(REFUND_STATUSES);

/** Where an order event came from: the BFF's create call, the shopper's return, a callback, polling, the merchant. */
export const ORDER_EVENT_SOURCES = ['create', 'return', 'callback', 'poll', 'merchant'] as const;

/** One entry of an order's journal: every status observation, including deliveries that changed nothing. */
export const orderEventViewSchema = z.object({
  at: z.string(),
  source: z.enum(ORDER_EVENT_SOURCES),
  status: orderStatusViewSchema,
  /** The upstream's spelling, verbatim; null when the event did not come from the upstream (e.g. before create). */
  upstreamStatus: z.nullable(z.string()),
});
export type OrderEventView = z.infer<typeof orderEventViewSchema>;

/**
 * While a refund, capture or void is `pending`, what is known of it: `awaiting_upstream`, the payment service took
 * it and will settle it; `unknown`, its answer never came (lost, timed out, or refused after a lost answer): it may
 * have happened, so its amount stays spent until the payment service's records, read back, settle it.
 */
const upstreamOutcome = z.optional(z.enum(['awaiting_upstream', 'unknown']));
/** Present (true) while something is still open past its deadline: the BFF still asks, slowly; a person may look. */
const overdue = z.optional(z.literal(true));
/**
 * Why it failed: the payment service's own words when it refused it, or `not_found_upstream` when its records,
 * read back once nothing could still be in flight, showed no such operation.
 */
const failureReason = z.optional(z.string());
/**
 * For a capture or void whose answer was lost: what to check, and where, while the payment service's records (which
 * show no void, and a capture only in the transaction details) do not settle it.
 */
const toCheck = z.optional(z.string());

/** What a refund, a capture and a void show alike. */
const operationFields = {
  amount: z.number(),
  currency: z.string(),
  status: refundStatusViewSchema,
  /** The payment service's own word for it, verbatim (a pending refund may read ERROR: not final); null until known. */
  upstreamStatus: z.nullable(z.string()),
  /**
   * `checkout`: asked for through this BFF. `outside`: made outside the checkout (the payment service's portal,
   * another integration) and seen in the payment service's records; counted in the amounts like any other.
   */
  origin: z.enum(['checkout', 'outside']),
  upstreamOutcome,
  failureReason,
  overdue,
  toCheck,
  description: z.nullable(z.string()),
  createdAt: z.string(),
};

export const refundViewSchema = z.object({
  refundReference: z.string(),
  orderReference: z.string(),
  ...operationFields,
});
export type RefundView = z.infer<typeof refundViewSchema>;

/** A capture or a void, as the order view lists them. */
export const operationViewSchema = z.object({ reference: z.string(), ...operationFields });
export type OperationView = z.infer<typeof operationViewSchema>;

/**
 * The payment service's records and the ledger disagree in a way no record settles, for a person to look at: the
 * totals of refunds or captures (`ledgerAmount`, `upstreamAmount`: two refunds of one amount of which only one shows),
 * what a paid order was paid (`paid`: a later read reports another amount than the one recorded), (`status`) a read of the order that contradicts its final status (`ledgerStatus`, and the payment service's
 * `upstreamStatus`: an order the ledger holds paid that the payment service now shows declined), or (`not_found`)
 * a read that finds no such order though the payment service showed it (`lastUpstreamStatus`, its last word), or
 * (`unconfirmed_operations`) captures or voids whose answers were lost and that no record settled by the poll horizon.
 */
export const discrepancyViewSchema = z.union([
  z.object({
    kind: z.enum(['refunds', 'captures', 'paid']),
    ledgerAmount: z.number(),
    upstreamAmount: z.number(),
    detectedAt: z.string(),
  }),
  z.object({
    kind: z.literal('status'),
    ledgerStatus: z.string(),
    upstreamStatus: z.string(),
    detectedAt: z.string(),
  }),
  z.object({
    kind: z.literal('not_found'),
    ledgerStatus: z.string(),
    lastUpstreamStatus: z.string(),
    detectedAt: z.string(),
  }),
  // Captures or voids whose answers were lost and which no record settled by the poll horizon: the ledger holds
  // `ledgerAmount` reserved for `references`; the payment service last said `upstreamCaptureStatus` of the order.
  z.object({
    kind: z.literal('unconfirmed_operations'),
    references: z.array(z.string()),
    ledgerAmount: z.number(),
    upstreamCaptureStatus: z.nullable(z.string()),
    detectedAt: z.string(),
  }),
]);
export type DiscrepancyView = z.infer<typeof discrepancyViewSchema>;

/** An order without its journal and refunds: one row of the order list. */
export const PAYMENT_STATES = [
  'authorised',
  'partially_captured',
  'captured',
  'voided',
  'partially_refunded',
  'refunded',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** The shop's own order number and labels, as its session gave them; absent when it gave none. */
const shopLabels = {
  merchantReference: z.optional(z.string()),
  metadata: z.optional(z.record(z.string(), z.string())),
};

export const orderSummaryViewSchema = z.object({
  orderReference: z.string(),
  sessionId: z.string(),
  ...shopLabels,
  provider: z.string(),
  status: orderStatusViewSchema,
  upstreamStatus: z.nullable(z.string()),
  amount: z.number(),
  currency: z.string(),
  paidAmount: z.number(),
  /** The fee the paying customer bears, as the payment service reports it; included in paidAmount. */
  surchargeAmount: z.number(),
  capturedAmount: z.number(),
  voidedAmount: z.number(),
  refundedAmount: z.number(),
  /** paid - refunded, where pending refunds already count as refunded. */
  refundableAmount: z.number(),
  /**
   * Why an on_hold order waits for a person: underpaid, currency_mismatch, unreadable_amount, or
   * session_already_paid (another order of its checkout session was paid first: refund this one). Absent otherwise.
   */
  holdReason: z.optional(z.string()),
  /**
   * Where the money of a paid order stands, from its amounts: `authorised` (nothing captured yet: the shopper is
   * not charged until it is), `partially_captured`, `captured`, `voided` (the authorisation released, nothing
   * charged), `partially_refunded`, `refunded`. Absent while the order is not paid.
   */
  paymentState: z.optional(z.enum(PAYMENT_STATES)),
  /** `unknown` while the order's creation was not answered: it may exist at the payment service. */
  upstreamOutcome: z.optional(z.literal('unknown')),
  overdue,
  /** Present while the payment service's records and the ledger disagree. */
  discrepancies: z.optional(z.array(discrepancyViewSchema)),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrderSummaryView = z.infer<typeof orderSummaryViewSchema>;

/** GET /v1/orders/:reference */
export const orderViewSchema = z.object({
  ...orderSummaryViewSchema.shape,
  /** The order's journal: its latest 100 entries, oldest first. */
  events: z.array(orderEventViewSchema),
  /** Present (true) when the journal has entries before those `events` shows. */
  earlierEvents: z.optional(z.literal(true)),
  refunds: z.array(refundViewSchema),
  captures: z.array(operationViewSchema),
  voids: z.array(operationViewSchema),
  /**
   * The checkout page the BFF hosts for the order's session: the way back to paying after a decline, for a shop
   * without a checkout page of its own (it opens the session: give it to the shopper only).
   */
  checkoutUrl: z.string(),
});
export type OrderView = z.infer<typeof orderViewSchema>;

export const ORDER_LIST_DEFAULT_LIMIT = 20;
export const ORDER_LIST_MAX_LIMIT = 100;

/** A whole number as a query string carries it ("20"). */
const queryInteger = z.pipe(
  z.string({ error: typeError('a whole number') }).check(z.regex(/^\d{1,6}$/, { error: 'must be a whole number' })),
  z.transform(Number),
);

/** A whole number from 1 to `max`, as a query string carries it; `fallback` when absent. */
const queryCount = (max: number, fallback: number) =>
  z._default(
    z.pipe(
      queryInteger,
      z.number().check(z.gte(1, { error: 'must be at least 1' }), z.lte(max, { error: `must be at most ${max}` })),
    ),
    fallback,
  );

/** A moment as a query string carries it: an ISO 8601 date and time with its offset (2026-12-01T00:00:00Z). */
const queryInstant = z.pipe(
  text().check(
    z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date and time, such as 2026-12-01T00:00:00Z' }),
  ),
  z.transform((value) => new Date(value)),
);

/**
 * GET /v1/orders?status=&paymentState=&merchantReference=&createdFrom=&createdTo=&limit=&cursor= (query strings).
 * createdFrom is inclusive, createdTo exclusive.
 */
export const orderListQuerySchema = z.strictObject({
  status: z.optional(z.enum(ORDER_STATUSES, { error: `must be one of: ${ORDER_STATUSES.join(', ')}` })),
  paymentState: z.optional(z.enum(PAYMENT_STATES, { error: `must be one of: ${PAYMENT_STATES.join(', ')}` })),
  merchantReference: z.optional(merchantReference),
  createdFrom: z.optional(queryInstant),
  createdTo: z.optional(queryInstant),
  limit: queryCount(ORDER_LIST_MAX_LIMIT, ORDER_LIST_DEFAULT_LIMIT),
  cursor: z.optional(text().check(z.minLength(1, { error: 'is required' }), atMost(200))),
});

/** GET /v1/orders: newest first; pass nextCursor back as `cursor` for the next page. */
export const orderListResponseSchema = z.object({
  data: z.array(orderSummaryViewSchema),
  nextCursor: z.nullable(z.string()),
});
export type OrderListResponse = z.infer<typeof orderListResponseSchema>;

const positiveAmount = amount.check(z.gt(0, { error: 'must be more than 0' }));

/** POST /v1/orders/:reference/refunds (with an Idempotency-Key header). Unknown fields are refused. */
export const refundRequestBodySchema = z.strictObject({
  amount: positiveAmount,
  description: optionalText,
});
export type RefundRequestBody = z.infer<typeof refundRequestBodySchema>;

/** GET /v1/orders/:reference/refunds */
export const refundListResponseSchema = z.object({ data: z.array(refundViewSchema) });
export type RefundListResponse = z.infer<typeof refundListResponseSchema>;

/** POST /v1/orders/:reference/capture and /void: without an amount, all that is left. */
export const captureOrVoidRequestSchema = z.strictObject({
  amount: z.optional(positiveAmount),
  description: optionalText,
});
export type CaptureOrVoidRequest = z.infer<typeof captureOrVoidRequestSchema>;

/**
 * Answer of capture and void: `reference` is the captureReference or voidReference the BFF sent upstream. `succeeded`
 * (201), or `pending` (202) while the payment service has not confirmed it: its answer was lost (`upstreamOutcome:
 * unknown`, with `toCheck`) or it took it and settles later (`awaiting_upstream`). Either way its amount stays
 * reserved, and another capture or void of the order waits (409 operation_in_doubt).
 */
export const captureOrVoidViewSchema = z.object({
  orderReference: z.string(),
  amount: z.number(),
  currency: z.string(),
  reference: z.string(),
  status: z.enum(['succeeded', 'pending']),
  upstreamOutcome,
  toCheck,
});
export type CaptureOrVoidView = z.infer<typeof captureOrVoidViewSchema>;

/** The Idempotency-Key header every merchant write carries: printable ASCII, 1 to 255 characters. */
export const idempotencyKeySchema = z
  .string({ error: 'is required' })
  .check(z.regex(/^[\x21-\x7e]{1,255}$/, { error: 'must be 1 to 255 printable characters without spaces' }));

/**
 * The query the upstream appends to the dynamicRedirectUrl. Every field is optional here: a return with a
 * missing or wrong signature is not an error for the shopper, it just changes nothing.
 */
export const returnQuerySchema = z.looseObject({
  reference: z.optional(z.string()),
  status: z.optional(z.string()),
  providerReference: z.optional(z.string()),
  hash: z.optional(z.string()),
});

/**
 * Body of a merchant notification (POSTed to OPI_MERCHANT_WEBHOOK_URL, and listed by GET /v1/events). Verify the
 * Opi-Signature header over the raw body before parsing it. `id` is the event's: the same at every delivery, a resend
 * and in the feed, so a shop that keeps the ids it handled handles each once. The order's merchantReference and
 * metadata, when its session had them, are on every type.
 */
const envelope = { id: z.string(), createdAt: z.string(), ...shopLabels };
export const merchantNotificationSchema = z.discriminatedUnion('type', [
  z.object({ ...envelope, type: z.literal('order.status'), data: orderSummaryViewSchema }),
  z.object({ ...envelope, type: z.literal('refund.result'), data: refundViewSchema }),
  z.object({ ...envelope, type: z.literal('order.discrepancy'), data: orderSummaryViewSchema }),
]);
export type MerchantNotification = z.infer<typeof merchantNotificationSchema>;

export const EVENT_LIST_DEFAULT_LIMIT = 50;
export const EVENT_LIST_MAX_LIMIT = 200;

/** GET /v1/events?after=&limit=: the notifications after the cursor, in the order they were written. */
export const eventListQuerySchema = z.strictObject({
  after: z.optional(
    text().check(z.regex(/^\d{1,15}$/, { error: 'must be a nextCursor this API gave (digits), or absent' })),
  ),
  limit: queryCount(EVENT_LIST_MAX_LIMIT, EVENT_LIST_DEFAULT_LIMIT),
});

/**
 * GET /v1/events: every merchant notification (the same bodies the webhook is sent, ids included), oldest first. Keep
 * `nextCursor` and pass it back as `after`: it is given even for an empty page, so a shop polls from where it stopped.
 */
export const eventListResponseSchema = z.object({
  data: z.array(merchantNotificationSchema),
  nextCursor: z.string(),
  /** More are listed after this page now. */
  hasMore: z.boolean(),
});
export type EventListResponse = z.infer<typeof eventListResponseSchema>;

/** POST /v1/orders/:reference/notifications/resend: the order's latest notification, queued again. */
export const notificationResendSchema = z.object({
  id: z.string(),
  type: z.enum(['order.status', 'refund.result', 'order.discrepancy']),
  orderReference: z.string(),
  status: z.literal('queued'),
});
export type NotificationResend = z.infer<typeof notificationResendSchema>;

/**
 * The checkout's steps as the BFF sees them, in order, then the order's outcomes (bff/metrics/funnel.ts), then the
 * recoveries: `recovered` on the provider that was paid after a declined or failed attempt of the same session,
 * `declined_recovered` on each provider whose decline or failure that payment recovered.
 */
export const FUNNEL_STEPS = [
  'shown',
  'chosen',
  'placed',
  'returned',
  'paid',
  'on_hold',
  'declined',
  'cancelled',
  'error',
  'failed',
  'recovered',
  'declined_recovered',
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const FUNNEL_MAX_HOURS = 24;

/** GET /v1/funnel: how many hours back, this one included. */
export const funnelQuerySchema = z.strictObject({
  hours: queryCount(FUNNEL_MAX_HOURS, FUNNEL_MAX_HOURS),
});

const funnelCounts = z.object(
  Object.fromEntries(FUNNEL_STEPS.map((step) => [step, z.number()])) as Record<FunnelStep, z.ZodMiniNumber>,
);

/** Counts per provider and hour (since this instance started), newest hour last; nothing about anyone. */
export const funnelResponseSchema = z.object({
  since: z.string(),
  hours: z.array(
    z.object({
      hour: z.string(),
      providers: z.record(z.string(), funnelCounts),
    }),
  ),
});
export type FunnelResponse = z.infer<typeof funnelResponseSchema>;
