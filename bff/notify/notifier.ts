// Merchant notifications through a transactional outbox: a notification is written in the same transaction as
// the change it announces (so none is lost and none announces a change that rolled back), then delivered, signed,
// and retried with backoff until delivered or out of attempts. Any BFF instance may deliver it (claimed rows).
// Deliveries go several at once, as many as the merchant's endpoint takes (an adaptive limit: a failed delivery
// halves it), and while claims come back full the outbox is drained without waiting for the reconciler's round.
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { MerchantNotification } from '../../shared/schemas/merchant-api.js';
import { createAdaptiveLimit } from '../lib/adaptive-limit.js';
import { backoffDelay, type BackoffOptions } from '../lib/backoff.js';
import type { DueNotification } from '../store/notifications.js';
import type { Store, StoreTx } from '../store/types.js';
import { inBackground } from '../telemetry/tracing.js';
import { deliverNotification } from './deliver.js';

export interface NotifierSettings {
  url: string;
  secret: string;
  /** Attempts in all, the first included; then the notification is given up (and logged). */
  maxAttempts: number;
  /** How long after it was queued (written, or resent) it is retried; then it is given up (and logged). */
  retryForMs: number;
  backoff: BackoffOptions;
  /** One delivery attempt's budget. */
  timeoutMs: number;
}

export interface NotifierDeps {
  store: Store;
  /** Absent: notifications are off (no URL configured) and nothing is written. */
  settings?: NotifierSettings;
  claimant: string;
  now: () => Date;
  logger: Logger;
  fetch?: typeof fetch;
  random?: () => number;
  /** Monotonic milliseconds, for how often failures may cut the deliveries at once. */
  clock?: () => number;
}

export interface Notifier {
  readonly enabled: boolean;
  /**
   * Call inside the transaction of the change being announced. `labels`: the order's merchantReference and metadata,
   * where its session had them (bff/orders/views.ts shopLabels), at the top of the notification.
   */
  enqueue<T extends MerchantNotification['type']>(
    tx: StoreTx,
    type: T,
    orderReference: string,
    data: Extract<MerchantNotification, { type: T }>['data'],
    labels: Pick<MerchantNotification, 'merchantReference' | 'metadata'>,
  ): Promise<void>;
  /** Delivers everything due now (through the one drain, with any already running); the attempts made meanwhile. */
  deliverDue(): Promise<number>;
  /** Starts the drain in the background (after a commit that enqueued something, after a reconciliation round). */
  kick(): void;
  /** Resolves when the drain is not running. */
  idle(): Promise<void>;
  /** No claim after the batch under way, which is delivered first (a stopping instance). */
  stop(): Promise<void>;
}

/** Deliveries at once at most: failed deliveries halve it (once a second at most), delivered ones bring it back. */
const MOST_AT_ONCE = 16;
/** A claim holds this many deliveries per delivery at once. */
const CLAIM_PER_WORKER = 4;

export function createNotifier(deps: NotifierDeps): Notifier {
  const { store, settings, claimant, now, logger } = deps;
  const atOnce = createAdaptiveLimit({ ceiling: MOST_AT_ONCE, floor: 1, ...(deps.clock ? { clock: deps.clock } : {}) });
  let round: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let attempts = 0;

  async function deliver(notification: DueNotification, settings: NotifierSettings) {
    const result = await deliverNotification(notification.body, {
      url: settings.url,
      secret: settings.secret,
      fetch: deps.fetch ?? fetch,
      timeoutMs: settings.timeoutMs,
      nowSeconds: () => Math.floor(now().getTime() / 1000),
    });
    attempts++;
    const attempt = notification.attempts + 1;
    if (result.ok) {
      atOnce.ease();
      await store.notifications.recordAttempt(notification.id, claimant, { delivered: true, at: now() });
      return;
    }
    atOnce.cut();
    const next = new Date(now().getTime() + backoffDelay(attempt - 1, settings.backoff, deps.random));
    const givingUp =
      attempt >= settings.maxAttempts || next.getTime() > notification.queuedAt.getTime() + settings.retryForMs;
    const nextAttemptAt = givingUp ? null : next;
    await store.notifications.recordAttempt(notification.id, claimant, {
      delivered: false,
      error: result.error,
      nextAttemptAt,
    });
    const context = {
      notificationId: notification.id,
      type: notification.type,
      orderReference: notification.orderReference,
      attempt,
      error: result.error,
    };
    if (givingUp)
      logger.error(context, 'merchant notification given up after its last attempt (GET /v1/events still lists it)');
    else logger.warn({ ...context, nextAttemptAt }, 'merchant notification not delivered; will retry');
  }

  /** One claim of due notifications, delivered several at once; whether the claim was full. */
  async function deliverBatch(settings: NotifierSettings): Promise<boolean> {
    const workers = Math.max(1, Math.floor(atOnce.value));
    const limit = workers * CLAIM_PER_WORKER;
    const started = now();
    // Long enough for the worst case, every delivery of the claim one after another (one order's all of them).
    const until = new Date(started.getTime() + settings.timeoutMs * limit + 5_000);
    const due = await store.notifications.claimDue({ now: started, until, claimant, limit });
    // Different orders' notifications go at once; one order's go one after another, in the order they were written.
    const byOrder = new Map<string, DueNotification[]>();
    for (const notification of due)
      byOrder.set(notification.orderReference, [...(byOrder.get(notification.orderReference) ?? []), notification]);
    const queue = [...byOrder.values()];
    const worker = async () => {
      for (let order = queue.shift(); order; order = queue.shift())
        for (const notification of order) await deliver(notification, settings);
    };
    await Promise.all(Array.from({ length: Math.min(workers, queue.length) }, worker));
    return due.length === limit;
  }

  /** The one drain: claims batches while they come back full or something new was kicked in meanwhile. */
  function kick() {
    if (!settings || stopped) return;
    if (round) {
      again = true;
      return;
    }
    // Whatever kicked it (one shopper's payment, a stranger's notice), the drain is nobody's: a trace of its own.
    round = inBackground('merchant notifications', async () => {
      do {
        again = false;
        const full = await deliverBatch(settings).catch((error: unknown) => {
          logger.error({ err: error }, 'merchant notification round failed');
          return false;
        });
        if (full) again = true;
      } while (again && !stopped);
    }).finally(() => {
      round = undefined;
    });
  }

  async function idle() {
    while (round) await round;
  }

  return {
    enabled: settings !== undefined,
    async enqueue(tx, type, orderReference, data, labels) {
      if (!settings) return;
      const id = `ntf_${randomBytes(12).toString('base64url')}`;
      const createdAt = now();
      const body = JSON.stringify({ id, type, createdAt: createdAt.toISOString(), ...labels, data });
      await tx.notifications.enqueue({ id, type, orderReference, body, nextAttemptAt: createdAt });
    },
    async deliverDue() {
      const before = attempts;
      kick();
      await idle();
      return attempts - before;
    },
    kick,
    idle,
    async stop() {
      stopped = true;
      await idle();
    },
  };
}
