// Refunds, captures and voids in the ledger: recorded before they are sent, and settled by what the upstream says:
// the answer to our own request, or its records read back (the refund list or the transaction details' refunds and
// captures). The one rule: an operation whose outcome is unknown stays open, its amount spent, until the records show
// it (then it takes their status) or, once nothing can still be on its way (the settle window), show it absent (then
// it failed, `not_found_upstream`). No document shows voids when an order is read back, so a void whose answer was
// lost stays unknown (overdue past its deadline) for a person: never guessed from an undocumented captureStatus. A
// refusal's wording and a missing answer never decide. A record that names a settled operation with another outcome
// is recorded by what it reports; one that no operation explains was made outside the checkout (the payment
// service's portal) and is recorded as such, so the amounts follow what the upstream holds. Where records and ledger
// still cannot be matched one to one, the totals are compared and a discrepancy is raised for a person.
import { randomBytes } from 'node:crypto';
import { isCurrencyCode, toMinor } from '../../shared/money.js';
import { isRefundFailureWord, normaliseRefundStatus } from '../../shared/status.js';
import { isOpenOperation } from '../orders/amounts.js';
import type {
  EventSource,
  NewOperation,
  OperationKind,
  OperationStatus,
  OrderOperation,
  OrderPatch,
  StoredOrder,
  UnconfirmedDiscrepancy,
} from '../store/types.js';
import type { OperationRecord } from '../upstream/operation-records.js';
import { type LedgerSide, matchRecords, type UpstreamSide } from './match-records.js';
import { withEntry } from './order-plan.js';
import { compareTotals } from './totals.js';
import { heldByReconciler, type LedgerDeps, type OrderUnit, pollBy, underOrderLock } from './unit.js';

/** What became of an operation. */
export interface OperationResult {
  status: Exclude<OperationStatus, 'requested'>;
  upstreamStatus?: string | null;
  upstreamReference?: string | null;
  upstreamId?: string | null;
  failureReason?: string | null;
}

export const NOT_FOUND_UPSTREAM = 'not_found_upstream';

/** The order journal's line for a step of a refund, capture or void. */
function journalOperation(
  deps: LedgerDeps,
  unit: OrderUnit,
  operation: OrderOperation,
  result: string,
  patch: OrderPatch = {},
  source: EventSource = 'merchant',
  detail: Record<string, unknown> = {},
) {
  const { order } = unit;
  return unit.write(patch, {
    source,
    status: patch.status ?? order.status,
    upstreamStatus: order.upstreamStatus,
    payload: {
      operation: operation.kind,
      reference: operation.reference,
      amountMinor: operation.amountMinor,
      result,
      ...detail,
    },
    at: deps.now(),
  });
}

const AMOUNT_COLUMN = { refund: 'refundedMinor', capture: 'capturedMinor', void: 'voidedMinor' } as const;

/**
 * Whether a record that names a settled operation by its identifier contradicts it: one the ledger failed exists
 * after all (whatever its status), and one settled otherwise has another final outcome.
 */
const contradicted = (operation: OrderOperation, result: OperationResult, byId: boolean) =>
  byId &&
  !isOpenOperation(operation) &&
  result.status !== operation.status &&
  (operation.status === 'failed' || result.status === 'succeeded' || result.status === 'declined');

/** The order's amount of the operation's kind, moved by what the operation's new outcome adds or takes back. */
function amountsAfter(order: StoredOrder, operation: OrderOperation, next: OperationStatus): OrderPatch {
  const delta =
    (next === 'succeeded' ? operation.amountMinor : 0) - (operation.status === 'succeeded' ? operation.amountMinor : 0);
  const column = AMOUNT_COLUMN[operation.kind];
  return delta === 0 ? {} : { [column]: order[column] + delta };
}

/** An operation the records settled leaves the person's list of unconfirmed ones; the rest stay listed. */
function leavesUnconfirmed(order: StoredOrder, operation: OrderOperation): OrderPatch {
  const entry = order.discrepancy?.find(
    (item): item is UnconfirmedDiscrepancy => item.kind === 'unconfirmed_operations',
  );
  if (!entry || isOpenOperation(operation) || !entry.references.includes(operation.reference)) return {};
  const references = entry.references.filter((reference) => reference !== operation.reference);
  const rest =
    references.length === 0
      ? undefined
      : { ...entry, references, ledgerMinor: entry.ledgerMinor - operation.amountMinor };
  return { discrepancy: withEntry(order.discrepancy, 'unconfirmed_operations', rest) };
}

