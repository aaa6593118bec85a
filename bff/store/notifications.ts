// The merchant notification outbox: its records, and their SQL for both drivers; deliveries claim due notifications
// (claims.ts), so no notification is delivered by two instances at once.
import type { MerchantNotification } from '../../shared/schemas/merchant-api.js';
import { type Claim, claimDue } from './claims.js';
import { date, num, type Row } from './row.js';
import type { SqlDb } from './sql.js';

export type NotificationType = MerchantNotification['type'];

export interface NewNotification {
  id: string;
  type: NotificationType;
  orderReference: string;
  /** The exact JSON text delivered (and signed) at every attempt. */
  body: string;
  nextAttemptAt: Date;
}

export interface DueNotification {
  id: string;
  type: NotificationType;
  orderReference: string;
  body: string;
  attempts: number;
  /** When its current series of deliveries began: written, or resent. */
  queuedAt: Date;
}

/** A notification as the feed lists it: its place in the feed, and the body every delivery sends. */
export interface FeedEntry {
  seq: number;
  body: string;
}

export type NotificationOutcome =
  | { delivered: true; at: Date }
  | { delivered: false; error: string /** null: attempts used up, given up. */; nextAttemptAt: Date | null };

export interface Notifications {
  enqueue(notification: NewNotification): Promise<void>;
  /**
   * The feed (GET /v1/events): notifications after `after` in the order they were written, at most `limit`, stopping
   * before the first written after `until` (one written later may still be committing behind an earlier seq: the page
   * waits for it, and the next read goes on from there).
   */
  feed(after: number, limit: number, until: Date): Promise<FeedEntry[]>;
  /**
   * Queues an order's latest notification again, due `now`, for a new series of deliveries of the same body (its id
   * unchanged, so a shop that handled it skips it). A delivery in flight keeps going, but its outcome no longer
   * writes over the new series (its claim is gone). Its id and type; null when the order has none.
   */
  resendLatest(orderReference: string, now: Date): Promise<{ id: string; type: NotificationType } | null>;
}

/** Outside a transaction only: a claim must commit to hold. */
export interface NotificationClaims {
  /** Takes up to `limit` notifications waiting for their next delivery attempt that nobody else holds. */
  claimDue(claim: Claim): Promise<DueNotification[]>;
  /** Records one delivery attempt of a claimed notification and releases the claim. */
  recordAttempt(id: string, claimant: string, outcome: NotificationOutcome): Promise<void>;
}

function toDueNotification(row: Row): DueNotification {
  return {
    id: String(row.id),
    type: row.type as DueNotification['type'],
    orderReference: String(row.order_reference),
    body: String(row.body),
    attempts: num(row.attempts),
    queuedAt: date(row.queued_at),
  };
}

export function notificationsSql(db: SqlDb): Notifications {
  return {
    async enqueue(n) {
      await db.query(
        // Stamped when written, by the app's clock (not when its transaction began): the feed's wait counts from it.
        `insert into merchant_notifications (id, type, order_reference, body, next_attempt_at, queued_at, created_at)
         values ($1, $2, $3, $4, $5, $5, $5)`,
        [n.id, n.type, n.orderReference, n.body, n.nextAttemptAt],
      );
    },
    async feed(after, limit, until) {
      const rows = await db.query<Row>(
        'select seq, body, created_at from merchant_notifications where seq > $1 order by seq limit $2',
        [after, limit],
      );
      // Up to the first one written after `until`, not past it: another instance's clock may stamp a later seq
      // earlier, and a cursor past a row not yet listable would skip it.
      const settled = rows.findIndex((row) => date(row.created_at) > until);
      return (settled === -1 ? rows : rows.slice(0, settled)).map((row) => ({
        seq: num(row.seq),
        body: String(row.body),
      }));
    },
    async resendLatest(orderReference, now) {
      const [row] = await db.query<Row>(
        `update merchant_notifications
         set next_attempt_at = $2, queued_at = $2, attempts = 0, delivered_at = null, last_error = null,
             claimed_by = null, claimed_until = null
         where id = (select id from merchant_notifications where order_reference = $1 order by seq desc limit 1)
         returning id, type`,
        [orderReference, now],
      );
      return row ? { id: String(row.id), type: row.type as NotificationType } : null;
    },
  };
}

export function notificationClaimsSql(db: SqlDb): NotificationClaims {
  return {
    async claimDue(claim) {
      return (await claimDue(db, 'merchant_notifications', claim)).map(toDueNotification);
    },
    async recordAttempt(id, claimant, outcome) {
      await db.query(
        `update merchant_notifications
         set attempts = attempts + 1, claimed_until = null, claimed_by = null,
             delivered_at = $3, next_attempt_at = $4, last_error = $5
         where id = $1 and claimed_by = $2`,
        [
          id,
          claimant,
          outcome.delivered ? outcome.at : null,
          outcome.delivered ? null : outcome.nextAttemptAt,
          outcome.delivered ? null : outcome.error,
        ],
      );
    },
  };
}
