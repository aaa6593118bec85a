// SQL for the after-payment part of the ledger (after-payment-types.ts), on both drivers. Claims use
// `for update skip locked` with a lease (claimed_until, claimed_by): several BFF instances on one PostgreSQL never
// take the same row at once, and a row left by a stopped instance is taken up again once its lease lapses.
import { date, textOrNull, type Row } from './row.js';
import type { SqlDb } from './sql.js';
import type { AfterPaymentStore, AfterPaymentTx, DueNotification, OrderOperation } from './after-payment-types.js';
import type { LedgerOrder } from './types.js';

function toOperation(row: Row): OrderOperation {
  return {
    reference: String(row.reference),
    orderReference: String(row.order_reference),
    kind: row.kind as OrderOperation['kind'],
    amountMinor: Number(row.amount_minor),
    currency: String(row.currency),
    status: row.status as OrderOperation['status'],
    upstreamStatus: textOrNull(row.upstream_status),
    upstreamReference: textOrNull(row.upstream_reference),
    description: textOrNull(row.description),
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
  };
}

function toDueNotification(row: Row): DueNotification {
  return {
    id: String(row.id),
    type: row.type as DueNotification['type'],
    orderReference: String(row.order_reference),
    body: String(row.body),
    attempts: Number(row.attempts),
  };
}

/** The ledger statuses a view status stands for: an unknown upstream spelling is shown (and listed) as pending. */
const ledgerStatuses = (status: string) => (status === 'pending' ? ['pending', 'unknown'] : [status]);

export function afterPaymentTx(db: SqlDb, toOrder: (row: Row) => LedgerOrder): AfterPaymentTx {
  return {
    async insertOperation(o) {
      const rows = await db.query<Row>(
        `insert into order_operations (reference, order_reference, kind, amount_minor, currency, status, description, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $8) returning *`,
        [o.reference, o.orderReference, o.kind, o.amountMinor, o.currency, o.status, o.description, o.createdAt],
      );
      return toOperation(rows[0]!);
    },
    async getOperation(reference) {
      const rows = await db.query<Row>('select * from order_operations where reference = $1', [reference]);
      return rows[0] ? toOperation(rows[0]) : null;
    },
    async listOperations(orderReference, kind) {
      const rows = await db.query<Row>(
        `select * from order_operations where order_reference = $1 and ($2::text is null or kind = $2)
         order by created_at, reference`,
        [orderReference, kind ?? null],
      );
      return rows.map(toOperation);
    },
    async updateOperation(reference, patch) {
      const rows = await db.query<Row>(
        `update order_operations set status = coalesce($2, status), upstream_status = coalesce($3, upstream_status),
           upstream_reference = coalesce($4, upstream_reference), updated_at = now()
         where reference = $1 returning *`,
        [reference, patch.status ?? null, patch.upstreamStatus ?? null, patch.upstreamReference ?? null],
      );
      if (!rows[0]) throw new Error(`no operation ${reference}`);
      return toOperation(rows[0]);
    },
    async enqueueNotification(n) {
      await db.query(
        `insert into merchant_notifications (id, type, order_reference, body, next_attempt_at) values ($1, $2, $3, $4, $5)`,
        [n.id, n.type, n.orderReference, n.body, n.nextAttemptAt],
      );
    },
    async listOrders({ status, limit, before }) {
      const rows = await db.query<Row>(
        `select * from orders
         where ($1::text[] is null or status = any($1::text[]))
           and ($2::timestamptz is null or (created_at, order_reference) < ($2::timestamptz, $3::text))
         order by created_at desc, order_reference desc
         limit $4`,
        [status ? ledgerStatuses(status) : null, before?.createdAt ?? null, before?.orderReference ?? null, limit],
      );
      return rows.map(toOrder);
    },
  };
}

export function afterPaymentStore(db: SqlDb, toOrder: (row: Row) => LedgerOrder): AfterPaymentStore {
  return {
    async claimDueOrders({ now, until, claimant, limit }) {
      const rows = await db.query<Row>(
        `with due as (
           select order_reference from orders
           where next_poll_at <= $1 and (claimed_until is null or claimed_until <= $1)
           order by next_poll_at
           limit $4
           for update skip locked
         )
         update orders set claimed_until = $2, claimed_by = $3
         from due where orders.order_reference = due.order_reference
         returning orders.*`,
        [now, until, claimant, limit],
      );
      return rows.map(toOrder);
    },
    async claimDueNotifications({ now, until, claimant, limit }) {
      const rows = await db.query<Row>(
        `with due as (
           select id from merchant_notifications
           where next_attempt_at <= $1 and (claimed_until is null or claimed_until <= $1)
           order by next_attempt_at
           limit $4
           for update skip locked
         )
         update merchant_notifications n set claimed_until = $2, claimed_by = $3
         from due where n.id = due.id
         returning n.*`,
        [now, until, claimant, limit],
      );
      return rows.map(toDueNotification);
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
