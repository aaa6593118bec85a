// The ledger: the only code that writes an order or its refunds, captures and voids (test/tooling/layers.test.ts
// holds it). Every change runs the one sequence of ./unit.ts: the order's row locked, the change planned on it, the
// row and its journal written by one statement, what the merchant must hear queued in the same transaction, and the
// notifier kicked after the commit. The use cases (placement, the merchant's operations, the inbound return and
// notices, reconciliation) read the upstream and hand what it said to the methods here.
import type { EventSource, Journal, NewOrder, OrderOperation, StoredOrder, StoreTx } from '../store/types.js';
import type { OperationRecord } from '../upstream/operation-records.js';
import { observe } from './observe.js';
import type { Observation } from './order-plan.js';
import {
  countOperationSend,
  type OperationResult,
  type Reservation,
  reserveOperation,
  settleFromRecords,
  settleOperation,
} from './operations.js';
import { type LedgerDeps, pollBy, underOrderLock } from './unit.js';

export type { LedgerDeps } from './unit.js';
export type { CreateAnswer, Observation } from './order-plan.js';
export { NOT_FOUND_UPSTREAM, type OperationResult, type Reservation } from './operations.js';

/** A line of an order's journal that changes nothing else: a delivery, a visit, a read that failed. */
export interface Note {
  source: EventSource;
  payload: Record<string, unknown>;
}

/** After a reconciliation poll: when to look next, and why the journal should say so (a deadline passed). */
export interface NextPoll {
  nextPollAt: Date | null;
  reason?: string;
}

export function createLedger(deps: LedgerDeps) {
  const { store, now } = deps;
  return {
    /** Records what the upstream said about an order (or what the BFF concluded); see ./observe.ts. */
    observe: (orderReference: string, observation: Observation, known?: StoredOrder) =>
      observe(deps, orderReference, observation, known),

    /** A new attempt of a session, inside the caller's transaction (which holds the session's lock). */
    recordAttempt: (tx: StoreTx, order: NewOrder, journal: Journal) => tx.orders.insert(order, journal),

    /** Counts one more send of a create still unanswered and never shown; null otherwise (then it must not be sent). */
    countCreateSend: (orderReference: string) => store.orders.countCreateSend(orderReference),

    /** Journals `note` with the order as the caller read it (one statement). */
    note: (order: StoredOrder, note: Note) =>
      store.events.append({
        orderReference: order.orderReference,
        source: note.source,
        status: order.status,
        upstreamStatus: null,
        payload: note.payload,
        at: now(),
      }),

    /** Makes the reconciler read the order by `at` at the latest. */
    pollBy: (orderReference: string, at: Date) =>
      underOrderLock(deps, orderReference, (unit) => pollBy(unit, at, now())),

    /**
     * Makes the newest `limit` orders still awaiting the upstream (or with an operation open; with `refundable`, with
     * money to refund) due for the reconciler now: a notice named none the ledger knows. Answers how many.
     */
    askLiveAgain: (limit: number, also?: { refundable?: boolean }) => store.orders.makeLiveDue(now(), limit, also),

    /** Journals `note` (when given) and makes the order due for the reconciler now: a read that failed. */
    askAgainNow: (orderReference: string, note?: Note) =>
      underOrderLock(deps, orderReference, async (unit) => {
        const journal = note && {
          source: note.source,
          status: unit.order.status,
          upstreamStatus: null,
          payload: note.payload,
          at: now(),
        };
        await unit.write({ nextPollAt: now() }, journal);
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
        await unit.write(
          { nextPollAt: planned.nextPollAt, pollAttempts: order.pollAttempts + 1, claimedUntil: null, claimedBy: null },
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
