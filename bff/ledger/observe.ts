// Applying one upstream answer about an order, whoever prompted it (the create call, the shopper's return, a callback,
// the reconciler, the merchant): planned by ./order-plan.ts, written by the one sequence of ./unit.ts.
//
// One session, one payment: an order that becomes paid (or on_hold) completes its session in the same
// transaction, under the session's row lock, so no new order can start. An order of that session that was
// already live upstream (a shopper may start another provider without cancelling the first) and is paid after
// that is put on_hold with reason `session_already_paid`, and the merchant is told, so nobody ships twice and
// the second payment can be refunded.
import { holdsPayment } from '../orders/transitions.js';
import type { StoredOrder, StoreTx } from '../store/types.js';
import { announced, asPlannedFor, type Observation, plan, type Planned, settle } from './order-plan.js';
import { type LedgerDeps, type OrderUnit, underOrderLock } from './unit.js';

export interface ObservationResult {
  order: StoredOrder;
  changed: boolean;
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
export async function observeLocked(
  deps: LedgerDeps,
  unit: OrderUnit,
  observation: Observation,
): Promise<ObservationResult> {
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
): Promise<ObservationResult | null> {
  observation = asPlannedFor(known, observation);
  const now = deps.now();
  const planned = plan(known, observation, now);
  const { patch, changed, journal } = settle(known, observation, planned, now);
  if (Object.keys(patch).length === 0 || planned.raised || (changed && announced({ status: patch.status! })))
    return null;
  const order = await deps.store.orders.updateIfUnchanged(known, patch, journal);
  return order ? { order, changed } : null;
}

/**
 * Records what the upstream said about an order. `known`: the caller's copy of the order (the placement's, just
 * recorded): the common case then costs one statement; a row changed meanwhile, or a change that touches more, takes
 * the locked path as if none were given.
 */
export async function observe(
  deps: LedgerDeps,
  orderReference: string,
  observation: Observation,
  known?: StoredOrder,
): Promise<ObservationResult> {
  return (
    (known && (await observeAsPlanned(deps, known, observation))) ??
    underOrderLock(deps, orderReference, (unit) => observeLocked(deps, unit, observation))
  );
}