/**
 * Applies a result to an operation of the unit's order: an open one takes it, a settled one only when a record
 * naming it contradicts it (`byId`); then its status, the order's amount, the journal, and the merchant's
 * notification of a refund's result. Otherwise a settled operation only learns identifiers.
 */
async function applyResult(
  deps: LedgerDeps,
  unit: OrderUnit,
  operation: OrderOperation,
  result: OperationResult,
  source: EventSource,
  options: { byId?: boolean; detail?: Record<string, unknown> } = {},
): Promise<OrderOperation> {
  const { tx } = unit;
  const ids = {
    ...(result.upstreamReference && !operation.upstreamReference
      ? { upstreamReference: result.upstreamReference }
      : {}),
    ...(result.upstreamId && !operation.upstreamId ? { upstreamId: result.upstreamId } : {}),
  };
  const contradicts = contradicted(operation, result, options.byId ?? false);
  // An open one whose upstream word changed without changing its outcome (PENDING, then ERROR): recorded too.
  const reworded =
    result.upstreamStatus !== undefined &&
    result.upstreamStatus !== null &&
    result.upstreamStatus !== operation.upstreamStatus;
  const moves = contradicts || (isOpenOperation(operation) && (result.status !== operation.status || reworded));
  if (!moves) return Object.keys(ids).length > 0 ? tx.operations.update(operation.reference, ids) : operation;
  const updated = await tx.operations.update(operation.reference, {
    status: result.status,
    ...(result.upstreamStatus ? { upstreamStatus: result.upstreamStatus } : {}),
    ...(result.failureReason ? { failureReason: result.failureReason.slice(0, 500) } : {}),
    ...ids,
  });
  await journalOperation(
    deps,
    unit,
    updated,
    result.status,
    { ...amountsAfter(unit.order, operation, result.status), ...leavesUnconfirmed(unit.order, updated) },
    source,
    {
      ...(result.upstreamStatus ? { upstreamStatus: result.upstreamStatus } : {}),
      ...(result.failureReason ? { failureReason: result.failureReason.slice(0, 200) } : {}),
      ...(contradicts ? { contradicts: operation.status } : {}),
      ...options.detail,
    },
  );
  if (operation.kind === 'refund' && result.status !== 'pending') await unit.announceRefund(updated);
  return updated;
}

/**
 * Whether a record no operation explains can be recorded as made outside the checkout. One whose amount cannot be
 * read exactly (or is 0), or in another currency, or a capture beyond what was paid (the upstream listing the payment's own
 * capture, say) is left to the totals: a person decides.
 */
function recordable(order: StoredOrder, kind: 'refund' | 'capture', side: Side): boolean {
  // A record of no money (a failed attempt listed at 0) moves nothing: nothing to record.
  if (side.amountMinor === null || side.amountMinor === 0 || side.currency !== order.currency) return false;
  return kind === 'refund' || side.status !== 'succeeded' || order.capturedMinor + side.amountMinor <= order.paidMinor;
}

/**
 * A record no operation explains: a refund or capture made outside the checkout (the payment service's portal,
 * another integration), recorded as the upstream reports it and marked so; never sent.
 */
async function recordOutside(
  deps: LedgerDeps,
  unit: OrderUnit,
  kind: 'refund' | 'capture',
  side: Side,
  source: EventSource,
): Promise<OrderOperation> {
  const createdAt = deps.now();
  const inserted = await unit.tx.operations.insert({
    reference: `${kind === 'refund' ? 'rf' : 'cp'}_outside_${randomBytes(12).toString('base64url')}`,
    orderReference: unit.order.orderReference,
    kind,
    amountMinor: side.amountMinor!,
    currency: side.currency,
    status: side.status,
    description: null,
    createdAt,
    deadlineAt: new Date(createdAt.getTime() + deps.timings.settleWindowMs + deps.timings.graceMs),
    origin: 'outside',
  });
  const operation = await unit.tx.operations.update(inserted.reference, {
    upstreamStatus: side.record.status,
    ...(side.record.reason ? { failureReason: side.record.reason.slice(0, 500) } : {}),
  });
  const amounts =
    side.status === 'succeeded' ? amountsAfter(unit.order, { ...operation, status: 'pending' }, 'succeeded') : {};
  await journalOperation(deps, unit, operation, 'recorded_outside_checkout', amounts, source, {
    upstreamStatus: side.record.status,
  });
  if (kind === 'refund' && side.status !== 'pending') await unit.announceRefund(operation);
  return operation;
}

/**
 * The reconciler looks at the order soon. Not while one holds it: its reschedule plans open operations and settle
 * windows at their own pace (a request written now would override that pace poll after poll).
 */
