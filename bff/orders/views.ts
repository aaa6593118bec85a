// The ledger as the merchant API shows it (shared/schemas/merchant-api.ts): decimal major units, normalised statuses. `now`
// says what is overdue: still open past its deadline.
import type {
  CaptureOrVoidView,
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

/** While open, what is known of it: its answer lost (`unknown`), or taken by the upstream (`awaiting_upstream`). */
const upstreamOutcome = (operation: OrderOperation) =>
  operation.status === 'requested'
    ? { upstreamOutcome: 'unknown' as const }
    : operation.status === 'pending'
      ? { upstreamOutcome: 'awaiting_upstream' as const }
      : {};

/**
 * What the merchant should check, and where, for a capture or void whose answer was lost: no record the payment
 * service documents shows a void, and a capture shows only in the transaction details, so a person may need to look.
 */
function toCheck(operation: OrderOperation): { toCheck?: string } {
  if (operation.kind === 'refund' || operation.status !== 'requested') return {};
  return {
    toCheck:
      `No answer has come from the payment service for ${operation.kind} ${operation.reference}: it may have been made. ` +
      `Look for it on order ${operation.orderReference} in the payment service's portal. Until its records show it, ` +
      `its amount stays reserved and no other capture or void of the order is sent; the BFF keeps reading the order ` +
      `and, past its poll horizon, lists it in the order's discrepancies.`,
  };
}

/** What a refund, capture and void show alike. */
function operationFields(operation: OrderOperation, now: Date) {
  return {
    amount: toMajor(operation.amountMinor, operation.currency),
    currency: operation.currency,
    status: operationStatus(operation),
    upstreamStatus: operation.upstreamStatus,
    origin: operation.origin,
    ...upstreamOutcome(operation),
    ...(operation.failureReason && operation.status === 'failed' ? { failureReason: operation.failureReason } : {}),
    ...(isOpenOperation(operation) ? overdue(operation.deadlineAt, now) : {}),
    ...toCheck(operation),
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

/** The answer to a capture or void: made (`succeeded`), or not confirmed yet (`pending`, with what is known). */
export function captureOrVoidView(operation: OrderOperation): CaptureOrVoidView {
  const status = operationStatus(operation);
  return {
    orderReference: operation.orderReference,
    amount: toMajor(operation.amountMinor, operation.currency),
    currency: operation.currency,
    reference: operation.reference,
    status: status === 'succeeded' ? 'succeeded' : 'pending',
    ...upstreamOutcome(operation),
    ...toCheck(operation),
  };
}

const operationView = (operation: OrderOperation, now: Date): OperationView => ({
  reference: operation.reference,
  ...operationFields(operation, now),
});

const discrepancyView = (discrepancy: Discrepancy, currency: string): DiscrepancyView =>
  discrepancy.kind === 'status' || discrepancy.kind === 'not_found'
    ? discrepancy
    : discrepancy.kind === 'unconfirmed_operations'
      ? {
          kind: discrepancy.kind,
          references: discrepancy.references,
          ledgerAmount: toMajor(discrepancy.ledgerMinor, currency),
          upstreamCaptureStatus: discrepancy.upstreamCaptureStatus,
          detectedAt: discrepancy.detectedAt,
        }
      : {
          kind: discrepancy.kind,
          ledgerAmount: toMajor(discrepancy.ledgerMinor, currency),
          upstreamAmount: toMajor(discrepancy.upstreamMinor, currency),
          detectedAt: discrepancy.detectedAt,
        };

/** The shop's own order number and labels, where its session gave them: on views and every notification. */
export const shopLabels = ({ merchantReference, metadata }: Pick<StoredOrder, 'merchantReference' | 'metadata'>) => ({
  ...(merchantReference ? { merchantReference } : {}),
  ...(metadata ? { metadata } : {}),
});

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
    ...shopLabels(order),
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
): Omit<OrderView, 'checkoutUrl'> {
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
