// Polls the upstream for what the ledger is still waiting on: orders not yet final (a lost callback, a shopper who
// never came back), refunds without their result, and captures and voids whose answer was lost (sent again).
// The schedule lives in the ledger (next_poll_at, poll_attempts), so it survives a restart; each round claims due
// orders with a lease (for update skip locked), so several BFF instances on one PostgreSQL never poll the same
// order at once. Each round also delivers the merchant notifications that are due.
import type { Logger } from 'pino';
import { isOpenOperation } from '../orders/amounts.js';
import { resendStaleCapturesAndVoids, type CaptureVoidDeps } from '../after-payment/capture-void.js';
import { recordObservation, type ObserveDeps } from '../orders/observe.js';
import { settleRefunds, type SettlementDeps } from '../after-payment/refund-settlement.js';
import { isLiveStatus } from '../orders/transitions.js';
import { backoffDelay, type BackoffOptions } from '../lib/backoff.js';
import type { Notifier } from '../notify/notifier.js';
import type { LedgerOrder, Store } from '../store/types.js';
import type { UpstreamClient } from '../upstream/client.js';
import { nextPollAt, pollDeadline } from './schedule.js';

export interface ReconcilerDeps {
  store: Store;
  upstream: UpstreamClient;
  notifier: Notifier;
  settlement: SettlementDeps;
  captureVoid: CaptureVoidDeps;
  logger: Logger;
  now: () => Date;
  /** This instance's name in claimed_by. */
  claimant: string;
  backoff: BackoffOptions;
  /** The cancellationTimeout sent upstream when the session had none (minutes). */
  defaultCancellationMinutes: number;
  /** A claim lapses after this, so work left by a stopped instance is taken up again. */
  leaseMs: number;
  /** Orders per round. */
  batchSize?: number;
  random?: () => number;
}

export interface RoundResult {
  /** Orders polled this round. */
  orders: number;
  /** Notification delivery attempts this round. */
  notifications: number;
}

export interface Reconciler {
  reconcileOnce(): Promise<RoundResult>;
  /** Runs a round every `intervalMs` (never two at once) until stop(). */
  start(intervalMs: number): void;
  /** Finishes the orders being polled, leaves the rest of the round, and releases this instance's claims. */
  stop(): Promise<void>;
}

const CONCURRENCY = 4;

export function createReconciler(deps: ReconcilerDeps): Reconciler {
  const { store, upstream, logger } = deps;
  const observe: ObserveDeps = { store, notifier: deps.notifier, now: deps.now };

  /** After a poll: when to look next (null: nothing left to wait for), and release the claim. */
  async function reschedule(orderReference: string) {
    await store.transaction(async (tx) => {
      const order = await tx.getOrder(orderReference, { forUpdate: true });
      // Someone else holds it now (our lease lapsed mid-poll): their schedule wins.
      if (!order || order.claimedBy !== deps.claimant) return;
      const now = deps.now();
      let next: Date | null = null;
      if (isLiveStatus(order.status)) {
        const session = await tx.getSession(order.sessionId);
        const minutes = session?.cart.cancellationTimeout ?? deps.defaultCancellationMinutes;
        const deadline = pollDeadline(order.createdAt, minutes, deps.backoff.initialDelayMs);
        next = nextPollAt(order.pollAttempts, now, deadline, deps.backoff, deps.random);
        if (!next) {
          logger.warn(
            { orderReference, status: order.status },
            'order still not final after its cancellation timeout; polling stops',
          );
          await tx.appendEvent({
            orderReference,
            source: 'poll',
            status: order.status,
            upstreamStatus: order.upstreamStatus,
            payload: { reason: 'poll_deadline_passed' },
            at: now,
          });
        }
      }
      if (!next && (await tx.listOperations(orderReference)).some(isOpenOperation)) {
        // Local choice: a refund, capture or void has no deadline; it is asked about, backing off up to the longest
        // interval, until it has a result.
        next = new Date(now.getTime() + backoffDelay(order.pollAttempts, deps.backoff, deps.random));
      }
      await tx.updateOrder(orderReference, {
        nextPollAt: next,
        pollAttempts: order.pollAttempts + 1,
        claimedUntil: null,
        claimedBy: null,
      });
    });
  }

  async function reconcileOrder(order: LedgerOrder) {
    const { orderReference } = order;
    try {
      if (isLiveStatus(order.status)) {
        const fresh = await upstream.getOrder(orderReference);
        await recordObservation(observe, orderReference, { source: 'poll', upstream: fresh, journal: 'on-change' });
      }
      if ((await store.listOperations(orderReference, 'refund')).some(isOpenOperation)) {
        await settleRefunds(
          deps.settlement,
          orderReference,
          { kind: 'list', records: await upstream.listRefunds(orderReference) },
          'poll',
        );
      }
      await resendStaleCapturesAndVoids(deps.captureVoid, orderReference);
    } catch (error) {
      logger.warn({ err: error, orderReference }, 'reconciliation poll failed; will try again');
    }
    await reschedule(orderReference);
  }

  async function reconcileOnce(): Promise<RoundResult> {
    const now = deps.now();
    const claimed = await store.claimDueOrders({
      now,
      until: new Date(now.getTime() + deps.leaseMs),
      claimant: deps.claimant,
      limit: deps.batchSize ?? 20,
    });
    const queue = [...claimed];
    // Once stopping, orders not yet started stay in the ledger for stop() to release.
    const worker = async () => {
      for (let order = queue.shift(); order && !stopping; order = queue.shift()) await reconcileOrder(order);
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
    const notifications = await deps.notifier.deliverDue();
    return { orders: claimed.length, notifications };
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
        round = reconcileOnce()
          .catch((error: unknown) => logger.error({ err: error }, 'reconciliation round failed'))
          .finally(() => {
            round = undefined;
            if (running) timer = setTimeout(tick, intervalMs).unref();
          });
      };
      timer = setTimeout(tick, intervalMs).unref();
    },
    async stop() {
      running = false;
      stopping = true;
      clearTimeout(timer);
      await round;
      // Orders claimed but not polled go back to the queue now, not when the lease lapses, so another instance
      // takes them up at once.
      const released = await store.releaseClaims(deps.claimant);
      if (released > 0) logger.info({ released }, 'released reconciliation claims');
    },
  };
}
