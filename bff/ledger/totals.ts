// Where the upstream's records and the ledger cannot be matched one to one, their totals are compared: an entry of the
// order's discrepancy, for a person, once nothing of that kind can still be on its way (pure).
import type { Discrepancy, OrderOperation, StoredOrder, TotalsDiscrepancy } from '../store/types.js';
import type { UpstreamSide } from './match-records.js';

export interface Compared {
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
  const others = (order.discrepancy ?? []).filter((entry) => entry.kind !== name);
  const ledgerMinor = operations.reduce(
    (sum, operation) => (operation.status === 'succeeded' ? sum + operation.amountMinor : sum),
    0,
  );
  const readable = records.every((side) => side.amountMinor !== null && side.currency === order.currency);
  const upstreamMinor = records.reduce(
    (sum, side) => (side.status === 'succeeded' ? sum + (side.amountMinor ?? 0) : sum),
    0,
  );
  const current = order.discrepancy?.find((entry): entry is TotalsDiscrepancy => entry.kind === name);
  if (readable && ledgerMinor === upstreamMinor) {
    return { discrepancy: others.length > 0 ? others : null, raised: false, deferred: false };
  }
  if (!operations.every(context.settled)) {
    return { discrepancy: order.discrepancy, raised: false, deferred: true };
  }
  if (current && current.ledgerMinor === ledgerMinor && current.upstreamMinor === upstreamMinor) {
    return { discrepancy: order.discrepancy, raised: false, deferred: false };
  }
  const entry: Discrepancy = { kind: name, ledgerMinor, upstreamMinor, detectedAt: context.now.toISOString() };
  return { discrepancy: [...others, entry], raised: true, deferred: false };
}
