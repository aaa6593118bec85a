// The ledger: the only code that writes an order or its refunds, captures and voids (test/tooling/layers.test.ts
// holds it). Every change runs the one sequence of ./unit.ts: the order's row locked, the change planned on it, the
// row and its journal written by one statement, what the merchant must hear queued in the same transaction, and the
// notifier kicked after the commit. The use cases (placement, the merchant's operations, the inbound return and
// notices, reconciliation) read the upstream and hand what it said to the methods here: an order's read is planned by
// ./order-plan.ts and applied below (observe), an operation's by ./operations.ts.
import { holdsPayment } from '../../shared/status.js';
import type {
  Discrepancy,
  EventSource,
  Journal,
  KeyAnswer,
  LiveSweep,
  NewOrder,
  OrderOperation,
  StoredOrder,
  StoreTx,
} from '../store/types.js';
import type { OperationRecord } from '../upstream/operation-records.js';
import { announced, asPlannedFor, type Observation, plan, type Planned, settle, withEntry } from './order-plan.js';
import {
  countOperationSend,
  type OperationResult,
  type Reservation,
  reserveOperation,
  settleFromRecords,
  settleOperation,
} from './operations.js';
import { type LedgerDeps, type OrderUnit, pollBy, underOrderLock } from './unit.js';

export type { LedgerDeps } from './unit.js';
export type { CreateAnswer, Observation } from './order-plan.js';
export { NOT_FOUND_UPSTREAM, type OperationResult, type Reservation } from './operations.js';

// One session, one payment: an order that becomes paid (or on_hold) completes its session in the same
// transaction, under the session's row lock, so no new order can start. An order of that session that was
// already live upstream (a shopper may start another provider without cancelling the first) and is paid after
// that is put on_hold with reason `session_already_paid`, and the merchant is told, so nobody ships twice and
// the second payment can be refunded.

interface ObservationResult {
  order: StoredOrder;
  changed: boolean;
  /**
   * The Idempotency-Key's answer given with the observation went with the statement that wrote the order (kept there
   * while its claim holds the key); if not, the caller keeps it.
   */
  answered?: boolean;
}

/**
 * An order about to hold its session's payment: completes the session (locked), or, when another order of the
 * session already holds it, puts this one on hold. The paid amount stays recorded (and, when the upstream
 * captured it, refundable).
 */
async function oneSessionOnePayment(tx: StoreTx, order: StoredOrder, planned: Planned): Promise<Planned> {
  const session = await tx.sessions.get(order.sessionId, { forUpdate: true });
  const others = (await tx.orders.listOfSession(order.sessionId)).filter(
    (other) => other.orderReference !== order.orderReference && holdsPayment(other),
  );
  if (session && session.state !== 'completed') await tx.sessions.setState(session.id, 'completed');
  if (others.length === 0 || planned.patch.status !== 'paid') return planned;
  // Already held as the session's second payment: it stays held with its amounts; everything else the read says is
  // kept (its words, the ids it taught, a cleared discrepancy).
  if (order.status === 'on_hold' && order.holdReason === 'session_already_paid') {
    const {
      status: _status,
      holdReason: _holdReason,
      paidMinor: _paid,
      capturedMinor: _captured,
      surchargeMinor: _surcharge,
      ...kept
    } = planned.patch;
    return { patch: kept };
  }
  // An order held for another reason (underpaid) and now paid in full is a second payment too: its hold reason
  // and amounts change, so the merchant can refund it.
  return {
    ...planned,
    patch: { ...planned.patch, status: 'on_hold', holdReason: 'session_already_paid' },
    holdReason: 'session_already_paid',
  };
}

