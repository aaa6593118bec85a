// Refreshing an order from the upstream, for whoever asks: the reconciler's poll and the merchant's read. The
// upstream's order is read and recorded by the ledger, then its open refunds, captures and voids are settled from the
// upstream's records, and those made outside the checkout recorded (./read-back.ts). The merchant reads a fresh view:
// when the upstream cannot be read, or what it says cannot be written, the ledger's own view is served.
import type { WriteTimings } from '../domain/write-timings.js';
import { checkoutUrlOf } from '../checkout/sessions.js';
import type { Logger } from 'pino';
import type { OrderView, RefundListResponse } from '../../shared/schemas/merchant-api.js';
import type { OrderStatusRecord } from '../upstream/contract.js';
import { orderNotFound } from '../domain/errors.js';
import { isAwaitingUpstream } from '../../shared/status.js';
import { orderView, refundView } from '../orders/views.js';
import { LedgerUnavailableError } from '../store/ledger-errors.js';
import type { StoredOrder } from '../store/types.js';
import { UpstreamError } from '../upstream/errors.js';
import { type ReadBackDeps, settleOpen } from './read-back.js';

/** Local choice: how many of an order's latest journal rows its view shows. */
const JOURNAL_SHOWN = 100;

export interface RefreshDeps extends ReadBackDeps {
  logger: Logger;
  now: () => Date;
  /** How long a create may still be on its way. */
  timings: Pick<WriteTimings, 'settleWindowMs'>;
  /** OPI_PUBLIC_URL: where the order's session's hosted checkout page is, the way back to paying. */
  publicUrl: string;
}

/**
 * The create of an order in these states may never have reached the upstream (an orphaned one was given up on before
 * the upstream showed it, or was shown and then is never absent).
 */
export const UNANSWERED_CREATES = new Set(['creating', 'unknown', 'orphaned']);

export function createOrderRefresher(deps: RefreshDeps) {
  const { store, upstream, logger, ledger } = deps;

  /**
   * The upstream does not know an order whose create was never answered, has never shown it, and nothing sent for it
   * can still be on its way: it never reached the upstream, so it failed (and its session may take another). The
   * ledger checks "never shown" again under the order's lock (bff/ledger/order-plan.ts).
   */
  const neverCreated = (order: StoredOrder, read: OrderStatusRecord | null) =>
    read === null &&
    order.upstreamStatus === null &&
    UNANSWERED_CREATES.has(order.createState) &&
    deps.now().getTime() - order.createdAt.getTime() >= deps.timings.settleWindowMs;

  /**
   * Reads the upstream's order (a poll: while it is not final, or a read of it was asked for; the merchant: always),
   * records it, and settles
   * the order's open operations. Upstream and ledger failures are thrown.
   */
  async function refresh(order: StoredOrder, source: 'poll' | 'merchant'): Promise<void> {
    const { orderReference } = order;
    // A poll reads an order while it awaits the upstream's final word, or while a read of it contradicted the ledger
    // (every entry but the totals of refunds or captures, which their records settle), so a read that agrees again
    // clears it.
    // A read a notice or a return asked for (its own failed) is made whatever the order's status: the upstream may
    // have made what the ledger holds failed or cancelled. Made, it answers the asks from before it began.
    const disputed = order.discrepancy?.some((entry) => entry.kind !== 'refunds' && entry.kind !== 'captures') ?? false;
    if (source === 'merchant' || disputed || order.rereadAskedAt || isAwaitingUpstream(order.status)) {
      const readAt = deps.now();
      const read = await upstream.getOrder(orderReference);
      const never = source === 'poll' && neverCreated(order, read);
      await ledger.observe(orderReference, {
        source,
        upstream: read,
        journal: 'on-change',
        readAt,
        ...(never
          ? {
              decided: 'failed' as const,
              also: { createState: 'absent' as const },
              payload: { reason: 'not_found_upstream' },
            }
          : {}),
      });
    }
    // Every read also reads what may have been made outside the checkout (the payment service's portal): a poll of a
    // paid order with nothing open is one a notice asked for (a REFUND_CALLBACK whose own read failed or came late).
    await settleOpen(deps, orderReference, source, { outside: true });
  }

  async function requireOrder(orderReference: string): Promise<StoredOrder> {
    const order = await store.orders.get(orderReference);
    if (!order) throw orderNotFound();
    return order;
  }

  /** A merchant's read: refreshed when the upstream answers and the ledger takes it; else the ledger's as it is. */
  async function refreshForMerchant(orderReference: string): Promise<void> {
    try {
      await refresh(await requireOrder(orderReference), 'merchant');
    } catch (error) {
      if (error instanceof LedgerUnavailableError) {
        logger.warn({ orderReference, code: error.reason }, 'fresh read not recorded; answering from the ledger');
        return;
      }
      if (!(error instanceof UpstreamError)) throw error;
      logger.warn({ orderReference, code: error.code }, 'fresh upstream read failed; answering from the ledger');
    }
  }

  return {
    refresh,
    /** GET /v1/orders/:orderReference, orders.get in-process: the upstream's view recorded first, then the ledger's. */
    async view(orderReference: string): Promise<OrderView> {
      await refreshForMerchant(orderReference);
      const order = await requireOrder(orderReference);
      // The journal's latest JOURNAL_SHOWN rows: a view never grows with what others have sent about the order.
      const [operations, events] = await Promise.all([
        store.operations.list(orderReference),
        store.events.list(orderReference, { latest: JOURNAL_SHOWN + 1 }),
      ]);
      const earlier = events.length > JOURNAL_SHOWN;
      return {
        ...orderView(order, operations, earlier ? events.slice(1) : events, deps.now(), earlier),
        checkoutUrl: checkoutUrlOf(deps.publicUrl, order.sessionId),
      };
    },
    /** GET /v1/orders/:orderReference/refunds: the order's refunds, after the same refresh. */
    async refunds(orderReference: string): Promise<RefundListResponse> {
      await refreshForMerchant(orderReference);
      const refunds = await store.operations.list(orderReference, 'refund');
      const now = deps.now();
      return { data: refunds.map((refund) => refundView(refund, now)) };
    },
  };
}

export type OrderRefresher = ReturnType<typeof createOrderRefresher>;
