// The ledger as the merchant API shows it (shared/schemas/merchant-api.ts): decimal major units, normalised statuses. `now`
// says what is overdue: still open past its deadline.
import type {
  DiscrepancyView,
  OperationView,
  OrderEventView,
  OrderSummaryView,
  OrderView,
  RefundView,
} from '../../shared/schemas/merchant-api.js';
import { toMajor } from '../../shared/money.js';
import { type CurrentStatus, isAwaitingUpstream, type OrderStatus, type RefundStatus } from '../../shared/status.js';
import type { OrderOperation } from '../store/types.js';
import type { Discrepancy, StoredOrder, OrderEvent } from '../store/types.js';
import { isOpenOperation, refundableMinor } from './amounts.js';

/** An upstream spelling the BFF does not know is shown as pending (it is never final, and it is still polled). */
export const viewStatus = (status: CurrentStatus): OrderStatus => (status === 'unknown' ? 'pending' : status);

const operationStatus = (operation: OrderOperation): RefundStatus =>
  operation.status === 'requested' ? 'pending' : operation.status;

const overdue = (deadline: Date, now: Date) => (now.getTime() >= deadline.getTime() ? { overdue: true as const } : {});

/** What a refund, capture and void show alike. */
function operationFields(operation: OrderOperation, now: Date) {
  return {
    amount: toMajor(operation.amountMinor, operation.currency),
    currency: operation.currency,
    status: operationStatus(operation),
    upstreamStatus: operation.upstreamStatus,
    origin: operation.origin,
    ...(operation.status === 'requested'
      ? { upstreamOutcome: 'unknown' as const }
      : operation.status === 'pending'
        ? { upstreamOutcome: 'awaiting_upstream' as const }
        : {}),
    ...(operation.failureReason && operation.status === 'failed' ? { failureReason: operation.failureReason } : {}),
    ...(isOpenOperation(operation) ? overdue(operation.deadlineAt, now) : {}),
    description: operation.description,
    createdAt: operation.createdAt.toISOString(),
  };
}

export function refundView(operation: OrderOperation, now: Date): RefundView {
  return {
    refundReference: operation.reference,
    orderReference: operation.orderReference,
    ...operationFields(operation, now),
  };
}

const operationView = (operation: OrderOperation, now: Date): OperationView => ({
  reference: operation.reference,
  ...operationFields(operation, now),
});

const discrepancyView = (discrepancy: Discrepancy, currency: string): DiscrepancyView =>
  discrepancy.kind === 'status' || discrepancy.kind === 'not_found'
    ? discrepancy
    : {
        kind: discrepancy.kind,
        ledgerAmount: toMajor(discrepancy.ledgerMinor, currency),
        upstreamAmount: toMajor(discrepancy.upstreamMinor, currency),
        detectedAt: discrepancy.detectedAt,
      };

export function orderSummaryView(
  order: StoredOrder,
  operations: readonly OrderOperation[],
  now: Date,
): OrderSummaryView {
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
    surchargeAmount: major(order.surchargeMinor),
    capturedAmount: major(order.capturedMinor),
    voidedAmount: major(order.voidedMinor),
    refundedAmount: major(order.refundedMinor),
    refundableAmount: major(refundableMinor(order, operations)),
    ...(order.status === 'on_hold' && order.holdReason ? { holdReason: order.holdReason } : {}),
    ...(state ? { paymentState: state } : {}),
    ...(order.createState === 'unknown' && isAwaitingUpstream(order.status)
      ? { upstreamOutcome: 'unknown' as const }
      : {}),
    ...(isAwaitingUpstream(order.status) ? overdue(order.deadlineAt, now) : {}),
    ...(order.discrepancy?.length
      ? { discrepancies: order.discrepancy.map((entry) => discrepancyView(entry, order.currency)) }
      : {}),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

function eventView(event: OrderEvent, order: StoredOrder): OrderEventView {
  return {
    at: event.createdAt.toISOString(),
    source: event.source,
    status: viewStatus(event.status ?? order.status),
    upstreamStatus: event.upstreamStatus,
  };
}

/** `earlierEvents`: `events` are the journal's latest rows only, and earlier ones exist. */
export function orderView(
  order: StoredOrder,
  operations: readonly OrderOperation[],
  events: readonly OrderEvent[],
  now: Date,
  earlierEvents = false,
): OrderView {
  const ofKind = (kind: OrderOperation['kind']) => operations.filter((operation) => operation.kind === kind);
  return {
    ...orderSummaryView(order, operations, now),
    events: events.map((event) => eventView(event, order)),
    ...(earlierEvents ? { earlierEvents: true as const } : {}),
    refunds: ofKind('refund').map((operation) => refundView(operation, now)),
    captures: ofKind('capture').map((operation) => operationView(operation, now)),
    voids: ofKind('void').map((operation) => operationView(operation, now)),
  };
}
