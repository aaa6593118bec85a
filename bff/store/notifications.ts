// The merchant notification outbox: its records, and their SQL for both drivers; deliveries claim due notifications
// (claims.ts), so no notification is delivered by two instances at once.
import type { MerchantNotification } from '../../shared/schemas/merchant-api.js';
import { type Claim, claimDue } from './claims.js';
import { num, type Row } from './row.js';
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
}

export type NotificationOutcome =
  | { delivered: true; at: Date }
  | { delivered: false; error: string /** null: attempts used up, given up. */; nextAttemptAt: Date | null };

export interface Notifications {
  enqueue(notification: NewNotification): Promise<void>;
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
  };
}

export function notificationsSql(db: SqlDb): Notifications {
  return {
    async enqueue(n) {
      await db.query(
        `insert into merchant_notifications (id, type, order_reference, body, next_attempt_at) values ($1, $2, $3, $4, $5)`,
        [n.id, n.type, n.orderReference, n.body, n.nextAttemptAt],
      );
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
