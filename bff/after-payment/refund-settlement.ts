// Settling the ledger's open refunds from the upstream's refund records: the answer to a refund request, the
// refund list (or transaction details) read after a REFUND_CALLBACK, by the reconciler, or on a merchant's read.
// A refund is failed only when the upstream says so. One that no record shows yet (its answer was lost, the
// upstream's list lags, or names it in a way we cannot match) stays pending, visible to the merchant, and logged.
import type { Logger } from 'pino';
import { normaliseRefundStatus } from '../../shared/status.js';
import type { RefundRecord } from '../../shared/upstream.js';
import type { Notifier } from '../notify/notifier.js';
import type { OperationStatus, OrderOperation } from '../store/after-payment-types.js';
import { requireOrder } from '../store/require-order.js';
import type { EventSource, LedgerOrder, Store, StoreTx } from '../store/types.js';
import type { UpstreamClient } from '../upstream/client.js';
import { isRecordOf } from '../upstream/refund-match.js';
import { isOpenOperation } from '../orders/amounts.js';
import { refundView } from '../orders/views.js';

export interface SettlementDeps {
  store: Store;
  notifier: Notifier;
  now: () => Date;
  logger?: Logger;
  /** When an open refund first needs a look from the reconciler. */
  firstCheckDelayMs: number;
}

/** What acting on the upstream's notifications needs: settlement, and the upstream to re-read. */
export interface NotificationDeps extends SettlementDeps {
  upstream: UpstreamClient;
  logger: Logger;
  /** The answer is sent after the work or after this long, whichever comes first. */
  answerWithinMs: number;
}

/** Makes the reconciler look at the order by `at` at the latest (a refund is waiting for its result). */
export async function pollBy(tx: StoreTx, order: LedgerOrder, at: Date): Promise<void> {
  if (order.nextPollAt && order.nextPollAt.getTime() <= at.getTime()) return;
  await tx.updateOrder(order.orderReference, { nextPollAt: at, pollAttempts: 0 });
}

function settledStatus(operation: OrderOperation, record: RefundRecord): OperationStatus | null {
  const status = normaliseRefundStatus(record.refundStatus).status;
  if (status === 'unknown' || status === 'pending') return operation.status === 'requested' ? 'pending' : null;
  return status;
}

/**
 * What the upstream said about an order's refunds: the answer to our own request for refund `reference` (that
 * refund's record, whatever reference it carries), or a list of the order's refund records.
 */
export type RefundRecords =
  | { kind: 'answer'; reference: string; record: RefundRecord }
  | { kind: 'list'; records: readonly RefundRecord[] };

function recordFor(operation: OrderOperation, said: RefundRecords): RefundRecord | undefined {
  if (said.kind === 'answer') return said.reference === operation.reference ? said.record : undefined;
  return said.records.find((record) => isRecordOf(record, operation.reference, operation.upstreamReference));
}

/** Applies the upstream's records to the order's open refunds; answers the refunds as they now stand. */
export async function settleRefunds(
  deps: SettlementDeps,
  orderReference: string,
  said: RefundRecords,
  source: EventSource,
): Promise<OrderOperation[]> {
  const { store, notifier } = deps;
  let announced = false;
  const unmatched: string[] = [];
  const refunds = await store.transaction(async (tx) => {
    const order = await requireOrder(tx, orderReference, { forUpdate: true });
    const now = deps.now();
    let refundedMinor = order.refundedMinor;
    const result: OrderOperation[] = [];
    for (const operation of await tx.listOperations(orderReference, 'refund')) {
      const record = isOpenOperation(operation) ? recordFor(operation, said) : undefined;
      if (!record) {
        if (isOpenOperation(operation) && said.kind === 'list') unmatched.push(operation.reference);
        result.push(operation);
        continue;
      }
      const status = settledStatus(operation, record);
      const upstreamReference = operation.upstreamReference ?? record.refundReference;
      if (!status || status === operation.status) {
        const learned = upstreamReference !== operation.upstreamReference;
        result.push(learned ? await tx.updateOperation(operation.reference, { upstreamReference }) : operation);
        continue;
      }
      const updated = await tx.updateOperation(operation.reference, {
        status,
        upstreamStatus: record.refundStatus,
        upstreamReference,
      });
      result.push(updated);
      if (status === 'succeeded') refundedMinor += operation.amountMinor;
      await tx.appendEvent({
        orderReference,
        source,
        status: order.status,
        upstreamStatus: order.upstreamStatus,
        payload: {
          refund: operation.reference,
          refundStatus: status,
          upstreamRefundStatus: record.refundStatus,
          upstreamRefundReference: record.refundReference,
        },
        at: now,
      });
      if (status !== 'pending') {
        await notifier.enqueue(tx, 'refund.result', orderReference, refundView(updated));
        announced = true;
      }
    }
    const current =
      refundedMinor === order.refundedMinor ? order : await tx.updateOrder(orderReference, { refundedMinor });
    if (result.some(isOpenOperation)) await pollBy(tx, current, new Date(now.getTime() + deps.firstCheckDelayMs));
    return result;
  });
  if (unmatched.length > 0) {
    deps.logger?.warn(
      { orderReference, refunds: unmatched, upstreamRecords: said.kind === 'list' ? said.records.length : 1 },
      "open refunds not in the upstream's refund records yet; left pending",
    );
  }
  if (announced) notifier.kick();
  return refunds;
}
