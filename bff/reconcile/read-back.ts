// Reading back what the upstream holds of an order's refunds, captures and voids, and handing it to the ledger to
// settle: after a lost answer (the merchant's operations), on a REFUND_CALLBACK, and at every poll or merchant read.
import type { Ledger } from '../ledger/ledger.js';
import { isOpenOperation } from '../orders/amounts.js';
import type { EventSource, OrderOperation, Store } from '../store/types.js';
import type { UpstreamClient } from '../upstream/client.js';
import type { OrderStatusRecord } from '../upstream/contract.js';

export interface ReadBackDeps {
  store: Store;
  ledger: Ledger;
  upstream: UpstreamClient;
}

/**
 * Reads the order's records of this operation's kind and settles what they show (the whole kind at once): answers
 * the operation as it now stands, and whether the records showed it absent while it may still be on its way.
 */
export async function readBack(
  { ledger, upstream }: ReadBackDeps,
  operation: OrderOperation,
  source: EventSource,
  deadline?: number,
): Promise<{ operation: OrderOperation; absent: boolean }> {
  const reference = operation.orderReference;
  const settled =
    operation.kind === 'void'
      ? await ledger.settleVoids(reference, await upstream.getOrder(reference, deadline), source)
      : await ledger.settleFromRecords(
          reference,
          operation.kind,
          operation.kind === 'refund'
            ? await upstream.readRefunds(reference, deadline)
            : await upstream.readCaptures(reference, deadline),
          source,
        );
  return {
    operation: settled.operations.find((candidate) => candidate.reference === operation.reference) ?? operation,
    absent: settled.absent.has(operation.reference),
  };
}

/**
 * Reads back and settles everything of the order still open (or disputed): refunds and captures from their records,
 * voids from the order (`upstreamOrder` when the caller has just read it). Nothing is sent.
 */
export async function settleOpen(
  { store, ledger, upstream }: ReadBackDeps,
  orderReference: string,
  source: EventSource,
  upstreamOrder?: OrderStatusRecord | null,
): Promise<void> {
  const order = await store.orders.get(orderReference);
  if (!order) return;
  const operations = await store.operations.list(orderReference);
  const watched = (kind: OrderOperation['kind']) =>
    operations.some((operation) => operation.kind === kind && isOpenOperation(operation)) ||
    (order.discrepancy ?? []).some((entry) => entry.kind === (kind === 'refund' ? 'refunds' : 'captures'));
  if (watched('refund')) {
    await ledger.settleFromRecords(orderReference, 'refund', await upstream.readRefunds(orderReference), source);
  }
  if (watched('capture')) {
    await ledger.settleFromRecords(orderReference, 'capture', await upstream.readCaptures(orderReference), source);
  }
  if (operations.some((operation) => operation.kind === 'void' && isOpenOperation(operation))) {
    const read = upstreamOrder === undefined ? await upstream.getOrder(orderReference) : upstreamOrder;
    await ledger.settleVoids(orderReference, read, source);
  }
}
