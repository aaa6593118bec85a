// Whether a void happened, read from the order as the upstream shows it: no documented record lists voids, so the
// order's captureStatus is all there is. Local choice (the docs name only AUTHORIZED; the sandbox says the same):
// AUTHORIZED while nothing is captured and some authorisation is open, PARTIALLY_CAPTURED while some is captured and
// some open, CAPTURED once nothing is open and something was captured, VOIDED once all of it was voided. A void whose
// before and after read the same (a partial one that leaves some open) cannot be read: it stays open, overdue in time.
import type { OrderStatusRecord } from '../upstream/contract.js';
import { isOpenOperation } from '../orders/amounts.js';
import type { OrderOperation } from '../store/types.js';
import type { StoredOrder } from '../store/types.js';

export function captureStatusFor(authorised: number, captured: number, voided: number): string {
  const open = authorised - captured - voided > 0;
  if (captured === 0) return open ? 'AUTHORIZED' : 'VOIDED';
  return open ? 'PARTIALLY_CAPTURED' : 'CAPTURED';
}

/**
 * `done` when the upstream's captureStatus is what the void leads to, `not_done` when it is still what it was
 * before; `unreadable` when the two read the same, the status is something else, or another capture or void is
 * open on the order (it could explain either).
 */
export function voidShownBy(
  order: StoredOrder,
  operations: readonly OrderOperation[],
  operation: OrderOperation,
  upstream: OrderStatusRecord,
): 'done' | 'not_done' | 'unreadable' {
  const others = operations.filter(
    (other) => other.reference !== operation.reference && other.kind !== 'refund' && isOpenOperation(other),
  );
  if (others.length > 0) return 'unreadable';
  const { paidMinor, capturedMinor, voidedMinor } = order;
  const before = captureStatusFor(paidMinor, capturedMinor, voidedMinor);
  const after = captureStatusFor(paidMinor, capturedMinor, voidedMinor + operation.amountMinor);
  const shown = upstream.captureStatus?.trim().toUpperCase();
  if (before === after) return 'unreadable';
  if (shown === after) return 'done';
  if (shown === before) return 'not_done';
  return 'unreadable';
}
