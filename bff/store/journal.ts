// An order's journal (order_events): what happened to it and who said so, in SQL for both drivers. A row is written
// by itself (append) or by the same statement as the order's change (orders.ts, withJournal).
import type { OrderStatus } from '../../shared/status.js';
import { date, json, num, textOrNull, type Row } from './row.js';
import type { SqlDb } from './sql.js';

/** What the ledger holds as an order's status: `unknown` for an upstream spelling the BFF does not know. */
export type StoredStatus = OrderStatus | 'unknown';

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

/** A journal row written by the same statement as its order's change (orders.insert, orders.update). */
export type Journal = Omit<NewOrderEvent, 'orderReference'>;

export interface OrderEvent extends Omit<NewOrderEvent, 'at'> {
  id: number;
  createdAt: Date;
}

export interface OrderEvents {
  append(event: NewOrderEvent): Promise<void>;
  /** An order's journal, oldest first; with `latest`, only its latest that many rows (still oldest first). */
  list(orderReference: string, options?: { latest?: number }): Promise<OrderEvent[]>;
}

const INSERT = 'insert into order_events (order_reference, source, status, upstream_status, payload, created_at)';
/** A row's values after its order reference, in INSERT's order. */
const values = (journal: Journal) => [
  journal.source,
  journal.status,
  journal.upstreamStatus,
  journal.payload === undefined ? null : json(journal.payload),
  journal.at,
];

/**
 * The statement (one that changes an order and ends `returning *`) with the journal row written by it too: one
 * round trip instead of two, in the same transaction either way.
 */
export function withJournal(statement: string, params: unknown[], journal?: Journal): [string, unknown[]] {
  if (!journal) return [statement, params];
  const n = params.length;
  return [
    `with changed as (${statement}), journal as (
       ${INSERT}
       select order_reference, $${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}::jsonb, $${n + 5} from changed
     )
     select * from changed`,
    [...params, ...values(journal)],
  ];
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
    async append({ orderReference, ...journal }) {
      await db.query(`${INSERT} values ($1, $2, $3, $4, $5::jsonb, $6)`, [orderReference, ...values(journal)]);
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