/** The observation applied to the order the unit holds locked. */
async function observeLocked(deps: LedgerDeps, unit: OrderUnit, observation: Observation): Promise<ObservationResult> {
  const { order } = unit;
  observation = asPlannedFor(order, observation);
  const now = deps.now();
  let planned = plan(order, observation, now);
  if (planned.patch.status && holdsPayment({ status: planned.patch.status }))
    planned = await oneSessionOnePayment(unit.tx, order, planned);
  const { patch, changed, journal } = settle(order, observation, planned, now);
  const updated = await unit.write(patch, journal);
  if (changed && announced(updated)) await unit.announce('order.status');
  if (planned.raised) {
    deps.logger.warn(
      {
        orderReference: order.orderReference,
        ledgerStatus: order.status,
        upstreamStatus: observation.upstream?.status,
        kinds: patch.discrepancy?.map((entry) => entry.kind),
      },
      'a read of the order contradicts the ledger (its final status, what it was paid, or that it exists); a discrepancy is raised',
    );
    await unit.announce('order.discrepancy');
  }
  return { order: updated, changed };
}

/**
 * The observation planned on the caller's copy of the order and written by one statement, no transaction: only
 * for a change that touches no other row, and only while the row still reads as planned (its status, upstream status
 * and sends, all the plan reads). A change that is announced touches the outbox, and every status that holds the
 * session's payment (paid, on_hold) is announced and touches the session too: those take the locked path, as does an
 * empty patch. Null: the locked path decides.
 */
async function observeAsPlanned(
  deps: LedgerDeps,
  known: StoredOrder,
  observation: Observation,
  answer?: KeyAnswer,
): Promise<ObservationResult | null> {
  observation = asPlannedFor(known, observation);
  const now = deps.now();
  const planned = plan(known, observation, now);
  const { patch, changed, journal } = settle(known, observation, planned, now);
  if (Object.keys(patch).length === 0 || planned.raised || (changed && announced({ status: patch.status! })))
    return null;
  const order = await deps.store.orders.updateIfUnchanged(known, patch, journal, answer);
  return order ? { order, changed, answered: answer !== undefined } : null;
}

/**
 * Records what the upstream said about an order. `known`: the caller's copy of the order (the placement's, just
 * recorded): the common case then costs one statement, which also keeps `answer` (the placement's Idempotency-Key);
 * a row changed meanwhile, or a change that touches more, takes the locked path as if none were given.
 */
async function observe(
  deps: LedgerDeps,
  orderReference: string,
  observation: Observation,
  known?: StoredOrder,
  answer?: KeyAnswer,
): Promise<ObservationResult> {
  return (
    (known && (await observeAsPlanned(deps, known, observation, answer))) ??
    underOrderLock(deps, orderReference, (unit) => observeLocked(deps, unit, observation))
  );
}

/** A line of an order's journal that changes nothing else: a delivery, a visit, a read that failed. */
export interface Note {
  source: EventSource;
  payload: Record<string, unknown>;
}

/** After a reconciliation poll: when to look next, and why the journal should say so (a deadline passed). */
export interface NextPoll {
  nextPollAt: Date | null;
  reason?: string;
  /**
   * Captures and voids still in doubt past their poll horizon: no more reads will settle them, so they are handed to
   * a person (an `unconfirmed_operations` discrepancy, announced). Empty or absent: none is left in doubt.
   */
  unconfirmed?: readonly OrderOperation[];
}

/** The order's discrepancies with its captures and voids in doubt past the horizon as one entry (none: gone). */
function unconfirmedEntry(order: StoredOrder, unconfirmed: readonly OrderOperation[], at: Date) {
  const entry: Discrepancy | undefined =
    unconfirmed.length === 0
      ? undefined
      : {
          kind: 'unconfirmed_operations',
          references: unconfirmed.map((operation) => operation.reference),
          ledgerMinor: unconfirmed.reduce((sum, operation) => sum + operation.amountMinor, 0),
          upstreamCaptureStatus: order.upstreamCaptureStatus,
          detectedAt: at.toISOString(),
        };
  return withEntry(order.discrepancy, 'unconfirmed_operations', entry);
}

