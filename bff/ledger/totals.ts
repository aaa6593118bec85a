// Where the upstream's records and the ledger cannot be matched one to one, their totals are compared: an entry of the
// order's discrepancy, for a person, once nothing of that kind can still be on its way (pure).
import type { Discrepancy, OrderOperation, StoredOrder } from '../store/types.js';
import { withEntry } from './order-plan.js';
import type { UpstreamSide } from './match-records.js';

export interface Compared {
  /** The order's list, the same one when nothing changes. */
  discrepancy: Discrepancy[] | null;
  /** A new or changed entry: journalled and announced. */
  raised: boolean;
  /** The totals differ while an operation may still be on its way: asked again later. */
  deferred: boolean;
}

/**
 * The discrepancy entries after comparing the succeeded total of `kind` in the ledger and in the records; an entry
 * is raised only once the ledger's operations of that kind are past their settle window (the records may lag).
 */
export function compareTotals(
  order: StoredOrder,
  kind: 'refund' | 'capture',
  operations: readonly OrderOperation[],
  records: readonly UpstreamSide[],
  context: { settled: (operation: OrderOperation) => boolean; now: Date },
): Compared {
  const name = kind === 'refund' ? 'refunds' : 'captures';
  const ledgerMinor = operations.reduce(
    (sum, operation) => (operation.status === 'succeeded' ? sum + operation.amountMinor : sum),
    0,
  );
  const readable = records.every((side) => side.amountMinor !== null && side.currency === order.currency);
  const upstreamMinor = records.reduce(
    (sum, side) => (side.status === 'succeeded' ? sum + (side.amountMinor ?? 0) : sum),
    0,
  );
  if (readable && ledgerMinor === upstreamMinor) {
    return { discrepancy: withEntry(order.discrepancy, name), raised: false, deferred: false };
  }
  if (!operations.every(context.settled)) {
    return { discrepancy: order.discrepancy, raised: false, deferred: true };
  }
  const entry: Discrepancy = { kind: name, ledgerMinor, upstreamMinor, detectedAt: context.now.toISOString() };
  const discrepancy = withEntry(order.discrepancy, name, entry);
  return { discrepancy, raised: discrepancy !== order.discrepancy, deferred: false };
}
