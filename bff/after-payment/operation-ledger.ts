// The operation ledger: settling refunds, captures and voids by what the upstream says, the steps every path shares
// (the operations service after its send, the reconciler, the callbacks, a merchant's read): the answer to our own
// request, or its records read back (the refund list or the transaction details' refunds and captures; an order's captureStatus for a void). The
// one rule for all three: an operation whose outcome is unknown stays open, its amount spent, until the records show
// it (then it takes their status) or, once nothing can still be on its way (the settle window), show it absent (then
// it failed, `not_found_upstream`). A refusal's wording and a missing answer never decide. Where records and ledger
// cannot be matched one to one, the totals are compared and a discrepancy is raised for a person.
import type { Logger } from 'pino';
import { toMinor } from '../../shared/money.js';
import { normalisePaymentStatus, normaliseRefundStatus } from '../../shared/status.js';
import type { OrderStatusRecord } from '../upstream/contract.js';
import type { Notifier } from '../notify/notifier.js';
import { isOpenOperation } from '../orders/amounts.js';
import { orderSummaryView, refundView } from '../orders/views.js';
import type { OperationStatus, OrderOperation } from '../store/types.js';
import { requireOrder } from '../store/require-order.js';
import type { Discrepancy, EventSource, StoredOrder, OrderPatch, Store, StoreTx } from '../store/types.js';
import type { UpstreamClient } from '../upstream/client.js';
import type { OperationRecord } from '../upstream/operation-records.js';
import { type LedgerSide, matchRecords, type UpstreamSide } from './match-records.js';
import { voidShownBy } from './void-reading.js';

export interface OperationLedgerDeps {
  store: Store;
  notifier: Notifier;
  now: () => Date;
  logger: Logger;
  upstream: UpstreamClient;
  /** When an open operation first needs the reconciler's look. */
  firstCheckDelayMs: number;
  /** How long a write may still be on its way (OPI_SETTLE_WINDOW_SECONDS). */
  settleWindowMs: number;
}

/** What became of an operation. */
export interface OperationResult {
  status: Exclude<OperationStatus, 'requested'>;
  upstreamStatus?: string | null;
  upstreamReference?: string | null;
  upstreamId?: string | null;
  failureReason?: string | null;
}

export const NOT_FOUND_UPSTREAM = 'not_found_upstream';

/** Makes the reconciler look at the order by `at` at the latest. */
export async function pollBy(tx: StoreTx, order: StoredOrder, at: Date): Promise<void> {
  if (order.nextPollAt && order.nextPollAt.getTime() <= at.getTime()) return;
  await tx.orders.update(order.orderReference, { nextPollAt: at, pollAttempts: 0 });
}

/** The order journal's line for a step of a refund, capture or void. */
export async function journalOperation(
  tx: StoreTx,
  order: StoredOrder,
  operation: OrderOperation,
  result: string,
  at: Date,
  source: EventSource = 'merchant',
  detail: Record<string, unknown> = {},
) {
  await tx.events.append({
    orderReference: order.orderReference,
    source,
    status: order.status,
    upstreamStatus: order.upstreamStatus,
    payload: {
      operation: operation.kind,
      reference: operation.reference,
      amountMinor: operation.amountMinor,
      result,
      ...detail,
    },
    at,
  });
}

const AMOUNT_COLUMN = { refund: 'refundedMinor', capture: 'capturedMinor', void: 'voidedMinor' } as const;

interface Applied {
  order: StoredOrder;
  operation: OrderOperation;
  /** A merchant notification was queued (kick the notifier after the commit). */
  announced: boolean;
}

/**
 * Applies a result to an open operation under the order's lock held by the caller: its status, the order's amount
 * when it succeeded, the journal, and the merchant's notification of a refund's result. A settled operation only
 * learns identifiers.
 */
