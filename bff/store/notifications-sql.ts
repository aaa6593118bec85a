// The merchant notification outbox, in SQL for both drivers; deliveries claim due notifications (claims.ts), so no
// notification is delivered by two instances at once.
import { claimDue } from './claims.js';
import { num, type Row } from './row.js';
import type { SqlDb } from './sql.js';
import type { DueNotification } from './after-payment-types.js';
import type { Store, StoreTx } from './types.js';

function toDueNotification(row: Row): DueNotification {
  return {
    id: String(row.id),
    type: row.type as DueNotification['type'],
    orderReference: String(row.order_reference),
    body: String(row.body),
    attempts: num(row.attempts),
  };
}

export function notificationsSql(db: SqlDb): Pick<StoreTx, 'enqueueNotification'> {
  return {
    async enqueueNotification(n) {
      await db.query(
        `insert into merchant_notifications (id, type, order_reference, body, next_attempt_at) values ($1, $2, $3, $4, $5)`,
        [n.id, n.type, n.orderReference, n.body, n.nextAttemptAt],
      );
    },
  };
}

/** Outside a transaction only: a claim must commit to hold. */
export function notificationClaimsSql(db: SqlDb): Pick<Store, 'claimDueNotifications' | 'recordNotificationAttempt'> {
  return {
    async claimDueNotifications(claim) {
      return (await claimDue(db, 'merchant_notifications', claim)).map(toDueNotification);
    },
    async recordNotificationAttempt(id, claimant, outcome) {
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
