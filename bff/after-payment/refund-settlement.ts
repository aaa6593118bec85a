// Settling the ledger's open refunds from the upstream's refund records: the answer to a refund request, the
// refund list read after a REFUND_CALLBACK, by the reconciler, or on a merchant's read. A refund the upstream
// never recorded (its request's answer was lost and the refund list does not show it) fails after a while, but
// only when the whole refund list was read: a single refund's answer says nothing about the others.
import { normaliseRefundStatus } from '../../shared/status.js';
import type { RefundRecord } from '../../shared/upstream.js';
import type { Notifier } from '../notify/notifier.js';
import type { OperationStatus, OrderOperation } from '../store/after-payment-types.js';
import type { EventSource, LedgerOrder, Store, StoreTx } from '../store/types.js';
import { isOpenOperation } from './amounts.js';
import { refundView } from './views.js';

export interface SettlementDeps {
  store: Store;
  notifier: Notifier;
  now: () => Date;
  /** When an open refund first needs a look from the reconciler. */
  firstCheckDelayMs: number;
  /** A refund sent this long ago that the upstream's list does not show is failed. */
  refundLostAfterMs: number;
}

/** Makes the reconciler look at the order by `at` at the latest (a refund is waiting for its result). */
export async function pollBy(tx: StoreTx, order: LedgerOrder, at: Date): Promise<void> {
  if (order.nextPollAt && order.nextPollAt.getTime() <= at.getTime()) return;
  await tx.updateOrder(order.orderReference, { nextPollAt: at, pollAttempts: 0 });
}

function settledStatus(operation: OrderOperation, record: RefundRecord | undefined, lost: boolean): OperationStatus | null {
  if (!record) return lost && operation.status === 'requested' ? 'failed' : null;
  const status = normaliseRefundStatus(record.refundStatus).status;
  if (status === 'unknown' || status === 'pending') return operation.status === 'requested' ? 'pending' : null;
  return status;
}

/**
 * What the upstream said about an order's refunds: its whole refund list (GET .../refund), where a refund that is
 * missing was never recorded, or only some refunds (the answer to one refund request).
 */
export type RefundRecords = { list: 'complete' | 'partial'; records: readonly RefundRecord[] };

/** Applies the upstream's records to the order's open refunds; answers the refunds as they now stand. */
export async function settleRefunds(
  deps: SettlementDeps,
  orderReference: string,
  { list, records }: RefundRecords,
  source: EventSource,
): Promise<OrderOperation[]> {
  const { store, notifier } = deps;
  let announced = false;
  const refunds = await store.transaction(async (tx) => {
    const order = await tx.getOrder(orderReference, { forUpdate: true });
    if (!order) throw new Error(`order ${orderReference} vanished from the ledger`);
    const now = deps.now();
    let refundedMinor = order.refundedMinor;
    const result: OrderOperation[] = [];
    for (const operation of await tx.listOperations(orderReference, 'refund')) {
      const record = records.find((candidate) => candidate.refundReference === operation.reference);
      const lost = list === 'complete' && now.getTime() - operation.createdAt.getTime() >= deps.refundLostAfterMs;
      const status = isOpenOperation(operation) ? settledStatus(operation, record, lost) : null;
      if (!status || status === operation.status) {
        result.push(operation);
        continue;
      }
      const updated = await tx.updateOperation(operation.reference, { status, ...(record ? { upstreamStatus: record.refundStatus } : {}) });
      result.push(updated);
      if (status === 'succeeded') refundedMinor += operation.amountMinor;
      await tx.appendEvent({
        orderReference,
        source,
        status: order.status,
        upstreamStatus: order.upstreamStatus,
        payload: { refund: operation.reference, refundStatus: status, ...(record ? { upstreamRefundStatus: record.refundStatus } : { reason: 'not_in_upstream_refund_list' }) },
        at: now,
      });
      if (status !== 'pending') {
        await notifier.enqueue(tx, 'refund.result', orderReference, refundView(updated));
        announced = true;
      }
    }
    const current = refundedMinor === order.refundedMinor ? order : await tx.updateOrder(orderReference, { refundedMinor });
    if (result.some(isOpenOperation)) await pollBy(tx, current, new Date(now.getTime() + deps.firstCheckDelayMs));
    return result;
  });
  if (announced) notifier.kick();
  return refunds;
}
