// Local choice: a "learned catalogue" of providers. The upstream's /options answers only the providers that
// take this cart's amount, so a provider out of range is simply absent and the widget could never say "available
// from AED 50.00". The BFF remembers every provider it has seen in any /options answer, per currency and channel,
// with its limits; a provider known for the currency but absent from this cart's answer, whose known limits
// exclude the amount, is listed as unavailable with its reason. In memory, bounded, and forgotten when not seen
// for a day (limits change, providers leave).
import { currencyExponent } from '../../shared/money.js';
import type { OptionItem } from '../../shared/upstream.js';
import { rangeRefusal } from './provider-views.js';

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
  outOfRange(key: CatalogueKey, amountMinor: number, answered: readonly OptionItem[], at: Date): OptionItem[];
}

const MAX_KEYS = 100;
const MAX_PROVIDERS_PER_KEY = 50;
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

interface Seen {
  option: OptionItem;
  at: number;
}

const keyOf = ({ currency, channel }: CatalogueKey) => `${currency}|${channel ?? ''}`;

export function createProviderCatalogue(): ProviderCatalogue {
  // Map order is insertion order: a refreshed entry is re-inserted, so the first is the least recently seen.
  const keys = new Map<string, Map<string, Seen>>();
  return {
    learn(key, options, at) {
      const id = keyOf(key);
      const providers = keys.get(id) ?? new Map<string, Seen>();
      keys.delete(id);
      keys.set(id, providers);
      if (keys.size > MAX_KEYS) keys.delete(keys.keys().next().value!);
      for (const option of options) {
        if (option.currency.trim().toUpperCase() !== key.currency) continue;
        providers.delete(option.name);
        providers.set(option.name, { option, at: at.getTime() });
        if (providers.size > MAX_PROVIDERS_PER_KEY) providers.delete(providers.keys().next().value!);
      }
    },
    outOfRange(key, amountMinor, answered, at) {
      const providers = keys.get(keyOf(key));
      if (!providers) return [];
      const names = new Set(answered.map((option) => option.name));
      const exponent = currencyExponent(key.currency);
      const result: OptionItem[] = [];
      for (const [name, seen] of providers) {
        if (at.getTime() - seen.at > FORGET_AFTER_MS) {
          providers.delete(name);
          continue;
        }
        if (!names.has(name) && rangeRefusal(seen.option, amountMinor, exponent)) result.push(seen.option);
      }
      return result;
    },
  };
}