async function applyResult(
  tx: StoreTx,
  deps: OperationLedgerDeps,
  order: StoredOrder,
  operation: OrderOperation,
  result: OperationResult,
  source: EventSource,
  detail: Record<string, unknown> = {},
): Promise<Applied> {
  const ids = {
    ...(result.upstreamReference && !operation.upstreamReference
      ? { upstreamReference: result.upstreamReference }
      : {}),
    ...(result.upstreamId && !operation.upstreamId ? { upstreamId: result.upstreamId } : {}),
  };
  const moves = isOpenOperation(operation) && result.status !== operation.status;
  if (!moves) {
    const learned = Object.keys(ids).length > 0 ? await tx.operations.update(operation.reference, ids) : operation;
    return { order, operation: learned, announced: false };
  }
  const updated = await tx.operations.update(operation.reference, {
    status: result.status,
    ...(result.upstreamStatus ? { upstreamStatus: result.upstreamStatus } : {}),
    ...(result.failureReason ? { failureReason: result.failureReason.slice(0, 500) } : {}),
    ...ids,
  });
  let after = order;
  if (result.status === 'succeeded') {
    const column = AMOUNT_COLUMN[operation.kind];
    const patch: OrderPatch = { [column]: order[column] + operation.amountMinor };
    after = await tx.orders.update(order.orderReference, patch);
  }
  await journalOperation(tx, after, updated, result.status, deps.now(), source, {
    ...(result.upstreamStatus ? { upstreamStatus: result.upstreamStatus } : {}),
    ...(result.failureReason ? { failureReason: result.failureReason.slice(0, 200) } : {}),
    ...detail,
  });
  const announced = operation.kind === 'refund' && result.status !== 'pending';
  if (announced)
    await deps.notifier.enqueue(tx, 'refund.result', order.orderReference, refundView(updated, deps.now()));
  return { order: after, operation: updated, announced };
}

/** Runs `work` with the order locked, then kicks the notifier if anything was announced. */
async function underOrderLock<T>(
  deps: OperationLedgerDeps,
  orderReference: string,
  work: (tx: StoreTx, order: StoredOrder) => Promise<{ value: T; announced: boolean }>,
): Promise<T> {
  const { value, announced } = await deps.store.transaction(async (tx) =>
    work(tx, await requireOrder(tx.orders, orderReference, { forUpdate: true })),
  );
  if (announced) deps.notifier.kick();
  return value;
}

/**
 * Records one operation's result (the answer to our own request, or its first send refused); answers it as it
 * stands. A refusal (`firstSendOnly`) holds only while nobody sent it again meanwhile: then it stays unknown.
 */
export function settleOperation(
  deps: OperationLedgerDeps,
  operation: OrderOperation,
  result: OperationResult,
  options: { firstSendOnly?: boolean } = {},
): Promise<OrderOperation> {
  return underOrderLock(deps, operation.orderReference, async (tx, order) => {
    const current = (await tx.operations.get(operation.reference))!;
    if (options.firstSendOnly && current.sends > 1) return { value: current, announced: false };
    const applied = await applyResult(tx, deps, order, current, result, 'merchant');
    if (isOpenOperation(applied.operation)) await keepAsking(tx, deps, applied.order);
    return { value: applied.operation, announced: applied.announced };
  });
}

const keepAsking = (tx: StoreTx, deps: OperationLedgerDeps, order: StoredOrder) =>
  pollBy(tx, order, new Date(deps.now().getTime() + deps.firstCheckDelayMs));

/** Past its settle window: nothing sent for it can still be on its way, so the records are final about it. */
const settled = (deps: OperationLedgerDeps, operation: OrderOperation) =>
  deps.now().getTime() - operation.createdAt.getTime() >= deps.settleWindowMs;

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
    createdAt: operation.createdAt,
  };
}

type Side = UpstreamSide & { record: OperationRecord };

function upstreamSide(record: OperationRecord, orderCurrency: string): Side {
  const currency = (record.currency ?? orderCurrency).trim().toUpperCase();
  const normalised = normaliseRefundStatus(record.status).status;
  return {
    ids: record.ids,
    amountMinor: toMinor(record.amount, currency),
    currency,
    // A spelling we do not know is a record of something that exists and is not final.
    status: normalised === 'unknown' ? 'pending' : normalised,
    at: record.at,
    record,
  };
}

