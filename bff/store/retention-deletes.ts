// The retention job's deletes (bff/maintenance/retention.ts), in batches so that no statement holds many row locks,
// each batch taken with `for update skip locked` so that instances running it at once never contend for a row.
import type { SqlDb, SqlDriver } from './sql.js';

export interface RetentionCutoffs {
  /** Open sessions that expired before this and never got an order (orders keep their session). */
  sessionsExpiredBefore: Date;
  /** Idempotency keys created before this. */
  keysCreatedBefore: Date;
  batchSize: number;
}

export interface RetentionResult {
  sessions: number;
  idempotencyKeys: number;
}

async function inBatches(db: SqlDb, deleteBatch: string, params: unknown[], batchSize: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const rows = await db.query(deleteBatch, [...params, batchSize]);
    deleted += rows.length;
    if (rows.length < batchSize) return deleted;
  }
}

export function retentionSql(driver: SqlDriver): {
  applyRetention(cutoffs: RetentionCutoffs): Promise<RetentionResult>;
} {
  return {
    async applyRetention({ sessionsExpiredBefore, keysCreatedBefore, batchSize }) {
      const sessions = await inBatches(
        driver,
        `delete from checkout_sessions where id in (
           select id from checkout_sessions s
           where s.state = 'open' and s.expires_at < $1
             and not exists (select 1 from orders o where o.session_id = s.id)
           limit $2 for update skip locked)
         returning 1`,
        [sessionsExpiredBefore],
        batchSize,
      );
      const idempotencyKeys = await inBatches(
        driver,
        `delete from idempotency_keys where (scope, key) in (
           select scope, key from idempotency_keys where created_at < $1 limit $2 for update skip locked)
         returning 1`,
        [keysCreatedBefore],
        batchSize,
      );
      // PGlite has no autovacuum: the planner's statistics are refreshed here instead.
      if (driver.embedded && sessions + idempotencyKeys > 0) await driver.exec('analyze');
      return { sessions, idempotencyKeys };
    },
  };
}
