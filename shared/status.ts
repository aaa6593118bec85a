// The upstream spells statuses several ways (lower-case `pending` at create, `SUCCESSFUL` on the redirect,
// `CANCELED` in the plugin). Everything else in the product sees one enum.

export const ORDER_STATUSES = ['initiated', 'pending', 'paid', 'declined', 'cancelled', 'failed', 'on_hold'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Final statuses never move again; `on_hold` (underpaid) waits for a person. */
export const FINAL_ORDER_STATUSES: ReadonlySet<OrderStatus> = new Set(['paid', 'declined', 'cancelled', 'failed']);

const PAYMENT_SPELLINGS: Record<string, OrderStatus> = {
  INITIATED: 'initiated',
  PENDING: 'pending',
  SUCCESSFUL: 'paid',
  SUCCESS: 'paid',
  DECLINED: 'declined',
  CANCELLED: 'cancelled',
  CANCELED: 'cancelled',
  FAILED: 'failed',
  ERROR: 'failed',
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

const REFUND_SPELLINGS: Record<string, RefundStatus> = {
  PENDING: 'pending',
  INITIATED: 'pending',
  SUCCESSFUL: 'succeeded',
  SUCCESS: 'succeeded',
  DECLINED: 'declined',
  FAILED: 'failed',
  ERROR: 'failed',
};

export function normaliseRefundStatus(upstream: string): NormalisedStatus<RefundStatus> {
  const status = REFUND_SPELLINGS[upstream.trim().toUpperCase()];
  if (!status) return { status: 'unknown', upstream, final: false };
  return { status, upstream, final: status !== 'pending' };
}
