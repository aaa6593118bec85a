// The ledger as the merchant API shows it (shared/merchant-api.ts): decimal major units, normalised statuses.
import type { OrderEventView, OrderSummaryView, OrderView, RefundView } from '../../shared/merchant-api.js';
import { toMajor } from '../../shared/money.js';
import type { OrderStatus, RefundStatus } from '../../shared/status.js';
import type { OrderOperation } from '../store/after-payment-types.js';
import type { LedgerOrder, LedgerStatus, OrderEvent } from '../store/types.js';
import { refundableMinor } from './amounts.js';

/** An upstream spelling the BFF does not know is shown as pending (it is never final, and it is still polled). */
export const viewStatus = (status: LedgerStatus): OrderStatus => (status === 'unknown' ? 'pending' : status);

const refundStatus = (operation: OrderOperation): RefundStatus =>
  operation.status === 'requested' ? 'pending' : operation.status;

export function refundView(operation: OrderOperation): RefundView {
  return {
    refundReference: operation.reference,
    orderReference: operation.orderReference,
    amount: toMajor(operation.amountMinor, operation.currency),
    currency: operation.currency,
    status: refundStatus(operation),
    ...(operation.status === 'requested'
      ? { upstreamOutcome: 'unknown' as const }
      : operation.status === 'pending'
        ? { upstreamOutcome: 'awaiting_upstream' as const }
        : {}),
    description: operation.description,
    createdAt: operation.createdAt.toISOString(),
  };
}

export function orderSummaryView(order: LedgerOrder, operations: readonly OrderOperation[]): OrderSummaryView {
  const state = order.paymentState;
  const major = (minor: number) => toMajor(minor, order.currency);
  return {
    orderReference: order.orderReference,
    sessionId: order.sessionId,
    provider: order.provider,
    status: viewStatus(order.status),
    upstreamStatus: order.upstreamStatus,
    amount: major(order.amountMinor),
    currency: order.currency,
    paidAmount: major(order.paidMinor),
    capturedAmount: major(order.capturedMinor),
    voidedAmount: major(order.voidedMinor),
    refundedAmount: major(order.refundedMinor),
    refundableAmount: major(refundableMinor(order, operations)),
    ...(order.status === 'on_hold' && order.holdReason ? { holdReason: order.holdReason } : {}),
    ...(state ? { paymentState: state } : {}),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

function eventView(event: OrderEvent, order: LedgerOrder): OrderEventView {
  return {
    at: event.createdAt.toISOString(),
    source: event.source,
    status: viewStatus(event.status ?? order.status),
    upstreamStatus: event.upstreamStatus,
  };
}

export function orderView(
  order: LedgerOrder,
  operations: readonly OrderOperation[],
  events: readonly OrderEvent[],
): OrderView {
  return {
    ...orderSummaryView(order, operations),
    events: events.map((event) => eventView(event, order)),
    refunds: operations.filter((operation) => operation.kind === 'refund').map(refundView),
  };
}
