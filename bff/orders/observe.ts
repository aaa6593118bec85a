// Applying one upstream answer about an order to the ledger, whoever prompted it (the create call, the shopper's
// return, a callback, the reconciler, the merchant). Under the order's row lock: the status only moves forward, a
// paid order is checked against what it owes, the answer is journalled, and a change worth announcing is queued
// for the merchant in the same transaction.
//
// One session, one payment: an order that becomes paid (or on_hold) completes its session in the same
// transaction, under the session's row lock, so no new order can start. An order of that session that was
// already live upstream (a shopper may start another provider without cancelling the first) and is paid after
// that is put on_hold with reason `session_already_paid`, and the merchant is told, so nobody ships twice and
// the second payment can be refunded.
import { toMinor } from '../../shared/money.js';
import { normalisePaymentStatus, type OrderStatus } from '../../shared/status.js';
import type { OrderStatusRecord } from '../upstream/contract.js';
import type { Notifier } from '../notify/notifier.js';
import { requireOrder } from '../store/require-order.js';
import type { EventSource, Journal, StoredOrder, OrderPatch, Store, StoreTx } from '../store/types.js';
import { checkPaidAmount, type HoldReason } from './paid-amount.js';
import { isFinalStatus, nextStatus } from './transitions.js';
import { orderSummaryView } from './views.js';

export interface ObserveDeps {
  store: Store;
  notifier: Notifier;
  now: () => Date;
}

/** What the answer to POST /orders says: a status, but nothing about what was paid. */
export interface CreateAnswer {
  kind: 'create-answer';
  status: string;
}

const isCreateAnswer = (upstream: OrderStatusRecord | CreateAnswer): upstream is CreateAnswer =>
  upstream.kind === 'create-answer';

export interface Observation {
  source: EventSource;
  /**
   * The upstream's order as just read (GET /orders/{ref}), the create call's answer, null when the upstream does
   * not know the reference, or absent when there is no upstream answer at all.
   */
  upstream?: OrderStatusRecord | CreateAnswer | null;
  /** A status the BFF concludes itself (the upstream refused the order); it obeys the same forward-only rule. */
  decided?: OrderStatus;
  /** Context for the journal (no personal data, no secrets). */
  payload?: Record<string, unknown>;
  /** `always` (default): callbacks and returns keep every delivery. `on-change`: polls and merchant reads. */
  journal?: 'always' | 'on-change';
  /** Columns written with the observation under the same lock (the create call's createState, redirectUrl). */
  also?: OrderPatch;
  /**
   * The upstream refused the create's first send: `decided` and `also` hold only while no other send of it was made
   * (another request took the attempt over meanwhile); else the outcome is unknown, for a read to settle.
   */
  refusalOfFirstSend?: boolean;
}

export interface ObservationResult {
  order: StoredOrder;
  changed: boolean;
}

export type OrderHoldReason = HoldReason | 'session_already_paid';

/** Whether an order holds its session's payment: the session takes no other. */
export const holdsPayment = (order: Pick<StoredOrder, 'status'>) =>
  order.status === 'paid' || order.status === 'on_hold';

/** The merchant hears of final statuses and of orders put on hold. */
const announced = (order: Pick<StoredOrder, 'status'>) => isFinalStatus(order.status) || order.status === 'on_hold';

// Local choice: the upstream reports captureStatus AUTHORIZED for authorise-only orders (autoCapture false);
// anything else on a paid order (CAPTURED, or no captureStatus at all) means the payment was captured.
const authorisedOnly = (upstream: OrderStatusRecord) => upstream.captureStatus?.trim().toUpperCase() === 'AUTHORIZED';

interface Planned {
  patch: OrderPatch;
  holdReason?: OrderHoldReason;
}

function createAnswerPatch(order: StoredOrder, answer: CreateAnswer): Planned {
  const observed = normalisePaymentStatus(answer.status).status;
  // Local choice: the create answer carries no paid amount, so it can never make an order paid by itself; the
  // reconciler's first read (GET /orders/{ref}, with the amount) decides.
  const status = observed === 'paid' ? 'pending' : observed;
  const next = status === 'unknown' ? null : nextStatus(order.status, status);
  if (next) return { patch: { status: next, upstreamStatus: answer.status } };
  return {
    patch: order.status === 'initiated' && order.upstreamStatus === null ? { upstreamStatus: answer.status } : {},
  };
}

