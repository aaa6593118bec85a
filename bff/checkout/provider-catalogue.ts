// Local choice: a "learned catalogue" of providers. The upstream's /options answers only the providers that
// take this cart's amount, so a provider out of range is simply absent and the widget could never say "available
// from AED 50.00". The BFF remembers every provider it has seen in any /options answer, per currency and channel,
// with its limits; a provider known for the currency but absent from this cart's answer, whose known limits
// exclude the amount, is listed as unavailable with its reason. Bounded in memory, written through to the ledger
// (so an instance that starts knows what the others learned), and forgotten when not seen for a day (limits
// change, providers leave).
import type { Logger } from 'pino';
import { currencyExponent } from '../../shared/money.js';
import type { OptionItem } from '../upstream/contract.js';
import type { LearnedProviders } from '../store/learned-providers.js';
import { rangeRefusal } from './provider-views.js';
import { remember } from '../lib/bounded.js';

export interface CatalogueKey {
  currency: string;
  channel?: string;
}

export interface ProviderCatalogue {
  /** Remembers the providers of one /options answer. */
  learn(key: CatalogueKey, options: readonly OptionItem[], at: Date): void;
  /**
   * Known providers of the key's currency missing from `answered` whose limits exclude `amountMinor`: the
   * upstream left them out for the amount, not because they are gone.
   */
  outOfRange(key: CatalogueKey, amountMinor: number, answered: readonly OptionItem[], at: Date): Promise<OptionItem[]>;
  /** Every provider known for the key, as last seen (the public pages' snapshot, ./options-snapshot.ts). */
  known(key: CatalogueKey, at: Date): Promise<OptionItem[]>;
}

export interface CatalogueDeps {
  /** Keeps the catalogue beyond this process; read once when the catalogue is made. Memory only without it. */
  saved?: LearnedProviders;
  logger?: Logger;
  now: () => Date;
}

const MAX_KEYS = 100;
const MAX_PROVIDERS_PER_KEY = 50;
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

interface Seen {
  option: OptionItem;
  at: number;
}

const keyOf = ({ currency, channel }: CatalogueKey) => `${currency}|${channel ?? ''}`;

export function createProviderCatalogue({ saved, logger, now }: CatalogueDeps): ProviderCatalogue {
  // A refreshed entry becomes the newest, so the least recently seen goes first.
  const keys = new Map<string, Map<string, Seen>>();

  function learn(id: string, option: OptionItem, at: number) {
    const providers = keys.get(id) ?? new Map<string, Seen>();
    remember(keys, id, providers, MAX_KEYS);
    // What the ledger held at start may arrive after a fresher answer: the fresher one stays.
    if ((providers.get(option.name)?.at ?? Number.NEGATIVE_INFINITY) > at) return;
    remember(providers, option.name, { option, at }, MAX_PROVIDERS_PER_KEY);
  }

  const loaded: Promise<void> = saved
    ? saved.learned(new Date(now().getTime() - FORGET_AFTER_MS)).then(
        (rows) => {
          for (const row of rows) learn(keyOf(row), row.option, row.seenAt.getTime());
        },
        (error: unknown) => logger?.warn({ err: error }, 'learned provider catalogue not read; starting empty'),
      )
    : Promise.resolve();

  /** The key's providers seen within a day; older ones are forgotten on the way. */
  async function current(key: CatalogueKey, at: Date): Promise<OptionItem[]> {
    await loaded;
    const providers = keys.get(keyOf(key));
    if (!providers) return [];
    const result: OptionItem[] = [];
    for (const [name, seen] of providers) {
      if (at.getTime() - seen.at > FORGET_AFTER_MS) providers.delete(name);
      else result.push(seen.option);
    }
    return result;
  }

  return {
    learn(key, options, at) {
      const mine = options.filter((option) => option.currency.trim().toUpperCase() === key.currency);
      for (const option of mine) learn(keyOf(key), option, at.getTime());
      if (!saved || mine.length === 0) return;
      const rows = mine.map((option) => ({ currency: key.currency, channel: key.channel ?? '', option, seenAt: at }));
      saved
        .learn(rows, new Date(at.getTime() - FORGET_AFTER_MS))
        .catch((error: unknown) => logger?.warn({ err: error }, 'learned providers not saved to the ledger'));
    },
    async outOfRange(key, amountMinor, answered, at) {
      const names = new Set(answered.map((option) => option.name));
      const exponent = currencyExponent(key.currency);
      return (await current(key, at)).filter(
        (option) => !names.has(option.name) && rangeRefusal(option, amountMinor, exponent),
      );
    },
    known: current,
  };
}
