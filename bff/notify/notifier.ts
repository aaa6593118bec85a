// Merchant notifications through a transactional outbox: a notification is written in the same transaction as
// the change it announces (so none is lost and none announces a change that rolled back), then delivered, signed,
// and retried with backoff until delivered or out of attempts. Any BFF instance may deliver it (claimed rows).
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { MerchantNotification } from '../../shared/schemas/merchant-api.js';
import { backoffDelay, type BackoffOptions } from '../lib/backoff.js';
import type { Store, StoreTx } from '../store/types.js';
import { deliverNotification } from './deliver.js';

export interface NotifierSettings {
  url: string;
  secret: string;
  /** Attempts in all, the first included; then the notification is given up (and logged). */
  maxAttempts: number;
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
}

export interface Notifier {
  readonly enabled: boolean;
  /** Call inside the transaction of the change being announced. */
  enqueue<T extends MerchantNotification['type']>(
    tx: StoreTx,
    type: T,
    orderReference: string,
    data: Extract<MerchantNotification, { type: T }>['data'],
  ): Promise<void>;
  /** Delivers what is due now; answers how many attempts were made. */
  deliverDue(): Promise<number>;
  /** Starts a delivery round in the background (after a commit that enqueued something). */
  kick(): void;
  /** Resolves when no background round is running. */
  idle(): Promise<void>;
}

const BATCH = 20;

export function createNotifier(deps: NotifierDeps): Notifier {
  const { store, settings, claimant, now, logger } = deps;
  let round: Promise<void> | undefined;
  let again = false;

  async function deliverDue(): Promise<number> {
    if (!settings) return 0;
    const started = now();
    const due = await store.notifications.claimDue({
      now: started,
      until: new Date(started.getTime() + settings.timeoutMs * BATCH + 5_000),
      claimant,
      limit: BATCH,
    });
    for (const notification of due) {
      const result = await deliverNotification(notification.body, {
        url: settings.url,
        secret: settings.secret,
        fetch: deps.fetch ?? fetch,
        timeoutMs: settings.timeoutMs,
        nowSeconds: () => Math.floor(now().getTime() / 1000),
      });
      const attempt = notification.attempts + 1;
      if (result.ok) {
        await store.notifications.recordAttempt(notification.id, claimant, { delivered: true, at: now() });
        continue;
      }
      const givingUp = attempt >= settings.maxAttempts;
      const nextAttemptAt = givingUp
        ? null
        : new Date(now().getTime() + backoffDelay(attempt - 1, settings.backoff, deps.random));
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
      if (givingUp) logger.error(context, 'merchant notification given up after its last attempt');
      else logger.warn({ ...context, nextAttemptAt }, 'merchant notification not delivered; will retry');
    }
    return due.length;
  }

  return {
    enabled: settings !== undefined,
    async enqueue(tx, type, orderReference, data) {
      if (!settings) return;
      const id = `ntf_${randomBytes(12).toString('base64url')}`;
      const createdAt = now();
      const body = JSON.stringify({ id, type, createdAt: createdAt.toISOString(), data });
      await tx.notifications.enqueue({ id, type, orderReference, body, nextAttemptAt: createdAt });
    },
    deliverDue,
    kick() {
      if (!settings) return;
      if (round) {
        again = true;
        return;
      }
      round = (async () => {
        do {
          again = false;
          await deliverDue().catch((error: unknown) =>
            logger.error({ err: error }, 'merchant notification round failed'),
          );
        } while (again);
      })().finally(() => {
        round = undefined;
      });
    },
    async idle() {
      while (round) await round;
    },
  };
}