async function keepAsking(deps: LedgerDeps, unit: OrderUnit): Promise<void> {
  const now = deps.now();
  if (heldByReconciler(unit.order)) return;
  await pollBy(unit, new Date(now.getTime() + deps.timings.pollInitialMs), now);
}

/** Past its settle window: nothing sent for it can still be on its way, so the records are final about it. */
const settled = (deps: LedgerDeps, operation: OrderOperation) =>
  deps.now().getTime() - operation.createdAt.getTime() >= deps.timings.settleWindowMs;

export interface Reservation {
  kind: OperationKind;
  reference: string;
  description: string | null;
  /** The same request again (its key's reference exists): whether it is the same operation (else it is refused). */
  isSame(existing: OrderOperation, order: StoredOrder): boolean;
  /** The amount a new one spends, or a refusal (thrown) when the order cannot take it. */
  spend(order: StoredOrder, operations: readonly OrderOperation[]): number;
}

/**
 * An operation reserved: `new`, recorded now (send it); or the same key again, its operation `unanswered` (still
 * `requested`: it may have reached the upstream, so its records are read before it goes again) or `answered` (pending
 * or final: its answer is recorded).
 */
export type Reserved = { kind: 'new' | 'unanswered' | 'answered'; operation: OrderOperation };

/**
 * Records an operation before it is sent, under the order's lock: what is left is checked against every open one,
 * so two concurrent requests never spend the same money.
 */
export function reserveOperation(
  deps: LedgerDeps,
  orderReference: string,
  reservation: Reservation,
  missing: () => Error,
  reused: () => Error,
): Promise<Reserved> {
  return underOrderLock(
    deps,
    orderReference,
    async (unit) => {
      const { tx, order } = unit;
      const existing = await tx.operations.get(reservation.reference);
      if (existing) {
        if (existing.orderReference !== orderReference || !reservation.isSame(existing, order)) throw reused();
        return { kind: existing.status === 'requested' ? 'unanswered' : 'answered', operation: existing };
      }
      const amountMinor = reservation.spend(order, await tx.operations.list(orderReference));
      const createdAt = deps.now();
      const fresh: NewOperation = {
        reference: reservation.reference,
        orderReference,
        kind: reservation.kind,
        amountMinor,
        currency: order.currency,
        status: 'requested',
        description: reservation.description,
        createdAt,
        deadlineAt: new Date(createdAt.getTime() + deps.timings.settleWindowMs + deps.timings.graceMs),
      };
      const operation = await tx.operations.insert(fresh);
      await journalOperation(deps, unit, operation, 'requested');
      // Should this instance stop before the answer is recorded, the reconciler still looks at the order by then.
      await keepAsking(deps, unit);
      return { kind: 'new', operation };
    },
    missing,
  );
}

/** Counts one more send of a still-open operation; null when it is settled (then it must not be sent). */
export const countOperationSend = (deps: LedgerDeps, reference: string) => deps.store.operations.countSend(reference);

/**
 * Records one operation's result (the answer to our own request, or its first send refused); answers it as it
 * stands. A refusal (`firstSendOnly`) holds only while nobody sent it again meanwhile: then it stays unknown.
 */
export function settleOperation(
  deps: LedgerDeps,
  operation: OrderOperation,
  result: OperationResult,
  options: { firstSendOnly?: boolean } = {},
): Promise<OrderOperation> {
  return underOrderLock(deps, operation.orderReference, async (unit) => {
    const current = (await unit.tx.operations.get(operation.reference))!;
    if (options.firstSendOnly && current.sends > 1) return current;
    const applied = await applyResult(deps, unit, current, result, 'merchant');
    if (isOpenOperation(applied)) await keepAsking(deps, unit);
    return applied;
  });
}

function ledgerSide(operation: OrderOperation): LedgerSide {
  const standing = operation.status === 'requested' ? 'unknown' : operation.status === 'failed' ? 'failed' : 'known';
  return {
    reference: operation.reference,
    upstreamReference: operation.upstreamReference,
    upstreamId: operation.upstreamId,
    amountMinor: operation.amountMinor,
    currency: operation.currency,
    standing,
    ...(standing === 'known' ? { settled: operation.status as 'succeeded' | 'declined' | 'pending' } : {}),
    ...(standing === 'failed' && operation.failureReason !== NOT_FOUND_UPSTREAM ? { refused: true } : {}),
    createdAt: operation.createdAt,
  };
}

type Side = UpstreamSide & { record: OperationRecord };

