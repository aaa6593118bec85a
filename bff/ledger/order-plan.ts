// What one upstream answer about an order changes in the ledger, planned on the order as it stands (pure): the status
// only moves forward, a paid order is checked against what it owes, and the journal row says who said what.
//
// A read is never dropped. One that contradicts a final status is recorded by what it reports:
//  - a payment after the ledger ended the order declined, cancelled or failed: the money is recorded (paid, or on
//    hold with its reason) and announced, the journal saying what it contradicts;
//  - the upstream's own word after `failed` (the BFF's conclusion that it never made the order): the order follows it
//    (a final status, or, shown live, read again until final);
//  - anything else (a paid order shown declined, a cancelled one shown pending): a `status` discrepancy with both
//    sides, journalled and announced once, cleared when a read agrees again.
// And one that finds no such order, of an order the upstream has shown, is journalled as contradicting the upstream's
// last word, which stands: an order the upstream showed is never failed as never created.
//
// An order's discrepancy list holds one entry per kind, for a person, with both sides of what disagrees (withEntry,
// which ./totals.ts uses for the refunds' and captures' totals too).
import { isFinalStatus, nextStatus, normalisePaymentStatus, type OrderStatus } from '../../shared/status.js';
import { outcomeReason as classedReason } from '../orders/attempt-outcome.js';
import { checkPaidAmount, type HoldReason } from '../orders/paid-amount.js';
import type { Discrepancy, EventSource, Journal, OrderPatch, StoredOrder } from '../store/types.js';
import type { OrderStatusRecord } from '../upstream/contract.js';

