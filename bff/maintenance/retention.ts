// The retention job, every OPI_RETENTION_INTERVAL_MINUTES (bff/main.ts and createCheckoutRouter start it): deletes
// open checkout sessions long expired that never got an order, and old idempotency keys; and, OPI_RETENTION_PERSONAL_DAYS
// after an order was last needed (its status final, nothing changed since), erases the shopper's personal data: the
// session's prefill and customer token, the free text of journal rows and operations, delivered notifications.
// Orders, their journal and operations are the ledger's money record and are never deleted. Safe on several
// instances at once (skip locked), and an idempotency key's refund, capture or void stays single after the key is
// gone: its operation row, named from the key, is still there.
import type { Logger } from 'pino';
import type { RetentionResult } from '../store/retention-deletes.js';
import type { Store } from '../store/types.js';
import type { RetentionSettings } from './settings.js';

export interface RetentionJob {
  runOnce(): Promise<RetentionResult>;
  start(): void;
  stop(): Promise<void>;
}

const BATCH_SIZE = 500;
const HOUR_MS = 3_600_000;

export function createRetentionJob(deps: {
  store: Pick<Store, 'applyRetention'>;
  logger: Logger;
  now: () => Date;
  settings: RetentionSettings;
}): RetentionJob {
  const { store, logger, now, settings } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  async function runOnce() {
    const at = now().getTime();
    const result = await store.applyRetention({
      sessionsExpiredBefore: new Date(at - settings.sessionDays * 24 * HOUR_MS),
      keysCreatedBefore: new Date(at - settings.idempotencyHours * HOUR_MS),
      personalBefore: new Date(at - settings.personalDays * 24 * HOUR_MS),
      now: new Date(at),
      batchSize: BATCH_SIZE,
    });
    if (Object.values(result).some((count) => count > 0))
      logger.info({ retention: result }, 'retention: deleted and erased');
    return result;
  }

  return {
    runOnce,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        running ??= runOnce()
          .catch((error: unknown) => logger.error({ err: error }, 'retention run failed; trying again next time'))
          .finally(() => {
            running = undefined;
          });
      }, settings.intervalMs).unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
