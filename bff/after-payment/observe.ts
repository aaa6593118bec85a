// Applying one fresh upstream read of an order to the ledger, whoever prompted it (the shopper's return, a
// callback, the reconciler, the merchant). Under the order's row lock: the status only moves forward, a paid
// order is checked against what it owes, the read is journalled, and a change worth announcing is queued for
// the merchant in the same transaction.
import { normalisePaymentStatus } from '../../shared/status.js';
import type { OrderStatusRecord } from '../../shared/upstream.js';
import type { Notifier } from '../notify/notifier.js';
import type { EventSource, LedgerOrder, OrderPatch, Store } from '../store/types.js';
import { checkPaidAmount } from './paid-amount.js';
import { isFinalStatus, nextStatus } from './transitions.js';
import { orderSummaryView } from './views.js';

export interface ObserveDeps {
  store: Store;
  notifier: Notifier;
}

export interface Observation {
  source: EventSource;
  /** The upstream's order as just read; null when the upstream does not know the reference. */
  upstream: OrderStatusRecord | null;
  /** Context for the journal (no personal data, no secrets). */
  payload?: Record<string, unknown>;
  /** `always` (default): callbacks and returns keep every delivery. `on-change`: polls and merchant reads. */
  journal?: 'always' | 'on-change';
}

export interface ObservationResult {
  order: LedgerOrder;
  changed: boolean;
}

/** The merchant hears of final statuses and of orders put on hold. */
const announced = (order: LedgerOrder) => isFinalStatus(order.status) || order.status === 'on_hold';

// Local choice: the upstream reports captureStatus AUTHORIZED for authorise-only orders (autoCapture false);
// anything else on a paid order (CAPTURED, or no captureStatus at all) means the payment was captured.
const authorisedOnly = (upstream: OrderStatusRecord) => upstream.captureStatus?.trim().toUpperCase() === 'AUTHORIZED';

function patchFor(order: LedgerOrder, upstream: OrderStatusRecord): { patch: OrderPatch; holdReason?: string } {
  const observed = normalisePaymentStatus(upstream.status);
  if (observed.status === 'unknown') {
    const keep = isFinalStatus(order.status) || order.upstreamStatus === upstream.status;
    return { patch: keep ? {} : { upstreamStatus: upstream.status } };
  }
  const outcome = checkPaidAmount(observed.status, upstream, order);
  const next = nextStatus(order.status, outcome.status);
  if (!next) return { patch: {} };
  const patch: OrderPatch = { status: next, upstreamStatus: upstream.status };
  if (next === 'paid' || next === 'on_hold') {
    patch.paidMinor = outcome.paidMinor;
    patch.capturedMinor = next === 'paid' && !authorisedOnly(upstream) ? outcome.paidMinor : 0;
  }
  // Settled (or waiting for a person): nothing left to poll for. Refunds, which reschedule polling, need a paid order.
  if (isFinalStatus(next) || next === 'on_hold') patch.nextPollAt = null;
  return { patch, ...(outcome.holdReason ? { holdReason: outcome.holdReason } : {}) };
}

export async function recordObservation(deps: ObserveDeps, orderReference: string, observation: Observation): Promise<ObservationResult> {
  const { store, notifier } = deps;
  const result = await store.transaction(async (tx) => {
    const order = await tx.getOrder(orderReference, { forUpdate: true });
    if (!order) throw new Error(`order ${orderReference} vanished from the ledger`);
    const { patch, holdReason } = observation.upstream ? patchFor(order, observation.upstream) : { patch: {} };
    const changed = patch.status !== undefined;
    const updated = Object.keys(patch).length > 0 ? await tx.updateOrder(orderReference, patch) : order;
    if (changed || observation.journal !== 'on-change') {
      await tx.appendEvent({
        orderReference,
        source: observation.source,
        status: updated.status,
        upstreamStatus: observation.upstream?.status ?? null,
        payload: {
          ...observation.payload,
          ...(observation.upstream ? {} : { upstream: 'not_found' }),
          ...(changed ? { from: order.status } : {}),
          ...(holdReason ? { holdReason } : {}),
        },
      });
    }
    if (changed && announced(updated)) {
      await notifier.enqueue(tx, 'order.status', orderReference, orderSummaryView(updated, await tx.listOperations(orderReference)));
    }
    return { order: updated, changed };
  });
  if (result.changed) notifier.kick();
  return result;
}