function readPatch(order: StoredOrder, upstream: OrderStatusRecord): Planned {
  const observed = normalisePaymentStatus(upstream.status);
  if (observed.status === 'unknown') {
    const keep = isFinalStatus(order.status) || order.upstreamStatus === upstream.status;
    return { patch: keep ? {} : { upstreamStatus: upstream.status } };
  }
  const outcome = checkPaidAmount(observed.status, upstream, order);
  const next = nextStatus(order.status, outcome.status);
  if (!next) return { patch: {} };
  const patch: OrderPatch = { status: next, upstreamStatus: upstream.status, holdReason: outcome.holdReason ?? null };
  if (next === 'paid' || next === 'on_hold') {
    // The docs: the customer pays the order amount plus the surcharge, and a full capture or void is both.
    const surchargeMinor = Math.max(0, toMinor(upstream.surcharge ?? 0, order.currency) ?? 0);
    patch.surchargeMinor = surchargeMinor;
    patch.paidMinor = outcome.paidMinor + surchargeMinor;
    patch.capturedMinor = next === 'paid' && !authorisedOnly(upstream) ? patch.paidMinor : 0;
  }
  return { patch, ...(outcome.holdReason ? { holdReason: outcome.holdReason } : {}) };
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
  // An order held for another reason (underpaid) and now paid in full is a second payment too: its hold reason
  // and amounts change, so the merchant can refund it.
  if (order.status === 'on_hold' && order.holdReason === 'session_already_paid') return { patch: {} };
  return {
    patch: { ...planned.patch, status: 'on_hold', holdReason: 'session_already_paid' },
    holdReason: 'session_already_paid',
  };
}

function plan(order: StoredOrder, { upstream, decided }: Observation): Planned {
  if (decided) {
    const next = nextStatus(order.status, decided);
    return { patch: next ? { status: next } : {} };
  }
  if (!upstream) return { patch: {} };
  return isCreateAnswer(upstream) ? createAnswerPatch(order, upstream) : readPatch(order, upstream);
}

/** A first send refused after another send was made tells nothing: the outcome stays unknown, for a read to settle. */
function asPlannedFor(order: StoredOrder, observation: Observation): Observation {
  if (!observation.refusalOfFirstSend || order.createSends <= 1) return observation;
  const { decided: _refused, ...rest } = observation;
  return { ...rest, also: { createState: 'unknown' }, payload: { ...rest.payload, resentMeanwhile: true } };
}

interface Settled {
  patch: OrderPatch;
  changed: boolean;
  journal: Journal | undefined;
}

/** The row's change and its journal entry, once the plan is final. */
function settle(order: StoredOrder, observation: Observation, planned: Planned, now: Date): Settled {
  const { holdReason } = planned;
  const patch: OrderPatch = { ...observation.also, ...planned.patch };
  const changed = patch.status !== undefined;
  // Settled (or waiting for a person): nothing left to poll for. Refunds, which reschedule polling, need a paid order.
  if (changed && (isFinalStatus(patch.status!) || patch.status === 'on_hold')) patch.nextPollAt = null;
  const journal: Journal | undefined =
    changed || observation.journal !== 'on-change'
      ? {
          source: observation.source,
          status: patch.status ?? order.status,
          upstreamStatus: observation.upstream?.status ?? null,
          payload: {
            ...observation.payload,
            ...(observation.upstream === null ? { upstream: 'not_found' } : {}),
            ...(changed ? { from: order.status } : {}),
            ...(holdReason ? { holdReason } : {}),
          },
          at: now,
        }
      : undefined;
  return { patch, changed, journal };
}

/** recordObservation's work inside the caller's transaction, with the order row locked here. */
export async function observeInTx(
  tx: StoreTx,
  deps: ObserveDeps,
  orderReference: string,
  observation: Observation,
): Promise<ObservationResult> {
  const order = await requireOrder(tx.orders, orderReference, { forUpdate: true });
  observation = asPlannedFor(order, observation);
  let planned = plan(order, observation);
  if (planned.patch.status && holdsPayment({ status: planned.patch.status }))
    planned = await oneSessionOnePayment(tx, order, planned);
  const { patch, changed, journal } = settle(order, observation, planned, deps.now());
  // The change and its journal row in one statement; a journal row alone when the patch is empty.
  const updated = Object.keys(patch).length > 0 ? await tx.orders.update(orderReference, patch, journal) : order;
  if (journal && updated === order) await tx.events.append({ orderReference, ...journal });
  if (changed && announced(updated)) {
    await deps.notifier.enqueue(
      tx,
      'order.status',
      orderReference,
      orderSummaryView(updated, await tx.operations.list(orderReference), deps.now()),
    );
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
  deps: ObserveDeps,
  known: StoredOrder,
  observation: Observation,
): Promise<ObservationResult | null> {
  observation = asPlannedFor(known, observation);
  const { patch, changed, journal } = settle(known, observation, plan(known, observation), deps.now());
  if (Object.keys(patch).length === 0 || (changed && announced({ status: patch.status! }))) return null;
  const order = await deps.store.orders.updateIfUnchanged(known, patch, journal);
  return order ? { order, changed } : null;
}

/**
 * `known`: the caller's copy of the order (the placement's, just recorded). The common case then costs one
 * statement; a row changed meanwhile, or a change that touches more, takes the locked path as if none were given.
 */
export async function recordObservation(
  deps: ObserveDeps,
  orderReference: string,
  observation: Observation,
  known?: StoredOrder,
): Promise<ObservationResult> {
  const result =
    (known && (await observeAsPlanned(deps, known, observation))) ??
    (await deps.store.transaction((tx) => observeInTx(tx, deps, orderReference, observation)));
  if (result.changed) deps.notifier.kick();
  return result;
}
