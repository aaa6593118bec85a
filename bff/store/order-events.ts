// An order's journal (order_events): what happened to it and who said so, in SQL for both drivers.
import type { NewOrderEvent, OrderEvent } from './journal.js';
import { date, json, num, textOrNull, type Row } from './row.js';
import type { SqlDb } from './sql.js';

export interface OrderEvents {
  append(event: NewOrderEvent): Promise<void>;
  /** An order's journal, oldest first; with `latest`, only its latest that many rows (still oldest first). */
  list(orderReference: string, options?: { latest?: number }): Promise<OrderEvent[]>;
}

function toEvent(row: Row): OrderEvent {
  return {
    id: num(row.id),
    orderReference: String(row.order_reference),
    source: row.source as OrderEvent['source'],
    status: (row.status ?? null) as OrderEvent['status'],
    upstreamStatus: textOrNull(row.upstream_status),
    payload: (row.payload ?? undefined) as OrderEvent['payload'],
    createdAt: date(row.created_at),
  };
}

export function orderEventsSql(db: SqlDb): OrderEvents {
  return {
    async append(e) {
      await db.query(
        `insert into order_events (order_reference, source, status, upstream_status, payload, created_at)
         values ($1, $2, $3, $4, $5::jsonb, $6)`,
        [
          e.orderReference,
          e.source,
          e.status,
          e.upstreamStatus,
          e.payload === undefined ? null : json(e.payload),
          e.at,
        ],
      );
    },
    async list(orderReference, options) {
      const rows = await db.query<Row>(
        options?.latest === undefined
          ? 'select * from order_events where order_reference = $1 order by id'
          : 'select * from order_events where order_reference = $1 order by id desc limit $2',
        options?.latest === undefined ? [orderReference] : [orderReference, options.latest],
      );
      const events = rows.map(toEvent);
      return options?.latest === undefined ? events : events.reverse();
    },
  };
}
