// The rate-limit counters several BFF instances on one ledger share (bff/http/shared-rate-limit.ts), in SQL for both
// drivers.
import { date, num, type Row } from './row.js';
import type { SqlDb } from './sql.js';

export interface RateLimitHit {
  /** Hits in the current window, this one included. */
  hits: number;
  resetAt: Date;
}

export interface RateLimits {
  /**
   * Counts `count` hits (1 by default) of `key` in its window, opening a new window of `windowMs` when the last one
   * has ended; answers the total after them.
   */
  hit(key: string, now: Date, windowMs: number, count?: number): Promise<RateLimitHit>;
  /** Takes one hit back (a request express-rate-limit decided not to count). */
  unhit(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** Deletes the counters whose window ended before `before`; how many. */
  sweep(before: Date): Promise<number>;
}

export function rateLimitsSql(db: SqlDb): RateLimits {
  return {
    async hit(key, now, windowMs, count = 1) {
      const [row] = await db.query<Row>(
        `insert into rate_limit_hits as counter (key, hits, reset_at) values ($1, $4, $3)
         on conflict (key) do update set
           hits = case when counter.reset_at <= $2 then $4 else counter.hits + $4 end,
           reset_at = case when counter.reset_at <= $2 then excluded.reset_at else counter.reset_at end
         returning hits, reset_at`,
        [key, now, new Date(now.getTime() + windowMs), count],
      );
      return { hits: num(row!.hits), resetAt: date(row!.reset_at) };
    },
    async unhit(key) {
      await db.query('update rate_limit_hits set hits = hits - 1 where key = $1 and hits > 0', [key]);
    },
    async reset(key) {
      await db.query('delete from rate_limit_hits where key = $1', [key]);
    },
    async sweep(before) {
      return (await db.query('delete from rate_limit_hits where reset_at < $1 returning 1', [before])).length;
    },
  };
}
