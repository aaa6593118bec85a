// An order's life in the ledger, and when the BFF stops waiting for it. Callbacks, returns and polls arrive late,
// twice and out of order; the ledger only moves forward: initiated -> pending or error -> on_hold -> a final status.
// pending and error follow the upstream's latest word both ways (neither is final). A read that contradicts a final
// status is not a transition: the ledger's contradiction rules decide what it records (bff/ledger/order-plan.ts).
import { FINAL_ORDER_STATUSES, type NormalisedStatus, type OrderStatus } from '../../shared/status.js';

/** The ledger may hold `unknown`: the upstream's create answered a spelling the BFF does not know. */
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

/**
 * When the BFF stops waiting for an order at the usual pace (the reconciler's plan, bff/reconcile/schedule.ts): its
 * cancellation timeout (minutes, as sent upstream; the BFF's default when the session had none) plus the grace for the
 * upstream to record its own cancellation.
 */
export function orderDeadline(createdAt: Date, cancellationTimeoutMinutes: number, graceMs: number): Date {
  return new Date(createdAt.getTime() + cancellationTimeoutMinutes * 60_000 + graceMs);
}
