// The retention job's deletes and erasures (bff/maintenance/retention.ts), in batches so that no statement holds many
// row locks, each batch taken with `for update skip locked` so that instances running it at once never contend for a
// row.
import type { SqlDb, SqlDriver } from './sql.js';

export interface RetentionCutoffs {
  /** Open sessions that expired before this and never got an order (orders keep their session). */
  sessionsExpiredBefore: Date;
  /** Idempotency keys created before this. */
  keysCreatedBefore: Date;
  /**
   * Personal data last needed before this: a session expired before it whose orders all ended (or never were) and
   * whose money has not changed since (status, amounts, refunds, captures, voids: never a poll, a sweep or a re-read,
   * which touch an order without changing it); journal rows and operations of before it; merchant notifications
   * delivered before it.
   */
  personalBefore: Date;
  /** When the erasure happens (stamped on each session). */
  now: Date;
  batchSize: number;
}

export interface RetentionResult {
  sessions: number;
  idempotencyKeys: number;
  /** Sessions whose shopper's details (prefill, customer token, what was typed for each attempt) were erased. */
  personalSessions: number;
  /** Journal rows and operations whose free text (a notice's claims, the merchant's descriptions) was redacted. */
  redactedRows: number;
  /** Merchant notifications delivered or given up and kept long enough for the feed, deleted (their bodies were views). */
  notifications: number;
}

/** A journal row's free text, which may carry what a shopper or a stranger wrote; the row's codes and amounts stay. */
const FREE_TEXT_KEYS = "array['hintStatus', 'refundReference', 'redirectStatus', 'failureReason', 'messages']";
/** The statuses of an order that may still change (shared/status.ts): its session's data is still needed. */
const UNSETTLED = "'initiated', 'pending', 'unknown', 'error', 'on_hold'";

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
    async applyRetention({ sessionsExpiredBefore, keysCreatedBefore, personalBefore, now, batchSize }) {
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
      const personalSessions = await inBatches(
        driver,
        // The shopper's details kept on the session's attempts go with its prefill, in the same statement.
        `with erased as (
         update checkout_sessions set prefill = '{}'::jsonb, cart = cart - 'customerToken', personal_erased_at = $2
         where id in (
           select id from checkout_sessions s
           where s.personal_erased_at is null and s.expires_at < $1
             and not exists (
               select 1 from orders o
               where o.session_id = s.id
                 and (o.status in (${UNSETTLED}) or o.money_changed_at >= $1 or exists (
                   select 1 from order_operations op
                   where op.order_reference = o.order_reference and op.updated_at >= $1)))
           limit $3 for update skip locked)
         returning id),
         attempts as (update orders set shopper = null where session_id in (select id from erased) and shopper is not null)
         select 1 from erased`,
        [personalBefore, now],
        batchSize,
      );
      const redactedEvents = await inBatches(
        driver,
        `update order_events set payload = payload - ${FREE_TEXT_KEYS}::text[]
         where id in (
           select id from order_events
           where created_at < $1 and payload ?| ${FREE_TEXT_KEYS}::text[]
           limit $2 for update skip locked)
         returning 1`,
        [personalBefore],
        batchSize,
      );
      const redactedOperations = await inBatches(
        driver,
        `update order_operations set description = null
         where reference in (
           select reference from order_operations
           where updated_at < $1 and description is not null and status not in ('requested', 'pending')
           limit $2 for update skip locked)
         returning 1`,
        [personalBefore],
        batchSize,
      );
      const notifications = await inBatches(
        driver,
        // Delivered, or given up (no attempt due): the events feed keeps each this long after its last series began.
        `delete from merchant_notifications where id in (
           select id from merchant_notifications
           where next_attempt_at is null and coalesce(delivered_at, queued_at) < $1
           limit $2 for update skip locked)
         returning 1`,
        [personalBefore],
        batchSize,
      );
      const changed =
        sessions + idempotencyKeys + personalSessions + redactedEvents + redactedOperations + notifications;
      // PGlite has no autovacuum: the planner's statistics are refreshed here instead.
      if (driver.embedded && changed > 0) await driver.exec('analyze');
      return {
        sessions,
        idempotencyKeys,
        personalSessions,
        redactedRows: redactedEvents + redactedOperations,
        notifications,
      };
    },
  };
}
