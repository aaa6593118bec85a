// The provider catalogue the BFF learns from /options answers and shares with other instances on the same ledger
// (bff/checkout/provider-catalogue.ts), in SQL for both drivers.
import type { OptionItem } from '../upstream/contract.js';
import { date, json, type Row } from './row.js';
import type { SqlDb } from './sql.js';

export interface LearnedProvider {
  currency: string;
  /** '' for the upstream's default channel. */
  channel: string;
  option: OptionItem;
  seenAt: Date;
}

export interface LearnedProviders {
  /** Remembers the providers of one /options answer, and forgets those not seen since `forgetBefore`. */
  learn(providers: readonly LearnedProvider[], forgetBefore: Date): Promise<void>;
  /** What the ledger remembers, least recently seen first. */
  learned(seenSince: Date): Promise<LearnedProvider[]>;
}

export function learnedProvidersSql(db: SqlDb): LearnedProviders {
  return {
    async learn(providers, forgetBefore) {
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
    async learned(seenSince) {
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
