// An order's discrepancy list: one entry per kind, for a person, with both sides of what disagrees (pure).
import type { Discrepancy } from '../store/types.js';

/** What an entry says of each side (field by field: the ledger's jsonb keeps its own key order). */
function sidesOf(entry: Discrepancy) {
  if (entry.kind === 'status') return [entry.ledgerStatus, entry.upstreamStatus];
  if (entry.kind === 'not_found') return [entry.ledgerStatus, entry.lastUpstreamStatus];
  return [entry.ledgerMinor, entry.upstreamMinor];
}

/** Two entries that say the same of both sides (when each was seen aside). */
const sameSides = (a: Discrepancy, b: Discrepancy) => {
  const [left, right] = [sidesOf(a), sidesOf(b)];
  return a.kind === b.kind && left[0] === right[0] && left[1] === right[1];
};

/** `list` with its entry of `kind` replaced (or, with none given, gone); the same `list` when nothing changes. */
export function withEntry(
  list: Discrepancy[] | null,
  kind: Discrepancy['kind'],
  entry?: Discrepancy,
): Discrepancy[] | null {
  const current = list?.find((item) => item.kind === kind);
  if (!current && !entry) return list;
  if (current && entry && sameSides(current, entry)) return list;
  const others = (list ?? []).filter((item) => item.kind !== kind);
  const next = entry ? [...others, entry] : others;
  return next.length > 0 ? next : null;
}
