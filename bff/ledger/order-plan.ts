// What one upstream answer about an order changes in the ledger, planned on the order as it stands (pure): the status
// only moves forward, a paid order is checked against what it owes, and the journal row says who said what.
import { toMinor } from '../../shared/money.js';
import { normalisePaymentStatus, type OrderStatus } from '../../shared/status.js';
import { checkPaidAmount, type HoldReason } from '../orders/paid-amount.js';
import { isFinalStatus, nextStatus } from '../orders/transitions.js';
import type { EventSource, Journal, OrderPatch, StoredOrder } from '../store/types.js';
import type { OrderStatusRecord } from '../upstream/contract.js';

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

export type OrderHoldReason = HoldReason | 'session_already_paid';

export interface Planned {
  patch: OrderPatch;
  holdReason?: OrderHoldReason;
}

/** The merchant hears of final statuses and of orders put on hold. */
export const announced = (order: Pick<StoredOrder, 'status'>) =>
  isFinalStatus(order.status) || order.status === 'on_hold';

// Local choice: the upstream reports captureStatus AUTHORIZED for authorise-only orders (autoCapture false);
// anything else on a paid order (CAPTURED, or no captureStatus at all) means the payment was captured.
const authorisedOnly = (upstream: OrderStatusRecord) => upstream.captureStatus?.trim().toUpperCase() === 'AUTHORIZED';

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

export function plan(order: StoredOrder, { upstream, decided }: Observation): Planned {
  if (decided) {
    const next = nextStatus(order.status, decided);
    return { patch: next ? { status: next } : {} };
  }
  if (!upstream) return { patch: {} };
  return isCreateAnswer(upstream) ? createAnswerPatch(order, upstream) : readPatch(order, upstream);
}

/** A first send refused after another send was made tells nothing: the outcome stays unknown, for a read to settle. */
export function asPlannedFor(order: StoredOrder, observation: Observation): Observation {
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
