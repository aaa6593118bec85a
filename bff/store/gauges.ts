// What an operator watches in the ledger (bff/metrics/metrics.ts reads it at each scrape): orders by status,
// refunds, captures and voids still open, how late the reconciler is, and the notification outbox.
import { dateOrNull, num, type Row } from './row.js';
import type { SqlDb } from './sql.js';

export interface StoreGauges {
  ordersByStatus: Record<string, number>;
  openOperationsByKind: Record<string, number>;
  /** The oldest next_poll_at that is due (null: nothing is due); its age is the reconciler's lag. */
  oldestDuePollAt: Date | null;
  /** Notifications neither delivered nor given up. */
  outboxDepth: number;
  /** Orders still live past their deadline. */
  overdueOrders: number;
  /** Refunds, captures and voids still open past their deadline, by kind. */
  overdueOperationsByKind: Record<string, number>;
  /** Orders with a discrepancy raised. */
  discrepancies: number;
}

/** { label: count } from rows of `label` and a count column. */
const countsBy = (rows: Row[], label: string, count = 'count') =>
  Object.fromEntries(rows.map((row) => [String(row[label]), num(row[count])]));

export function gaugesSql(db: SqlDb): { gauges(now: Date): Promise<StoreGauges> } {
  return {
    async gauges(now) {
      const [orders, operations, due, outbox, late] = await Promise.all([
        db.query<Row>('select status, count(*) as count from orders group by status'),
        db.query<Row>(
          `select kind, count(*) as count, count(*) filter (where deadline_at <= $1) as overdue
           from order_operations where status in ('requested', 'pending') group by kind`,
          [now],
        ),
        db.query<Row>('select min(next_poll_at) as oldest from orders where next_poll_at <= $1', [now]),
        db.query<Row>('select count(*) as count from merchant_notifications where next_attempt_at is not null'),
        db.query<Row>(
          `select count(*) filter (where status in ('initiated', 'pending', 'unknown', 'error') and deadline_at <= $1) as overdue,
                  count(*) filter (where discrepancy is not null) as discrepancies
           from orders where status in ('initiated', 'pending', 'unknown', 'error') or discrepancy is not null`,
          [now],
        ),
      ]);
      return {
        ordersByStatus: countsBy(orders, 'status'),
        openOperationsByKind: countsBy(operations, 'kind'),
        oldestDuePollAt: dateOrNull(due[0]?.oldest),
        outboxDepth: num(outbox[0]?.count),
        overdueOrders: num(late[0]?.overdue),
        overdueOperationsByKind: countsBy(operations, 'kind', 'overdue'),
        discrepancies: num(late[0]?.discrepancies),
      };
    },
  };
}