const resultOf = (side: Side, byId: boolean): OperationResult => ({
  status: side.status,
  upstreamStatus: side.record.status,
  failureReason: side.record.reason,
  // An identifier is learned only from a record that named the operation by one (never the details' refundId,
  // which is the order's own reference on every refund).
  ...(byId ? { upstreamReference: side.record.ids[0] ?? null, upstreamId: side.record.ids[1] ?? null } : {}),
});

/**
 * The discrepancy entries after comparing the succeeded total of `kind` in the ledger and in the records; an entry
 * is raised only once the ledger's operations of that kind are past their settle window (the records may lag).
 */
function compareTotals(
  deps: OperationLedgerDeps,
  order: StoredOrder,
  kind: 'refund' | 'capture',
  operations: readonly OrderOperation[],
  records: readonly Side[],
): { discrepancy: Discrepancy[] | null; raised: boolean; deferred: boolean } {
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
  const current = order.discrepancy?.find((entry) => entry.kind === name);
  if (readable && ledgerMinor === upstreamMinor) {
    return { discrepancy: others.length > 0 ? others : null, raised: false, deferred: false };
  }
  if (!operations.every((operation) => settled(deps, operation))) {
    return { discrepancy: order.discrepancy, raised: false, deferred: true };
  }
  if (current && current.ledgerMinor === ledgerMinor && current.upstreamMinor === upstreamMinor) {
    return { discrepancy: order.discrepancy, raised: false, deferred: false };
  }
  const entry: Discrepancy = { kind: name, ledgerMinor, upstreamMinor, detectedAt: deps.now().toISOString() };
  return { discrepancy: [...others, entry], raised: true, deferred: false };
}

const sameDiscrepancy = (a: Discrepancy[] | null, b: Discrepancy[] | null) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Settles the order's refunds or captures from the upstream's whole list of them. Answers the operations as they
 * now stand, and which unknown ones the records showed absent while they may still be on their way (a resend of
 * those, with the same reference, is safe).
 */
export function settleFromRecords(
  deps: OperationLedgerDeps,
  orderReference: string,
  kind: 'refund' | 'capture',
  records: readonly OperationRecord[],
  source: EventSource,
): Promise<{ operations: OrderOperation[]; absent: Set<string> }> {
  return underOrderLock(deps, orderReference, async (tx, locked) => {
    let order = locked;
    let announced = false;
    const sides = records.map((record) => upstreamSide(record, order.currency));
    const before = await tx.operations.list(orderReference, kind);
    const match = matchRecords(before.map(ledgerSide), sides);
    const byReference = new Map(before.map((operation) => [operation.reference, operation]));
    const absent = new Set<string>();
    for (const { reference, record, byId } of match.shown) {
      const applied = await applyResult(tx, deps, order, byReference.get(reference)!, resultOf(record, byId), source, {
        matchedBy: byId ? 'id' : 'amount',
      });
      order = applied.order;
      byReference.set(reference, applied.operation);
      announced ||= applied.announced;
    }
    for (const reference of match.absent) {
      const operation = byReference.get(reference)!;
      if (!settled(deps, operation)) {
        absent.add(reference);
        continue;
      }
      const failed = { status: 'failed' as const, failureReason: NOT_FOUND_UPSTREAM };
      const applied = await applyResult(tx, deps, order, operation, failed, source);
      order = applied.order;
      byReference.set(reference, applied.operation);
      announced ||= applied.announced;
    }
    const operations = before.map((operation) => byReference.get(operation.reference)!);
    const totals = compareTotals(deps, order, kind, operations, sides);
    if (!sameDiscrepancy(totals.discrepancy, order.discrepancy)) {
      order = await tx.orders.update(orderReference, { discrepancy: totals.discrepancy });
    }
    if (totals.raised) {
      deps.logger?.warn(
        { orderReference, kind, ambiguous: match.ambiguous.length, unexplained: match.unexplained.length },
        "the upstream's records and the ledger disagree; a discrepancy is raised",
      );
      await tx.events.append({
        orderReference,
        source,
        status: order.status,
        upstreamStatus: order.upstreamStatus,
        payload: { discrepancy: totals.discrepancy },
        at: deps.now(),
      });
      await deps.notifier.enqueue(
        tx,
        'order.discrepancy',
        orderReference,
        orderSummaryView(order, await tx.operations.list(orderReference), deps.now()),
      );
      announced = true;
    }
    if (operations.some(isOpenOperation) || totals.deferred) await keepAsking(tx, deps, order);
    return { value: { operations, absent }, announced };
  });
}

