// Polls the upstream for what the ledger is still waiting on: orders not yet final (a lost callback, a shopper who
// never came back), and refunds, captures and voids without their result (read back, never sent again).
// The schedule lives in the ledger (next_poll_at, poll_attempts), so it survives a restart; each round claims due
// orders with a lease (for update skip locked), so several BFF instances on one PostgreSQL never poll the same
// order at once. A round claims one second's reads of this instance's budget (./read-budget.ts), most overdue
// first, and reads them at the budget's pace; while rounds come back full the next starts at once. Each round also
// delivers the merchant notifications that are due.
import type { WriteTimings } from '../domain/write-timings.js';
import type { Logger } from 'pino';
import type { Ledger } from '../ledger/ledger.js';
import type { Notifier } from '../notify/notifier.js';
import type { StoredOrder, Store } from '../store/types.js';
import type { OrderRefresher } from './refresh.js';
import { nextRead, type PollPlan } from './schedule.js';
import { inBackground, inSpan } from '../telemetry/tracing.js';
import type { ReadBudget } from './read-budget.js';

/** @internal */
export interface ReconcilerDeps {
  store: Store;
  ledger: Ledger;
  notifier: Notifier;
  logger: Logger;
  now: () => Date;
  /** Reads an order and settles its open operations (./refresh.ts). */
  refresher: OrderRefresher;
  /** How long a write may still be on its way. */
  timings: Pick<WriteTimings, 'settleWindowMs'>;
  /** This instance's name in claimed_by. */
  claimant: string;
  plan: PollPlan;
  /**
   * A claim lapses after this, so work left by a stopped instance is taken up again: the longest a round's reads
   * wait for their turn in the budget, plus `readMs`.
   */
  leaseMs: number;
  /** The longest one order's read may take: none starts with less than this left of its claim. */
  readMs: number;
  /** Reads per second, and so the orders a round claims (./read-budget.ts). */
  budget: ReadBudget;
  random?: () => number;
}

interface Reads {
  /** Orders claimed (each read, unless its claim ran out first or the reconciler stopped). */
  orders: number;
  /** The round claimed all the budget allowed: more may be due, so the next one starts at once. */
  full: boolean;
}

export interface RoundResult extends Reads {
  /** Notification delivery attempts made while the round waited for them. */
  notifications: number;
}

export interface Reconciler {
  /** One round, then the merchant notifications that are due, waited for (tests, a manual run). */
  reconcileOnce(): Promise<RoundResult>;
  /** Runs rounds (never two at once) until stop(): the next at once after a full one, else after `intervalMs`. */
  start(intervalMs: number): void;
  /** Finishes the orders being polled, leaves the rest of the round, and releases this instance's order claims. */
  stop(): Promise<void>;
}

/** @internal The app builds its own (bff/services.ts). */
export function createReconciler(deps: ReconcilerDeps): Reconciler {
  const { store, logger, notifier, now } = deps;

  /** After a poll: when to look next (null: nothing left to wait for, or past every horizon), and release the claim. */
  function reschedule(claimed: StoredOrder) {
    return deps.ledger.reschedule(claimed.orderReference, deps.claimant, (order, operations, at) => {
      const next = nextRead(claimed, order, operations, at, deps);
      if (next.reason)
        logger.warn(
          { orderReference: order.orderReference, status: order.status, reason: next.reason },
          'order still not final after its deadline',
        );
      const unconfirmed = next.unconfirmed ?? [];
      if (unconfirmed.length > 0 && !order.discrepancy?.some((entry) => entry.kind === 'unconfirmed_operations'))
        logger.warn(
          { orderReference: order.orderReference, references: unconfirmed.map((operation) => operation.reference) },
          'capture or void never confirmed by its poll horizon; handed to a person as a discrepancy',
        );
      return next;
    });
  }

  async function reconcileOrder(order: StoredOrder) {
    try {
      // A trace of its own per read: nothing a shopper did started it.
      await inSpan(
        'reconcile order',
        { 'opi.order.status': order.status },
        () => deps.refresher.refresh(order, 'poll'),
        {
          root: true,
        },
      );
    } catch (error) {
      logger.warn({ err: error, orderReference: order.orderReference }, 'reconciliation poll failed; will try again');
    }
    await reschedule(order);
  }

  /** Reads under way: a round ends when its last read has started, so the next claim overlaps the last reads. */
  const reading = new Set<Promise<void>>();
  const readsDone = () => Promise.all([...reading]);

  /** A round of claims: a trace of its own whoever asked for it (each order's read is one more, see reconcileOrder). */
  const readDue = () => inBackground('reconcile round', claimAndRead);

  async function claimAndRead(): Promise<Reads> {
    if (stopping) return { orders: 0, full: false };
    const at = now();
    const batch = deps.budget.batch();
    const until = new Date(at.getTime() + deps.leaseMs);
    const claimed = await store.orders.claimDue({ now: at, until, claimant: deps.claimant, limit: batch });
    // Every claimed order waits for its read's turn in the budget, most overdue first: the budget sets the pace.
    await Promise.all(
      claimed.map(async (order) => {
        // Once stopping, orders not yet started stay in the ledger for stop() to release. One whose claim has less
        // than a read's time left (pushback paused the reads) is left: it is still due for whoever claims it next.
        if (stopping || !(await deps.budget.take())) return;
        if (stopping || now().getTime() > until.getTime() - deps.readMs) return;
        const read = reconcileOrder(order).catch((error: unknown) =>
          logger.error({ err: error, orderReference: order.orderReference }, 'reconciliation of an order failed'),
        );
        reading.add(read);
        void read.finally(() => reading.delete(read));
      }),
    );
    return { orders: claimed.length, full: claimed.length === batch };
  }

  async function reconcileOnce(): Promise<RoundResult> {
    const reads = await readDue();
    await readsDone();
    return { ...reads, notifications: await notifier.deliverDue() };
  }

  let timer: NodeJS.Timeout | undefined;
  let round: Promise<unknown> | undefined;
  let running = false;
  let stopping = false;

  return {
    reconcileOnce,
    start(intervalMs) {
      if (running) return;
      running = true;
      const tick = () => {
        let pause = intervalMs;
        round = readDue()
          .then((result) => {
            if (result.full) pause = 0;
            // In the background: a slow merchant endpoint never holds up the reads.
            notifier.kick();
          })
          .catch((error: unknown) => logger.error({ err: error }, 'reconciliation round failed'))
          .finally(() => {
            round = undefined;
            if (running) timer = setTimeout(tick, pause).unref();
          });
      };
      // The first round at once: a started instance takes up the work already due.
      timer = setTimeout(tick, 0).unref();
    },
    async stop() {
      running = false;
      stopping = true;
      clearTimeout(timer);
      deps.budget.cancel();
      await round;
      await readsDone();
      // Orders claimed but not polled go back to the queue now, not when the lease lapses, so another instance
      // takes them up at once.
      const released = await store.releaseClaims(deps.claimant);
      if (released > 0) logger.info({ released }, 'released reconciliation claims');
      stopping = false;
    },
  };
}
