// Upstream options change rarely and every widget load needs them: cached per amount, currency and channel for a
// short time, with concurrent misses sharing one upstream call. A failure is kept for FAILURE_HOLD_MS (never longer
// than an answer would be): a failing upstream is asked once per key in that time, however many widgets read the
// session or submit.
import { currencyExponent, toMajor } from '../../shared/money.js';
import type { OptionItem } from '../upstream/contract.js';
import type { UpstreamClient } from '../upstream/client.js';
import type { ProviderCatalogue } from './provider-catalogue.js';
import { remember } from '../lib/bounded.js';

export interface OptionsKey {
  amountMinor: number;
  currency: string;
  channel?: string;
}

export interface OptionsCache {
  get(key: OptionsKey): Promise<OptionItem[]>;
}

const MAX_ENTRIES = 1_000;
/** The upstream's docs: /options takes an amount of at least 1 (major units); less is a 400, not an empty list. */
const UPSTREAM_MIN_AMOUNT = 1;
const NOTHING_OFFERED = Promise.resolve<OptionItem[]>([]);
/** Local choice: short enough that a shopper's retry after an outage soon asks again. */
const FAILURE_HOLD_MS = 2_000;

/** Every answer also teaches `catalogue` the providers it names (bff/checkout/provider-catalogue.ts). */
export function createOptionsCache(
  upstream: UpstreamClient,
  ttlSeconds: number,
  now: () => Date,
  catalogue?: ProviderCatalogue,
): OptionsCache {
  const entries = new Map<string, { expiresAt: number; value: Promise<OptionItem[]> }>();
  return {
    get(key) {
      // A price or cart under it is offered nothing, without asking (the learned catalogue still says from when).
      if (key.amountMinor < UPSTREAM_MIN_AMOUNT * 10 ** currencyExponent(key.currency)) return NOTHING_OFFERED;
      const id = `${key.amountMinor}|${key.currency}|${key.channel ?? ''}`;
      const at = now().getTime();
      const hit = entries.get(id);
      if (hit && hit.expiresAt > at) return hit.value;
      const value = upstream.getOptions({
        amount: toMajor(key.amountMinor, key.currency),
        currency: key.currency,
        ...(key.channel ? { channel: key.channel } : {}),
      });
      // With a zero TTL the entry still lets concurrent callers share the call in flight.
      const expiresAt = ttlSeconds > 0 ? at + ttlSeconds * 1000 : Number.POSITIVE_INFINITY;
      const entry = { expiresAt, value };
      remember(entries, id, entry, MAX_ENTRIES);
      value.then(
        (options) => {
          catalogue?.learn(key, options, now());
          if (ttlSeconds === 0 && entries.get(id) === entry) entries.delete(id);
        },
        () => {
          const held = Math.min(FAILURE_HOLD_MS, ttlSeconds * 1000);
          if (held > 0) entry.expiresAt = Math.min(entry.expiresAt, now().getTime() + held);
          else if (entries.get(id) === entry) entries.delete(id);
        },
      );
      return value;
    },
  };
}