/**
 * Settles the order's open voids from the order as the upstream shows it (no record lists voids): answers the voids
 * as they now stand, and which ones the order shows not done while they may still be on their way.
 */
export function settleVoids(
  deps: OperationLedgerDeps,
  orderReference: string,
  upstream: OrderStatusRecord | null,
  source: EventSource,
): Promise<{ operations: OrderOperation[]; absent: Set<string> }> {
  return underOrderLock(deps, orderReference, async (tx, locked) => {
    let order = locked;
    const all = await tx.operations.list(orderReference);
    const absent = new Set<string>();
    const operations: OrderOperation[] = [];
    for (const operation of all.filter((candidate) => candidate.kind === 'void')) {
      const shown =
        isOpenOperation(operation) && upstream && normalisePaymentStatus(upstream.status).status === 'paid'
          ? voidShownBy(order, all, operation, upstream)
          : 'unreadable';
      if (shown === 'unreadable' || (shown === 'not_done' && !settled(deps, operation))) {
        if (shown === 'not_done') absent.add(operation.reference);
        operations.push(operation);
        continue;
      }
      const result: OperationResult =
        shown === 'done'
          ? { status: 'succeeded', upstreamStatus: upstream?.captureStatus ?? null }
          : { status: 'failed', failureReason: NOT_FOUND_UPSTREAM };
      const applied = await applyResult(tx, deps, order, operation, result, source);
      order = applied.order;
      operations.push(applied.operation);
    }
    if (operations.some(isOpenOperation)) await keepAsking(tx, deps, order);
    return { value: { operations, absent }, announced: false };
  });
}

/**
 * Reads the order's records of this operation's kind and settles what they show (the whole kind at once): answers
 * the operation as it now stands, and whether the records showed it absent while it may still be on its way.
 */
export async function readBack(
  deps: OperationLedgerDeps,
  operation: OrderOperation,
  source: EventSource,
  deadline?: number,
): Promise<{ operation: OrderOperation; absent: boolean }> {
  const { upstream } = deps;
  const reference = operation.orderReference;
  const settled =
    operation.kind === 'void'
      ? await settleVoids(deps, reference, await upstream.getOrder(reference, deadline), source)
      : await settleFromRecords(
          deps,
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
  deps: OperationLedgerDeps,
  orderReference: string,
  source: EventSource,
  upstreamOrder?: OrderStatusRecord | null,
): Promise<void> {
  const { store, upstream } = deps;
  const order = await store.orders.get(orderReference);
  if (!order) return;
  const operations = await store.operations.list(orderReference);
  const watched = (kind: OrderOperation['kind']) =>
    operations.some((operation) => operation.kind === kind && isOpenOperation(operation)) ||
    (order.discrepancy ?? []).some((entry) => entry.kind === (kind === 'refund' ? 'refunds' : 'captures'));
  if (watched('refund')) {
    await settleFromRecords(deps, orderReference, 'refund', await upstream.readRefunds(orderReference), source);
  }
  if (watched('capture')) {
    await settleFromRecords(deps, orderReference, 'capture', await upstream.readCaptures(orderReference), source);
  }
  if (operations.some((operation) => operation.kind === 'void' && isOpenOperation(operation))) {
    const read = upstreamOrder === undefined ? await upstream.getOrder(orderReference) : upstreamOrder;
    await settleVoids(deps, orderReference, read, source);
  }
}