export function createLedger(deps: LedgerDeps) {
  const { store, now } = deps;
  return {
    /** Records what the upstream said about an order (or what the BFF concluded); see observe above. */
    observe: (orderReference: string, observation: Observation, known?: StoredOrder, answer?: KeyAnswer) =>
      observe(deps, orderReference, observation, known, answer),

    /** A new attempt of a session, inside the caller's transaction (which holds the session's lock). */
    recordAttempt: (tx: StoreTx, order: NewOrder, journal: Journal) => tx.orders.insert(order, journal),

    /** Counts one more send of a create still unanswered and never shown; null otherwise (then it must not be sent). */
    countCreateSend: (orderReference: string) => store.orders.countCreateSend(orderReference),

    /** Makes the reconciler read the order by `at` at the latest, final or not: news a shared read came too early for. */
    rereadBy: (orderReference: string, at: Date) =>
      underOrderLock(deps, orderReference, (unit) => pollBy(unit, at, now(), { rereadAskedAt: now() })),

    /**
     * A notice named no order the ledger knows: once per window for the whole fleet, the recent orders still awaiting
     * the upstream (or with an operation open; for refunds, with money to refund) are made due for the reconciler
     * now. How many; null when another notice (on any instance) took the window.
     */
    sweepLive: (sweep: Omit<LiveSweep, 'now'>) => store.orders.sweepLive({ ...sweep, now: now() }),

    /**
     * Journals `note` (when given) and makes the order due for the reconciler now, which reads it, final or not: a
     * notice's or a return's read that failed.
     */
    askAgainNow: (orderReference: string, note?: Note) =>
      underOrderLock(deps, orderReference, async (unit) => {
        const journal = note && {
          source: note.source,
          status: unit.order.status,
          upstreamStatus: null,
          payload: note.payload,
          at: now(),
        };
        await unit.write({ nextPollAt: now(), rereadAskedAt: now() }, journal);
      }),

    /**
     * After a reconciliation poll by `claimant`: the next poll as `next` plans it from the order and its open
     * operations, the claim released, and the journal told when a deadline passed. Nothing when another instance
     * holds the order now (our lease lapsed mid-poll: their schedule wins).
     */
    reschedule: (
      orderReference: string,
      claimant: string,
      next: (order: StoredOrder, operations: readonly OrderOperation[], at: Date) => NextPoll,
    ) =>
      underOrderLock(deps, orderReference, async (unit) => {
        const { order } = unit;
        if (order.claimedBy !== claimant) return;
        const at = now();
        const planned = next(order, await unit.tx.operations.list(orderReference), at);
        const handedOver = unconfirmedEntry(order, planned.unconfirmed ?? [], at);
        await unit.write(
          {
            nextPollAt: planned.nextPollAt,
            pollAttempts: order.pollAttempts + 1,
            claimedUntil: null,
            claimedBy: null,
            ...(handedOver === order.discrepancy ? {} : { discrepancy: handedOver }),
          },
          planned.reason
            ? {
                source: 'poll',
                status: order.status,
                upstreamStatus: order.upstreamStatus,
                payload: { reason: planned.reason },
                at,
              }
            : undefined,
        );
        if (handedOver !== order.discrepancy && planned.unconfirmed?.length) await unit.announce('order.discrepancy');
      }),

    reserveOperation: (
      orderReference: string,
      reservation: Reservation,
      errors: { missing: () => Error; reused: () => Error },
    ) => reserveOperation(deps, orderReference, reservation, errors.missing, errors.reused),
    countOperationSend: (reference: string) => countOperationSend(deps, reference),
    settleOperation: (operation: OrderOperation, result: OperationResult, options?: { firstSendOnly?: boolean }) =>
      settleOperation(deps, operation, result, options),
    settleFromRecords: (
      orderReference: string,
      kind: 'refund' | 'capture',
      read: { records: readonly OperationRecord[]; documented: boolean },
      source: EventSource,
    ) => settleFromRecords(deps, orderReference, kind, read, source),
  };
}

export type Ledger = ReturnType<typeof createLedger>;
