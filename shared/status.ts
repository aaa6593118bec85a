// The upstream spells statuses several ways (lower-case `pending` at create, `SUCCESSFUL` on the redirect,
// `CANCELED` in the plugin). Everything else in the product sees one enum.
//
// Only the documents decide what is final: "until a final status (successful, cancelled or declined) is received"
// (the upstream's handling-exceptions page). `ERROR` and `FAILED` are not among them: the upstream keeps polling its
// provider, and an order it showed ERROR may still succeed or be declined. They read as `error`, which is never final.

export const ORDER_STATUSES = [
  'initiated',
  'pending',
  'error',
  'paid',
  'declined',
  'cancelled',
  'failed',
  'on_hold',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Final statuses: the upstream's three (paid, declined, cancelled), and `failed`, the BFF's own conclusion that the
 * upstream never made the order (it refused the create, or its records still show no such order once nothing sent
 * can be on its way). `on_hold` waits for a person; `error` for the upstream's final word.
 */
export const FINAL_ORDER_STATUSES: ReadonlySet<OrderStatus> = new Set(['paid', 'declined', 'cancelled', 'failed']);

const PAYMENT_SPELLINGS: Record<string, OrderStatus> = {
  INITIATED: 'initiated',
  PENDING: 'pending',
  SUCCESSFUL: 'paid',
  SUCCESS: 'paid',
  DECLINED: 'declined',
  CANCELLED: 'cancelled',
  CANCELED: 'cancelled',
  FAILED: 'error',
  ERROR: 'error',
};

export interface NormalisedStatus<S extends string> {
  /** The normalised status, or `unknown` for a spelling not in the table. */
  status: S | 'unknown';
  /** The upstream's text, verbatim. */
  upstream: string;
  final: boolean;
}

export function normalisePaymentStatus(upstream: string): NormalisedStatus<OrderStatus> {
  const status = PAYMENT_SPELLINGS[upstream.trim().toUpperCase()];
  if (!status) return { status: 'unknown', upstream, final: false };
  return { status, upstream, final: FINAL_ORDER_STATUSES.has(status) };
}

export const REFUND_STATUSES = ['pending', 'succeeded', 'declined', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

// A refund's ERROR or FAILED is not final either (the docs show only SUCCESSFUL and PENDING for refunds): it stays
// pending, with the upstream's word beside it, until it reads SUCCESSFUL or DECLINED. `failed` is the BFF's own
// conclusion (refused, or absent from the records once nothing sent can be on its way). Local choice: DECLINED is a
// refund's final refusal, as it is a payment's (the docs' final statuses); no refund document shows it.
const REFUND_SPELLINGS: Record<string, RefundStatus> = {
  PENDING: 'pending',
  INITIATED: 'pending',
  FAILED: 'pending',
  ERROR: 'pending',
  SUCCESSFUL: 'succeeded',
  SUCCESS: 'succeeded',
  DECLINED: 'declined',
};

export function normaliseRefundStatus(upstream: string): NormalisedStatus<RefundStatus> {
  const status = REFUND_SPELLINGS[upstream.trim().toUpperCase()];
  if (!status) return { status: 'unknown', upstream, final: false };
  return { status, upstream, final: status !== 'pending' };
}
