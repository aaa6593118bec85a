// An order's journal (order_events): what happened to it and who said so, in SQL for both drivers.
import type { StoredStatus } from './orders.js';
import { date, json, num, textOrNull, type Row } from './row.js';
import type { SqlDb } from './sql.js';

export type EventSource = 'create' | 'return' | 'callback' | 'poll' | 'merchant';

export interface NewOrderEvent {
  orderReference: string;
  source: EventSource;
  status: StoredStatus | null;
  upstreamStatus: string | null;
  /** What happened, without personal data or secrets. */
  payload?: Record<string, unknown>;
  /** When, by the app's clock: the one order and operation rows are stamped with, so a journal and its order agree. */
  at: Date;
}

export interface OrderEvent extends Omit<NewOrderEvent, 'at'> {
  id: number;
  createdAt: Date;
}

/** A journal row written by the same statement as its order's change (orders.insert, orders.update). */
export type Journal = Omit<NewOrderEvent, 'orderReference'>;

/**
 * The statement (one that changes an order and ends `returning *`) with the journal row written by it too: one
 * round trip instead of two, in the same transaction either way.
 */
export function withJournal(statement: string, params: unknown[], journal?: Journal): [string, unknown[]] {
  if (!journal) return [statement, params];
  const n = params.length;
  return [
    `with changed as (${statement}), journal as (
       insert into order_events (order_reference, source, status, upstream_status, payload, created_at)
       select order_reference, $${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}::jsonb, $${n + 5} from changed
     )
     select * from changed`,
    [
      ...params,
      journal.source,
      journal.status,
      journal.upstreamStatus,
      journal.payload === undefined ? null : json(journal.payload),
      journal.at,
    ],
  ];
}

export interface OrderEvents {
  append(event: NewOrderEvent): Promise<void>;
  /** An order's journal, oldest first. */
  list(orderReference: string): Promise<OrderEvent[]>;
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
    async list(orderReference) {
      const rows = await db.query<Row>('select * from order_events where order_reference = $1 order by id', [
        orderReference,
      ]);
      return rows.map(toEvent);
    },
  };
}
