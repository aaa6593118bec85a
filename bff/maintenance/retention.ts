// The retention job: deletes open checkout sessions long expired that never got an order, and old idempotency keys,
// every OPI_RETENTION_INTERVAL_MINUTES (bff/main.ts and createCheckoutRouter start it). Orders, their journal and
// operations are the ledger's record and are never deleted. Safe on several instances at once (skip locked), and
// an idempotency key's refund, capture or void stays single after the key is gone: its operation row, named from
// the key, is still there.
import type { Logger } from 'pino';
import type { RetentionResult } from '../store/retention-deletes.js';
import type { Store } from '../store/types.js';

export interface RetentionSettings {
  sessionDays: number;
  idempotencyHours: number;
  intervalMs: number;
}

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
      batchSize: BATCH_SIZE,
    });
    if (result.sessions + result.idempotencyKeys > 0) logger.info({ retention: result }, 'retention: deleted');
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
