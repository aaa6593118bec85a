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

/** The queues, by table: its key and the column that says when a row is due (identifiers, never input). */
const QUEUES = {
  orders: { key: 'order_reference', due: 'next_poll_at' },
  merchant_notifications: { key: 'id', due: 'next_attempt_at' },
} as const;

export function claimDue(
  db: SqlDb,
  table: keyof typeof QUEUES,
  { now, until, claimant, limit }: Claim,
): Promise<Row[]> {
  const { key, due } = QUEUES[table];
  return db.query<Row>(
    `with due as (
       select ${key} from ${table}
       where ${due} <= $1 and (claimed_until is null or claimed_until <= $1)
       order by ${due}
       limit $4
       for update skip locked
     )
     update ${table} queued set claimed_until = $2, claimed_by = $3
     from due where queued.${key} = due.${key}
     returning queued.*`,
    [now, until, claimant, limit],
  );
}

/** Gives back every row `claimant` still holds in both queues (a stopping instance); how many it gave back. */
export async function releaseClaims(db: SqlDb, claimant: string): Promise<number> {
  let released = 0;
  for (const table of Object.keys(QUEUES) as (keyof typeof QUEUES)[]) {
    const rows = await db.query(
      `update ${table} set claimed_until = null, claimed_by = null where claimed_by = $1 returning 1`,
      [claimant],
    );
    released += rows.length;
  }
  return released;
}
