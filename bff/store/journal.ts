// An order's journal row as the ledger writes it: by itself (order-events.ts), or by the same statement as the order's
// change (orders.ts, withJournal).
import type { OrderStatus } from '../../shared/status.js';
import { json } from './row.js';

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

export interface OrderEvent extends Omit<NewOrderEvent, 'at'> {
  id: number;
  createdAt: Date;
}
