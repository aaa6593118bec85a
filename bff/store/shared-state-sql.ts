// What several BFF instances on one ledger share besides the orders: the rate-limit counters and the learned
// provider catalogue, in SQL for both drivers.
import type { OptionItem } from '../upstream/contract.js';
import { date, json, num, type Row } from './row.js';
import type { SqlDb } from './sql.js';

export interface RateLimitHit {
  /** Hits in the current window, this one included. */
  hits: number;
  resetAt: Date;
}

export interface LearnedProvider {
  currency: string;
  /** '' for the upstream's default channel. */
  channel: string;
  option: OptionItem;
  seenAt: Date;
}

export interface SharedStateStore {
  /**
   * Counts `count` hits (1 by default) of `key` in its window, opening a new window of `windowMs` when the last one
   * has ended; answers the total after them.
   */
  hitRateLimit(key: string, now: Date, windowMs: number, count?: number): Promise<RateLimitHit>;
  /** Takes one hit back (a request express-rate-limit decided not to count). */
  unhitRateLimit(key: string): Promise<void>;
  resetRateLimit(key: string): Promise<void>;
  /** Deletes the counters whose window ended before `before`; how many. */
  sweepRateLimits(before: Date): Promise<number>;
  /** Remembers the providers of one /options answer, and forgets those not seen since `forgetBefore`. */
  learnProviders(providers: readonly LearnedProvider[], forgetBefore: Date): Promise<void>;
  /** What the ledger remembers, least recently seen first. */
  learnedProviders(seenSince: Date): Promise<LearnedProvider[]>;
}

export function sharedStateSql(db: SqlDb): SharedStateStore {
  return {
    async hitRateLimit(key, now, windowMs, count = 1) {
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
    async unhitRateLimit(key) {
      await db.query('update rate_limit_hits set hits = hits - 1 where key = $1 and hits > 0', [key]);
    },
    async resetRateLimit(key) {
      await db.query('delete from rate_limit_hits where key = $1', [key]);
    },
    async sweepRateLimits(before) {
      return (await db.query('delete from rate_limit_hits where reset_at < $1 returning 1', [before])).length;
    },
    async learnProviders(providers, forgetBefore) {
      for (const { currency, channel, option, seenAt } of providers) {
        await db.query(
          `insert into provider_catalogue (currency, channel, provider, option, seen_at) values ($1, $2, $3, $4::jsonb, $5)
           on conflict (currency, channel, provider) do update set option = excluded.option, seen_at = excluded.seen_at
           where provider_catalogue.seen_at <= excluded.seen_at`,
          [currency, channel, option.name, json(option), seenAt],
        );
      }
      await db.query('delete from provider_catalogue where seen_at < $1', [forgetBefore]);
    },
    async learnedProviders(seenSince) {
      const rows = await db.query<Row>(
        'select currency, channel, option, seen_at from provider_catalogue where seen_at >= $1 order by seen_at',
        [seenSince],
      );
      return rows.map((row) => ({
        currency: String(row.currency),
        channel: String(row.channel),
        option: row.option as OptionItem,
        seenAt: date(row.seen_at),
      }));
    },
  };
}
