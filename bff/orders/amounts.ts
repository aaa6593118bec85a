// What an order has left to refund, capture or void, from the ledger's order row and its operations. A request
// the upstream has not answered yet already counts, so two concurrent requests can never both spend the same money.
import type { OrderOperation } from '../store/types.js';
import type { StoredOrder } from '../store/types.js';

const OPEN = new Set(['requested', 'pending']);

export const isOpenOperation = (operation: Pick<OrderOperation, 'status'>) => OPEN.has(operation.status);

function sum(operations: readonly OrderOperation[], include: (operation: OrderOperation) => boolean): number {
  return operations.reduce((total, operation) => (include(operation) ? total + operation.amountMinor : total), 0);
}

/** Refunds that succeeded or may still succeed. */
export function refundsCommittedMinor(operations: readonly OrderOperation[]): number {
  return sum(operations, (op) => op.kind === 'refund' && (op.status === 'succeeded' || isOpenOperation(op)));
}

/**
 * Captured minus refunded (pending refunds count). The upstream refunds only captured money; with autoCapture
 * (the default) everything paid is captured at once.
 */
export function refundableMinor(order: StoredOrder, operations: readonly OrderOperation[]): number {
  return Math.max(0, order.capturedMinor - refundsCommittedMinor(operations));
}

/** The authorised amount neither captured nor voided, nor asked to be (a capture the records show pending included). */
export function uncapturedMinor(order: StoredOrder, operations: readonly OrderOperation[]): number {
  const asked = sum(operations, (op) => (op.kind === 'capture' || op.kind === 'void') && isOpenOperation(op));
  return Math.max(0, order.paidMinor - order.capturedMinor - order.voidedMinor - asked);
}
