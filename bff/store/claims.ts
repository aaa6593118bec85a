// The lease claim both queues use (the reconciler's due orders, the notification outbox): up to `limit` rows due by
// now and not held by a live claim, taken with `for update skip locked`, so several BFF instances on one PostgreSQL
// never take the same row at once, and a row left by a stopped instance is taken up again once its lease lapses.
import type { Row } from './row.js';
import type { SqlDb } from './sql.js';

export interface Claim {
  now: Date;
  /** The claim lapses at this time, so work left by a stopped instance is taken up again. */
  until: Date;
  claimant: string;
  limit: number;
}

/**
 * The queues, by table: its key, the column that says when a row is due, and what orders rows due at once (a
 * notification's place in the outbox: one order's go out in the order they were written). Identifiers, never input.
 */
const QUEUES = {
  orders: { key: 'order_reference', due: 'next_poll_at', tie: 'order_reference' },
  merchant_notifications: { key: 'id', due: 'next_attempt_at', tie: 'seq' },
} as const;

/** Claims a queue's due rows, answering `columns` of each (all of them when not named). */
export function claimDue(
  db: SqlDb,
  table: keyof typeof QUEUES,
  { now, until, claimant, limit }: Claim,
  columns?: readonly string[],
): Promise<Row[]> {
  const { key, due, tie } = QUEUES[table];
  const answered = columns ? columns.map((column) => `queued.${column}`).join(', ') : 'queued.*';
  // The update's own answer comes in no set order: the claimed rows are read back in the queue's.
  return db.query<Row>(
    `with due as (
       select ${key} from ${table}
       where ${due} <= $1 and (claimed_until is null or claimed_until <= $1)
       order by ${due}, ${tie}
       limit $4
       for update skip locked
     ), claimed as (
       update ${table} queued set claimed_until = $2, claimed_by = $3
       from due where queued.${key} = due.${key}
       returning ${answered}
     )
     select * from claimed order by ${due}, ${tie}`,
    [now, until, claimant, limit],
  );
}

/**
 * Gives back every order `claimant` still holds (a stopping reconciler); how many. Its notifications are not: a
 * notifier's claim ends with the batch that holds it, delivered (bff/notify/notifier.ts).
 */
export async function releaseClaims(db: SqlDb, claimant: string): Promise<number> {
  const rows = await db.query(
    'update orders set claimed_until = null, claimed_by = null where claimed_by = $1 returning 1',
    [claimant],
  );
  return rows.length;
}