/** What an entry says of each side (field by field: the ledger's jsonb keeps its own key order). */
function sidesOf(entry: Discrepancy) {
  if (entry.kind === 'status') return [entry.ledgerStatus, entry.upstreamStatus];
  if (entry.kind === 'not_found') return [entry.ledgerStatus, entry.lastUpstreamStatus];
  if (entry.kind === 'unconfirmed_operations') return [entry.references.join(' '), entry.upstreamCaptureStatus];
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

/** What the answer to POST /orders says: a status, but nothing about what was paid (and, maybe, its id). */
export interface CreateAnswer {
  kind: 'create-answer';
  status: string;
  transactionReference?: string | null;
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
  /** When the read began: it answers the reads asked for before then (a notice's, a return's), not those after. */
  readAt?: Date;
  /**
   * The upstream refused the create's first send: `decided` and `also` hold only while no other send of it was made
   * (another request took the attempt over meanwhile); else the outcome is unknown, for a read to settle.
   */
  refusalOfFirstSend?: boolean;
}

export type OrderHoldReason = HoldReason | 'session_already_paid';

export interface Planned {
  patch: OrderPatch;
  holdReason?: OrderHoldReason;
  /** The final status this read contradicts, or the upstream's word that a read finding no order does (journalled). */
  contradicts?: string;
  /** A discrepancy raised: journalled and announced even when the status stays. */
  raised?: boolean;
}

/** The merchant hears of final statuses and of orders put on hold. */
export const announced = (order: Pick<StoredOrder, 'status'>) =>
  isFinalStatus(order.status) || order.status === 'on_hold';

/**
 * Whether a payment read as paid is captured, from what the order asked: with autoCapture false it is authorised
 * until a capture is recorded (a capture of ours, or one the records show) or the upstream reports one explicitly
 * (captureStatus CAPTURED; local choice: the one spelling taken as explicit). Otherwise (autoCapture true or not
 * sent) it is captured unless the upstream reports AUTHORIZED, the docs' one value.
 */
function capturedAtPayment(order: StoredOrder, upstream: OrderStatusRecord): boolean {
  const captureStatus = upstream.captureStatus?.trim().toUpperCase();
  return order.autoCapture === false ? captureStatus === 'CAPTURED' : captureStatus !== 'AUTHORIZED';
}

/** Local choice: the longest upstream id the ledger keeps to place notices by (longer ones are not ids it knows). */
const ID_MAX = 255;

/** The upstream's own ids of the order that the answer carries and the ledger has not learnt yet. */
function learnedIds(order: StoredOrder, upstream: Observation['upstream']): OrderPatch {
  if (!upstream) return {};
  const usable = (id: unknown) => (typeof id === 'string' && id.length > 0 && id.length <= ID_MAX ? id : undefined);
  const transactionReference = order.transactionReference ? undefined : usable(upstream.transactionReference);
  const bnplOrderId = order.bnplOrderId || !('bnplOrderId' in upstream) ? undefined : usable(upstream.bnplOrderId);
  return { ...(transactionReference ? { transactionReference } : {}), ...(bnplOrderId ? { bnplOrderId } : {}) };
}

/** Why the order ended or waits, when a read says and the class is new (bff/orders/attempt-outcome.ts). */
function reasonPatch(order: StoredOrder, upstream: OrderStatusRecord): OrderPatch {
  const outcomeReason = classedReason(upstream);
  return outcomeReason && outcomeReason !== order.outcomeReason ? { outcomeReason } : {};
}

function createAnswerPatch(order: StoredOrder, answer: CreateAnswer, now: Date): Planned {
  const observed = normalisePaymentStatus(answer.status).status;
  // A late create answer that declines or cancels an order held after the upstream's SUCCESSFUL contradicts it too.
  if (order.status === 'on_hold' && (observed === 'declined' || observed === 'cancelled'))
    return statusContradiction(order, answer.status, now);
  // Local choice: the create answer carries no paid amount, so it can never make an order paid by itself; the
  // reconciler's first read (GET /orders/{ref}, with the amount) decides.
  const status = observed === 'paid' ? 'pending' : observed;
  const next = status === 'unknown' ? null : nextStatus(order.status, status);
  if (next) return { patch: { status: next, upstreamStatus: answer.status } };
  return {
    patch: order.status === 'initiated' && order.upstreamStatus === null ? { upstreamStatus: answer.status } : {},
  };
}

/**
 * A read of a paid order that reports another amount paid than the ledger recorded: both sides, for a person; none
 * when it agrees. Local choice: an amount that cannot be read in the order's currency is not compared (`unread`:
 * whatever stands, stays; its word is still recorded).
 */
function paidEntry(order: StoredOrder, upstream: OrderStatusRecord, now: Date): Discrepancy | 'unread' | undefined {
  const reported = checkPaidAmount('paid', upstream, order);
  if (reported.holdReason === 'currency_mismatch' || reported.holdReason === 'unreadable_amount') return 'unread';
  const upstreamMinor = reported.paidMinor;
  if (upstreamMinor === order.paidMinor) return undefined;
  return { kind: 'paid', ledgerMinor: order.paidMinor, upstreamMinor, detectedAt: now.toISOString() };
}

/** A status word as the upstream means it: its create answer spells `pending` what its reads spell `PENDING`. */
const word = (status: string | null) => status?.trim().toUpperCase() ?? null;

/** The upstream's word on an order whose status stays, when it says another word than the ledger last recorded. */
const upstreamWordPatch = (order: StoredOrder, upstream: OrderStatusRecord): OrderPatch =>
  word(order.upstreamStatus) === word(upstream.status) ? {} : { upstreamStatus: upstream.status };

/**
 * The upstream's captureStatus when a read carries another word than the ledger last recorded (a capture or void
 * made in the portal, a spelling no document shows): recorded, so journalled. It moves no money by itself: the
 * capture records do (bff/reconcile/read-back.ts), and at payment capturedAtPayment() reads it.
 */
function captureWordPatch(order: StoredOrder, upstream: OrderStatusRecord): OrderPatch {
  const said = upstream.captureStatus;
  if (typeof said !== 'string' || said.trim() === '') return {};
  return word(order.upstreamCaptureStatus) === word(said) ? {} : { upstreamCaptureStatus: said };
}

/** A read of an order the ledger holds final (see the rules at the top). */
function finalRead(order: StoredOrder, upstream: OrderStatusRecord, now: Date): Planned {
  const observed = normalisePaymentStatus(upstream.status).status;
  if (observed === order.status) {
    const agreed = withEntry(order.discrepancy, 'status');
    const paid = order.status === 'paid' ? paidEntry(order, upstream, now) : 'unread';
    const list = paid === 'unread' ? agreed : withEntry(agreed, 'paid', paid);
    const patch = {
      ...upstreamWordPatch(order, upstream),
      ...(list === order.discrepancy ? {} : { discrepancy: list }),
    };
    return { patch, ...(paid && paid !== 'unread' && list !== agreed ? { raised: true } : {}) };
  }
  const contradicts = order.status;
  if (observed === 'paid') return { ...movedTo(order, upstream, 'paid'), contradicts };
  if (order.status === 'failed' && observed !== 'on_hold') {
    const reopened = isFinalStatus(observed) ? {} : { nextPollAt: now };
    return { patch: { status: observed, upstreamStatus: upstream.status, ...reopened }, contradicts };
  }
  // Local choice: an upstream spelling we do not know, on an order the upstream ended, contradicts nothing we can
  // name (it may be how the upstream shows a later step, such as a refund): the status stays, and what the upstream
  // said is recorded (and so journalled), never dropped.
  if (observed === 'unknown') return { patch: upstreamWordPatch(order, upstream) };
  return statusContradiction(order, upstream.status, now);
}

/**
 * What the ledger holds against what a read says (`said`: the status a read gives, or for `not_found` the upstream's
 * last word before it found nothing), as the order's entry of that kind; the same sides again change nothing (raised
 * once). `word`: what the read contradicts, for the journal.
 */
function contradiction(
  order: StoredOrder,
  kind: 'status' | 'not_found',
  said: string,
  word: string,
  now: Date,
): Planned {
  const sides = { ledgerStatus: order.status, detectedAt: now.toISOString() };
  const entry: Discrepancy =
    kind === 'status' ? { kind, upstreamStatus: said, ...sides } : { kind, lastUpstreamStatus: said, ...sides };
  const discrepancy = withEntry(order.discrepancy, kind, entry);
  if (discrepancy === order.discrepancy) return { patch: {} };
  return { patch: { discrepancy }, contradicts: word, raised: true };
}

/** A read whose final status contradicts the upstream's earlier final word: a `status` entry, the status stays. */
const statusContradiction = (order: StoredOrder, said: string, now: Date) =>
  contradiction(order, 'status', said, order.status, now);

/**
 * A read of an order on hold: the upstream said SUCCESSFUL (a final word) and took money the ledger holds for a person
 * (underpaid, unreadable, a session's second payment). A later decline or cancel contradicts that word: the order stays
 * on hold with its money refundable, and the read is a `status` entry. A read that agrees again clears the entry; if
 * the order stays on hold, the amount it reports paid is compared with the one recorded (a `paid` entry, as for a paid
 * order), and a payment in full clears that entry as it moves the order.
 */
function heldRead(order: StoredOrder, upstream: OrderStatusRecord, observed: OrderStatus, now: Date): Planned | null {
  if (observed === 'declined' || observed === 'cancelled') return statusContradiction(order, upstream.status, now);
  if (observed !== 'paid') return null;
  const agreed = withEntry(order.discrepancy, 'status');
  const planned = readPatchOf(
    agreed === order.discrepancy ? order : { ...order, discrepancy: agreed },
    upstream,
    observed,
  );
  const paid = planned.patch.status ? undefined : paidEntry(order, upstream, now);
  const list = paid === 'unread' ? agreed : withEntry(agreed, 'paid', paid);
  if (list === order.discrepancy) return planned;
  return {
    ...planned,
    patch: { ...planned.patch, discrepancy: list },
    ...(paid && list !== agreed ? { raised: true } : {}),
  };
}

/** The ledger's change to `observed` (paid: checked against what the order owes). */
function movedTo(order: StoredOrder, upstream: OrderStatusRecord, observed: OrderStatus): Planned {
  const outcome = checkPaidAmount(observed, upstream, order);
  const next = outcome.status;
  const patch: OrderPatch = { status: next, upstreamStatus: upstream.status, holdReason: outcome.holdReason ?? null };
  if (next === 'paid' || next === 'on_hold') {
    // The docs: the customer pays the order amount plus the surcharge, and a full capture or void is both.
    patch.surchargeMinor = outcome.surchargeMinor;
    patch.paidMinor = outcome.paidMinor;
    patch.capturedMinor = next === 'paid' && capturedAtPayment(order, upstream) ? patch.paidMinor : 0;
  }
  return { patch, ...(outcome.holdReason ? { holdReason: outcome.holdReason } : {}) };
}

/** The move a read makes on an order not final; a status that cannot follow has its word recorded anyway. */
function readPatchOf(order: StoredOrder, upstream: OrderStatusRecord, observed: OrderStatus): Planned {
  const next = nextStatus(order.status, checkPaidAmount(observed, upstream, order).status);
  // A status that cannot follow (FAILED on an order in error, PENDING on one on hold): its word is recorded anyway.
  return next ? movedTo(order, upstream, observed) : { patch: upstreamWordPatch(order, upstream) };
}

function readPatch(order: StoredOrder, upstream: OrderStatusRecord, now: Date): Planned {
  if (isFinalStatus(order.status)) return finalRead(order, upstream, now);
  const observed = normalisePaymentStatus(upstream.status);
  if (observed.status === 'unknown') return { patch: upstreamWordPatch(order, upstream) };
  const held = order.status === 'on_hold' ? heldRead(order, upstream, observed.status, now) : null;
  return held ?? readPatchOf(order, upstream, observed.status);
}

export function plan(order: StoredOrder, { upstream, decided }: Observation, now: Date): Planned {
  if (decided) {
    const next = nextStatus(order.status, decided);
    return { patch: next ? { status: next } : {} };
  }
  if (upstream === null && order.upstreamStatus !== null) return notFoundRead(order, order.upstreamStatus, now);
  if (!upstream) return { patch: {} };
  // The order is found (again): an entry saying the upstream knew no such order is over.
  const found = withEntry(order.discrepancy, 'not_found');
  const planned = recordPlan(found === order.discrepancy ? order : { ...order, discrepancy: found }, upstream, now);
  return found === order.discrepancy || planned.patch.discrepancy !== undefined
    ? planned
    : { ...planned, patch: { ...planned.patch, discrepancy: found } };
}

/**
 * A read that finds no such order, of one the upstream has shown: its word stands, and the read is a `not_found`
 * entry that contradicts it, journalled and announced once however often a read finds nothing (a stranger's notices
 * prompt reads); a read that finds the order clears it.
 */
function notFoundRead(order: StoredOrder, lastWord: string, now: Date): Planned {
  return contradiction(order, 'not_found', lastWord, lastWord, now);
}

/** What an order record (a create answer or a read) changes. */
function recordPlan(order: StoredOrder, upstream: OrderStatusRecord | CreateAnswer, now: Date): Planned {
  if (isCreateAnswer(upstream)) {
    const planned = createAnswerPatch(order, upstream, now);
    return { ...planned, patch: { ...learnedIds(order, upstream), ...planned.patch } };
  }
  const planned = readPatch(order, upstream, now);
  return {
    ...planned,
    patch: {
      ...learnedIds(order, upstream),
      ...captureWordPatch(order, upstream),
      ...reasonPatch(order, upstream),
      ...planned.patch,
    },
  };
}

/**
 * What an observation judged before the lock still holds on the order under it:
 *  - a first send refused after another send was made tells nothing: the outcome stays unknown, for a read to settle;
 *  - a conclusion drawn from a read that found no such order (`decided` and its columns) holds only while the
 *    upstream has never shown the order: once it has, the read only contradicts its word (see plan()).
 */
export function asPlannedFor(order: StoredOrder, observation: Observation): Observation {
  if (observation.upstream === null && observation.decided && order.upstreamStatus !== null) {
    const { decided: _concluded, also: _columns, ...rest } = observation;
    return rest;
  }
  if (!observation.refusalOfFirstSend || order.createSends <= 1) return observation;
  const { decided: _refused, ...rest } = observation;
  return { ...rest, also: { createState: 'unknown' }, payload: { ...rest.payload, resentMeanwhile: true } };
}

export interface Settled {
  patch: OrderPatch;
  changed: boolean;
  journal: Journal | undefined;
}

/** The row's change and its journal entry, once the plan is final. */
export function settle(order: StoredOrder, observation: Observation, planned: Planned, now: Date): Settled {
  const { holdReason, contradicts } = planned;
  const asked = order.rereadAskedAt;
  const answered = asked && observation.readAt && asked <= observation.readAt ? { rereadAskedAt: null } : {};
  const patch: OrderPatch = { ...observation.also, ...answered, ...planned.patch };
  const changed = patch.status !== undefined;
  // The upstream's word changed though the status did not (a spelling, a later step, its captureStatus): journalled
  // too, never dropped.
  const captureWord = patch.upstreamCaptureStatus;
  const wordChanged =
    (patch.upstreamStatus !== undefined && patch.upstreamStatus !== order.upstreamStatus) ||
    (captureWord !== undefined && captureWord !== order.upstreamCaptureStatus);
  // Settled (or waiting for a person): nothing left to poll for. Refunds, which reschedule polling, need a paid order.
  if (changed && (isFinalStatus(patch.status!) || patch.status === 'on_hold')) patch.nextPollAt = null;
  const journal: Journal | undefined =
    changed || wordChanged || planned.raised || contradicts !== undefined || observation.journal !== 'on-change'
      ? {
          source: observation.source,
          status: patch.status ?? order.status,
          upstreamStatus: observation.upstream?.status ?? null,
          payload: {
            ...observation.payload,
            ...(observation.upstream === null ? { upstream: 'not_found' } : {}),
            ...(changed ? { from: order.status } : {}),
            ...(captureWord ? { captureStatus: captureWord } : {}),
            ...(contradicts ? { contradicts } : {}),
            ...(holdReason ? { holdReason } : {}),
          },
          at: now,
        }
      : undefined;
  return { patch, changed, journal };
}
