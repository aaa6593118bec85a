// Which of the upstream's records is which of the ledger's refunds (or captures). First by identifier: our
// reference, the upstream's answered one ("X-00" for our "X", kept beside ours), its provider's id. Where no
// identifier matches (the docs' transaction details name every refund by the order's reference), by amount and
// currency: per amount, what the upstream holds is counted against what the ledger knows, and the records nobody
// else explains are set against the operations that may be among them. What is left over was made outside the
// checkout. Pure: the caller applies the result (./operations.ts).

/** The ledger's side: one refund or capture as the matcher needs it. */
export interface LedgerSide {
  reference: string;
  upstreamReference: string | null;
  upstreamId: string | null;
  amountMinor: number;
  currency: string;
  /**
   * `known`: the upstream acknowledged it (an answer, a PENDING, a final status), so it must be among the records;
   * `unknown`: its answer never came, it may or may not be there; `failed`: the ledger holds it as never made.
   */
  standing: 'known' | 'unknown' | 'failed';
  /** Only for a `known` one: its settled status, to prefer a record that agrees. */
  settled?: 'succeeded' | 'declined' | 'pending';
  /** Only for a `failed` one: the upstream refused its first send, so a declined record of its amount may be its own. */
  refused?: boolean;
  createdAt: Date;
}

/** The upstream's side, its amount in minor units (null: not exactly), its currency the order's unless it says. */
export interface UpstreamSide {
  ids: readonly string[];
  amountMinor: number | null;
  currency: string;
  status: 'succeeded' | 'declined' | 'pending';
  /** Its word is one of failure (FAILED, ERROR), though not final: read `pending` (shared/status.ts). */
  failing?: boolean;
  at: string | null;
}

export interface MatchResult<R extends UpstreamSide> {
  /** Operations the records show, with the record showing each, and whether an identifier matched (vs an amount). */
  shown: { reference: string; record: R; byId: boolean }[];
  /** `unknown` operations the records do not show: every record of their amount is another operation's. */
  absent: string[];
  /** `unknown` operations of an amount with fewer unexplained records than candidates: which ones exist is unknowable. */
  ambiguous: string[];
  /** `known` operations no record shows. */
  missing: string[];
  /**
   * Records no operation explains (beyond the ambiguous ones): refunds the ledger never asked for, made outside the
   * checkout, and any whose amount cannot be read.
   */
  unexplained: R[];
}

/** Our reference with the docs' suffix ("X-00"): our references all have one length, so none is another's start. */
const namesIt = (id: string, operation: LedgerSide) =>
  id === operation.reference ||
  id === operation.upstreamReference ||
  id === operation.upstreamId ||
  id.startsWith(`${operation.reference}-`);

const agrees = (operation: LedgerSide, record: UpstreamSide) =>
  operation.settled === 'pending' ||
  operation.settled === record.status ||
  (operation.settled === 'declined' && record.failing === true);

/** Oldest first; records without a time keep the upstream's order. */
const byTime = <T extends { at: string | null }>(items: T[]) =>
  items
    .map((item, index) => ({ item, index, time: item.at === null ? Number.NaN : Date.parse(item.at) }))
    .sort((a, b) =>
      Number.isNaN(a.time) || Number.isNaN(b.time) ? a.index - b.index : a.time - b.time || a.index - b.index,
    )
    .map(({ item }) => item);

export function matchRecords<R extends UpstreamSide>(
  operations: readonly LedgerSide[],
  records: readonly R[],
): MatchResult<R> {
  const result: MatchResult<R> = { shown: [], absent: [], ambiguous: [], missing: [], unexplained: [] };
  const open = new Set(operations);
  const unmatched: R[] = [];
  for (const record of records) {
    const operation = [...open].find((candidate) => record.ids.some((id) => namesIt(id, candidate)));
    if (!operation) {
      unmatched.push(record);
      continue;
    }
    open.delete(operation);
    // One the ledger failed, too: a record naming it says the upstream made it after all.
    result.shown.push({ reference: operation.reference, record, byId: true });
  }

  const groups = new Map<string, { operations: LedgerSide[]; records: R[] }>();
  const group = (key: string) => groups.get(key) ?? groups.set(key, { operations: [], records: [] }).get(key)!;
  // One the ledger failed as absent is matched by identifier only: it was absent once nothing sent could still be on
  // its way, so a later record of its amount is another refund. One the upstream refused may be listed as the declined
  // attempt it was: that record is its own, never another's decline.
  for (const operation of open) {
    if (operation.standing !== 'failed' || operation.refused)
      group(`${operation.amountMinor} ${operation.currency}`).operations.push(operation);
  }
  for (const record of unmatched) {
    if (record.amountMinor === null) result.unexplained.push(record);
    else group(`${record.amountMinor} ${record.currency}`).records.push(record);
  }
  for (const { operations: candidates, records: pool } of groups.values()) {
    let rest = byTime(pool);
    for (let refused = candidates.filter((candidate) => candidate.refused).length; refused > 0; refused--) {
      const own = rest.find((candidate) => candidate.status === 'declined' || candidate.failing === true);
      rest = rest.filter((candidate) => candidate !== own);
    }
    const known = candidates.filter((operation) => operation.standing === 'known');
    const unknown = candidates
      .filter((operation) => operation.standing === 'unknown')
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    for (const operation of known) {
      const record = rest.find((candidate) => agrees(operation, candidate)) ?? rest[0];
      if (!record) {
        result.missing.push(operation.reference);
        continue;
      }
      rest = rest.filter((candidate) => candidate !== record);
      result.shown.push({ reference: operation.reference, record, byId: false });
    }
    if (unknown.length === 0) {
      result.unexplained.push(...rest);
    } else if (rest.length === 0) {
      result.absent.push(...unknown.map((operation) => operation.reference));
    } else if (rest.length >= unknown.length) {
      // Same amount, same currency: interchangeable in money; matched oldest to oldest.
      result.shown.push(
        ...unknown.map((operation, index) => ({ reference: operation.reference, record: rest[index]!, byId: false })),
      );
      result.unexplained.push(...rest.slice(unknown.length));
    } else {
      result.ambiguous.push(...unknown.map((operation) => operation.reference));
    }
  }
  return result;
}
