// What an operator watches in the ledger (bff/metrics/metrics.ts reads it at each scrape): orders by status,
// refunds, captures and voids still open, how late the reconciler is, and the notification outbox.
import { dateOrNull, num, type Row } from './row.js';
import type { SqlDb } from './sql.js';

export interface LedgerGauges {
  ordersByStatus: Record<string, number>;
  openOperationsByKind: Record<string, number>;
  /** The oldest next_poll_at that is due (null: nothing is due); its age is the reconciler's lag. */
  oldestDuePollAt: Date | null;
  /** Notifications neither delivered nor given up. */
  outboxDepth: number;
}

const countsBy = (rows: Row[], key: string) =>
  Object.fromEntries(rows.map((row) => [String(row[key]), num(row.count)]));

export function gaugesSql(db: SqlDb): { ledgerGauges(now: Date): Promise<LedgerGauges> } {
  return {
    async ledgerGauges(now) {
      const [orders, operations, due, outbox] = await Promise.all([
        db.query<Row>('select status, count(*) as count from orders group by status'),
        db.query<Row>(
          `select kind, count(*) as count from order_operations where status in ('requested', 'pending') group by kind`,
        ),
        db.query<Row>('select min(next_poll_at) as oldest from orders where next_poll_at <= $1', [now]),
        db.query<Row>('select count(*) as count from merchant_notifications where next_attempt_at is not null'),
      ]);
      return {
        ordersByStatus: countsBy(orders, 'status'),
        openOperationsByKind: countsBy(operations, 'kind'),
        oldestDuePollAt: dateOrNull(due[0]?.oldest),
        outboxDepth: num(outbox[0]?.count),
      };
    },
  };
}
