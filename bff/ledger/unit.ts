// The one write sequence of the ledger, for an order and its operations alike: the order's row locked, the change
// planned on it, the row and its journal written by one statement, what the merchant must hear queued in the same
// transaction, and the notifier kicked once it commits.
import type { Logger } from 'pino';
import type { Funnel } from '../metrics/funnel.js';
import type { Notifier } from '../notify/notifier.js';
import type { WriteTimings } from '../domain/write-timings.js';
import { FUNNEL_STEPS, type FunnelStep } from '../../shared/schemas/merchant-api.js';
import { orderSummaryView, refundView, shopLabels } from '../orders/views.js';
import { requireOrder } from '../store/orders.js';
import type { Journal, OrderOperation, OrderPatch, StoredOrder, Store, StoreTx } from '../store/types.js';

export interface LedgerDeps {
  store: Store;
  notifier: Notifier;
  now: () => Date;
  logger: Logger;
  /** Counts an order's outcome (paid, declined, ...) when its status first becomes one. */
  funnel: Funnel;
  /**
   * When a new operation or a created order is first due for the reconciler, how long a write may still be on its way
   * (an operation's settle window), and how long past it an open operation is overdue.
   */
  timings: WriteTimings;
}

/** One order under its row lock: every write of it, its journal and its announcements go through here. */
export interface OrderUnit {
  tx: StoreTx;
  /** The order as the unit last wrote it. */
  readonly order: StoredOrder;
  /** The row's change and its journal row in one statement; the journal row alone when the patch is empty. */
  write(patch: OrderPatch, journal?: Journal): Promise<StoredOrder>;
  /** Queues the merchant's notification of the order as it now stands. */
  announce(type: 'order.status' | 'order.discrepancy'): Promise<void>;
  announceRefund(refund: OrderOperation): Promise<void>;
}

export function orderUnit(deps: LedgerDeps, tx: StoreTx, locked: StoredOrder): OrderUnit & { announced: boolean } {
  let order = locked;
  const unit = {
    tx,
    announced: false,
    get order() {
      return order;
    },
    async write(patch: OrderPatch, journal?: Journal) {
      if (Object.keys(patch).length > 0) order = await tx.orders.update(order.orderReference, patch, journal);
      else if (journal) await tx.events.append({ orderReference: order.orderReference, ...journal });
      return order;
    },
    async announce(type: 'order.status' | 'order.discrepancy') {
      const operations = await tx.operations.list(order.orderReference);
      await deps.notifier.enqueue(
        tx,
        type,
        order.orderReference,
        orderSummaryView(order, operations, deps.now()),
        shopLabels(order),
      );
      unit.announced = true;
    },
    async announceRefund(refund: OrderOperation) {
      await deps.notifier.enqueue(
        tx,
        'refund.result',
        order.orderReference,
        refundView(refund, deps.now()),
        shopLabels(order),
      );
      unit.announced = true;
    },
  };
  return unit;
}

/**
 * Runs `work` on the order under its row lock, in one transaction; kicks the notifier after the commit. `missing`:
 * the error when the ledger has no such order (by default, one that says the row vanished).
 */
export async function underOrderLock<T>(
  deps: LedgerDeps,
  orderReference: string,
  work: (unit: OrderUnit) => Promise<T>,
  missing?: () => Error,
): Promise<T> {
  let announced = false;
  let counts: [FunnelStep, string][] = [];
  let locale = '';
  const value = await deps.store.transaction(async (tx) => {
    const order = missing
      ? await tx.orders.get(orderReference, { forUpdate: true })
      : await requireOrder(tx.orders, orderReference, { forUpdate: true });
    if (!order) throw missing!();
    const unit = orderUnit(deps, tx, order);
    const result = await work(unit);
    announced = unit.announced;
    const { status, provider, sessionId } = unit.order;
    if (status !== order.status && isOutcome(status)) {
      locale = (await tx.sessions.get(sessionId))?.locale ?? '';
      counts = [[status, provider], ...(status === 'paid' ? await recoveries(tx, unit.order) : [])];
    }
    return result;
  });
  // Counted once committed, as the notifier is kicked: a rolled-back change counts nothing.
  for (const [step, provider] of counts) deps.funnel.count(step, provider, locale);
  if (announced) deps.notifier.kick();
  return value;
}

/**
 * A payment after declined or failed attempts of the same session recovers them: counted once on the provider paid,
 * and once per attempt recovered on that attempt's provider (so its declines recovered can be read as a share).
 */
async function recoveries(tx: StoreTx, paid: StoredOrder): Promise<[FunnelStep, string][]> {
  const lost = (await tx.orders.listOfSession(paid.sessionId)).filter(
    (order) =>
      order.orderReference !== paid.orderReference && (order.status === 'declined' || order.status === 'failed'),
  );
  if (lost.length === 0) return [];
  return [
    ['recovered', paid.provider],
    ...lost.map((order): [FunnelStep, string] => ['declined_recovered', order.provider]),
  ];
}

const OUTCOMES: ReadonlySet<string> = new Set(
  FUNNEL_STEPS.slice(FUNNEL_STEPS.indexOf('paid'), FUNNEL_STEPS.indexOf('recovered')),
);
const isOutcome = (status: string): status is FunnelStep => OUTCOMES.has(status);

/**
 * Whether a reconciler holds the order: its poll ends in a reschedule (bff/ledger/ledger.ts), even past its lease, and
 * a claim left by a stopped instance lapses into a poll.
 */
export const heldByReconciler = (order: StoredOrder) => order.claimedBy !== null;

/**
 * Makes the reconciler look at the order by `at` at the latest. While a reconciler holds it, the due time its claim
 * took is spent: the request is written (by the claim's end at the latest, for a claim that never reschedules), and
 * the reschedule that ends the poll keeps it. `also`: columns written with the request (or alone, when the poll stands).
 */
export async function pollBy(unit: OrderUnit, at: Date, now: Date, also: OrderPatch = {}): Promise<void> {
  const { nextPollAt, claimedUntil } = unit.order;
  const held = heldByReconciler(unit.order);
  const standing = held && nextPollAt && nextPollAt <= now ? null : nextPollAt;
  if (standing && standing.getTime() <= at.getTime()) {
    if (Object.keys(also).length > 0) await unit.write(also);
    return;
  }
  if (held && claimedUntil && claimedUntil < at) at = claimedUntil;
  await unit.write({ ...also, nextPollAt: at, pollAttempts: 0 });
}