function upstreamSide(record: OperationRecord, orderCurrency: string): Side {
  const currency = (record.currency ?? orderCurrency).trim().toUpperCase();
  const normalised = normaliseRefundStatus(record.status).status;
  // Read only in a currency there is (a malformed one is no amount at all), and only as money: a record of a negative
  // amount is not read as one.
  const amountMinor = isCurrencyCode(currency) ? toMinor(record.amount, currency) : null;
  return {
    ids: record.ids,
    amountMinor: amountMinor !== null && amountMinor >= 0 ? amountMinor : null,
    currency,
    // A spelling we do not know is a record of something that exists and is not final.
    status: normalised === 'succeeded' || normalised === 'declined' ? normalised : 'pending',
    failing: isRefundFailureWord(record.status),
    at: record.at,
    record,
  };
}

const resultOf = (side: Side, byId: boolean): OperationResult => ({
  status: side.status,
  upstreamStatus: side.record.status,
  failureReason: side.record.reason,
  // An identifier is learned only from a record that named the operation by one, and only the record's own reference
  // and provider id (never the details' refundId, which is the order's own reference on every refund).
  ...(byId ? { upstreamReference: side.record.reference, upstreamId: side.record.providerId } : {}),
});

/**
 * Settles the order's refunds or captures from the upstream's whole list of them. Answers the operations as they
 * now stand, which unknown ones `documented` records showed absent while they may still be on their way (a resend
 * of those, with the same reference, is safe), and which ones records that are not documented (the seed's refund
 * list, whose answer no document shows) left out or could not tell apart: nothing is concluded from that silence,
 * not even a resend, and the caller reads the documented details.
 */
export function settleFromRecords(
  deps: LedgerDeps,
  orderReference: string,
  kind: 'refund' | 'capture',
  { records, documented }: { records: readonly OperationRecord[]; documented: boolean },
  source: EventSource,
): Promise<{ operations: OrderOperation[]; absent: Set<string>; unconfirmed: Set<string> }> {
  return underOrderLock(deps, orderReference, async (unit) => {
    const sides = records.map((record) => upstreamSide(record, unit.order.currency));
    const before = await unit.tx.operations.list(orderReference, kind);
    const match = matchRecords(before.map(ledgerSide), sides);
    const byReference = new Map(before.map((operation) => [operation.reference, operation]));
    const absent = new Set<string>();
    const unconfirmed = new Set<string>();
    for (const { reference, record, byId } of match.shown) {
      const applied = await applyResult(deps, unit, byReference.get(reference)!, resultOf(record, byId), source, {
        byId,
        detail: { matchedBy: byId ? 'id' : 'amount' },
      });
      byReference.set(reference, applied);
    }
    for (const reference of match.absent) {
      const operation = byReference.get(reference)!;
      // Only the documented records' silence lets it be sent again (or failed): undocumented ones may leave it out.
      if (!documented) {
        unconfirmed.add(reference);
        continue;
      }
      if (!settled(deps, operation)) {
        absent.add(reference);
        continue;
      }
      const failed = { status: 'failed' as const, failureReason: NOT_FOUND_UPSTREAM };
      byReference.set(reference, await applyResult(deps, unit, operation, failed, source));
    }
    // What records that are not documented leave out or cannot tell apart, settled or not, is for the documented
    // ones to say: nothing is concluded from that silence, not even a difference of totals.
    if (!documented) for (const reference of [...match.missing, ...match.ambiguous]) unconfirmed.add(reference);
    const operations = before.map((operation) => byReference.get(operation.reference)!);
    for (const side of match.unexplained) {
      if (recordable(unit.order, kind, side)) operations.push(await recordOutside(deps, unit, kind, side, source));
    }
    if (unconfirmed.size > 0) {
      // The documented records are read next and decide the totals: what these leave out raises nothing.
      if (operations.some(isOpenOperation)) await keepAsking(deps, unit);
      return { operations, absent, unconfirmed };
    }
    const totals = compareTotals(unit.order, kind, operations, sides, {
      settled: (operation) => settled(deps, operation),
      now: deps.now(),
    });
    if (totals.raised) {
      deps.logger.warn(
        { orderReference, kind, ambiguous: match.ambiguous.length, unexplained: match.unexplained.length },
        "the upstream's records and the ledger disagree; a discrepancy is raised",
      );
      const { order } = unit;
      await unit.write(
        { discrepancy: totals.discrepancy },
        {
          source,
          status: order.status,
          upstreamStatus: order.upstreamStatus,
          payload: { discrepancy: totals.discrepancy },
          at: deps.now(),
        },
      );
      await unit.announce('order.discrepancy');
    } else if (totals.discrepancy !== unit.order.discrepancy) {
      await unit.write({ discrepancy: totals.discrepancy });
    }
    if (operations.some(isOpenOperation) || totals.deferred) await keepAsking(deps, unit);
    return { operations, absent, unconfirmed };
  });
}
