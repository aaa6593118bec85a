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

// An order's life in the ledger: callbacks, returns and polls arrive late, twice and out of order; the ledger only
// moves forward: initiated -> pending or error -> on_hold -> a final status. pending and error follow the upstream's
// latest word both ways (neither is final). A read that contradicts a final status is not a transition: the ledger's
// contradiction rules decide what it records (bff/ledger/order-plan.ts).

/** What the ledger holds as an order's status: `unknown` for an upstream spelling the BFF does not know. */
export type CurrentStatus = OrderStatus | 'unknown';

const RANK: Record<CurrentStatus, number> = {
  initiated: 0,
  unknown: 0,
  pending: 1,
  // The upstream's ERROR or FAILED: not final (it keeps asking its provider), read again until a final status.
  error: 1,
  // The upstream's SUCCESSFUL held for a person (underpaid, unreadable, a second payment): not final, a re-read may
  // show the full amount; a later decline or cancel contradicts that word (bff/ledger/order-plan.ts heldRead).
  on_hold: 2,
  paid: 3,
  declined: 3,
  cancelled: 3,
  failed: 3,
};

/** Still waiting for the upstream's final word: polled, and it may still take the shopper's payment. */
export function isAwaitingUpstream(status: CurrentStatus): boolean {
  return isLiveStatus(status) || status === 'error';
}

/**
 * A live attempt: awaiting the upstream with nothing gone wrong, so a submit of the same provider replays it. An
 * attempt in `error` is not replayed: the shopper tries again with a new one (if both end paid, the second is held).
 */
export function isLiveStatus(status: CurrentStatus): boolean {
  return status === 'initiated' || status === 'pending' || status === 'unknown';
}

export function isFinalStatus(status: CurrentStatus): boolean {
  return status !== 'unknown' && FINAL_ORDER_STATUSES.has(status);
}

/** Whether an order holds its session's payment: the session takes no other. */
export const holdsPayment = (order: { status: CurrentStatus }) => order.status === 'paid' || order.status === 'on_hold';

/**
 * Whether the ledger may move from `current` to `next`: only forward, never away from a final status; pending and
 * error, both waiting for the upstream's final word, follow each other.
 */
export function canTransition(current: CurrentStatus, next: OrderStatus): boolean {
  if (current === next || isFinalStatus(current)) return false;
  return RANK[next] > RANK[current] || (RANK[next] === RANK.pending && RANK[current] === RANK.pending);
}

/**
 * The status the ledger should hold after an observation, or null when nothing changes. An upstream spelling
 * we do not know (`unknown`) changes nothing: it is journalled verbatim and the order keeps being polled.
 */
export function nextStatus(
  current: CurrentStatus,
  observed: NormalisedStatus<OrderStatus>['status'],
): OrderStatus | null {
  if (observed === 'unknown') return null;
  return canTransition(current, observed) ? observed : null;
}

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
const REFUND_FAILURE_WORDS = ['FAILED', 'ERROR'];
const REFUND_SPELLINGS: Record<string, RefundStatus> = {
  PENDING: 'pending',
  INITIATED: 'pending',
  ...Object.fromEntries(REFUND_FAILURE_WORDS.map((word) => [word, 'pending' as const])),
  SUCCESSFUL: 'succeeded',
  SUCCESS: 'succeeded',
  DECLINED: 'declined',
};

/** A refund's word of an attempt that failed (not final, read `pending`), not of one under way. */
export const isRefundFailureWord = (upstream: string) => REFUND_FAILURE_WORDS.includes(upstream.trim().toUpperCase());

export function normaliseRefundStatus(upstream: string): NormalisedStatus<RefundStatus> {
  const status = REFUND_SPELLINGS[upstream.trim().toUpperCase()];
  if (!status) return { status: 'unknown', upstream, final: false };
  return { status, upstream, final: status !== 'pending' };
}
