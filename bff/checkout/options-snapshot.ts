// What public pages ask (GET /v1/instalments, anyone, any price): the providers of a currency and channel as a
// snapshot, never an upstream call per amount. The snapshot is what the learned catalogue knows for the key (every
// /options answer teaches it, the shoppers' sessions' included); it is refreshed from the upstream when older than the
// options cache time, at the price asked, through a budget of calls per minute shared by every key (and a sixth more
// for keys it knows no providers of). So no flood of prices, currencies or channels costs more upstream calls (or
// catalogue writes) than the budget, nor starves the keys in use, and none of it touches the per-amount cache the
// shoppers' sessions read (bff/checkout/options-cache.ts). A key never seen waits for its first refresh; a stale one
// is answered at once and refreshed behind. Eligibility and plans are then worked out locally from each provider's
// limits and plan (provider-views.ts).
import { currencyExponent, toMajor } from '../../shared/money.js';
import type { UpstreamClient } from '../upstream/client.js';
import type { OptionItem } from '../upstream/contract.js';
import { remember } from '../lib/bounded.js';
import { createTokenBucket } from '../lib/token-bucket.js';
import type { CatalogueKey, ProviderCatalogue } from './provider-catalogue.js';

export interface OptionsSnapshots {
  /** The providers known for the key, refreshed within the budget; `amountMinor` is the price a refresh asks at. */
  of(key: CatalogueKey, amountMinor: number): Promise<OptionItem[]>;
}

export interface SnapshotDeps {
  upstream: Pick<UpstreamClient, 'getOptions'>;
  catalogue: ProviderCatalogue;
  now: () => Date;
  /** How long a snapshot serves before it is refreshed (OPI_OPTIONS_CACHE_SECONDS, at least a minute). */
  maxAgeMs: number;
  /** Upstream calls all snapshots may make per minute. */
  callsPerMinute: number;
}

// Local choice: keys remembered (currencies times channels in use is far fewer).
const MAX_KEYS = 500;
// Local choice: refreshes of keys with no known providers get this share of the budget (a sixth: 5 of 30 a minute).
const UNKNOWN_SHARE = 6;
/** The upstream's docs: /options takes an amount of at least 1 (major units). */
const UPSTREAM_MIN_AMOUNT = 1;

export function createOptionsSnapshots(deps: SnapshotDeps): OptionsSnapshots {
  const refreshed = new Map<string, number>();
  const inFlight = new Map<string, Promise<void>>();
  // A refresh of a key the catalogue knows providers of spends from one budget; a key it knows none of (a channel
  // nobody configured, made up by a stranger) from a smaller one of its own, so made-up keys cannot starve real ones.
  const budgets = {
    known: createTokenBucket(deps.callsPerMinute, 60_000),
    unknown: createTokenBucket(Math.max(1, Math.floor(deps.callsPerMinute / UNKNOWN_SHARE)), 60_000),
  };

  function refresh(id: string, key: CatalogueKey, amountMinor: number): Promise<void> {
    const least = UPSTREAM_MIN_AMOUNT * 10 ** currencyExponent(key.currency);
    const work = deps.upstream
      .getOptions({
        amount: toMajor(Math.max(amountMinor, least), key.currency),
        currency: key.currency,
        ...(key.channel ? { channel: key.channel } : {}),
      })
      .then(
        (options) => deps.catalogue.learn(key, options, deps.now()),
        // An upstream that fails leaves what is known; the next refresh is a budget's token away.
        () => undefined,
      )
      .finally(() => {
        if (inFlight.get(id) === work) inFlight.delete(id);
      });
    inFlight.set(id, work);
    return work;
  }

  return {
    async of(key, amountMinor) {
      const id = `${key.currency}|${key.channel ?? ''}`;
      const at = deps.now().getTime();
      const last = refreshed.get(id);
      const due = (last === undefined || at - last >= deps.maxAgeMs) && !inFlight.has(id);
      const budget = due
        ? (await deps.catalogue.known(key, deps.now())).length > 0
          ? budgets.known
          : budgets.unknown
        : undefined;
      // Checked again after the catalogue's answer: a concurrent first request may have started the refresh meanwhile.
      if (budget && !inFlight.has(id) && budget.take(at)) {
        remember(refreshed, id, at, MAX_KEYS);
        const work = refresh(id, key, amountMinor);
        if (last === undefined) await work;
      } else if (last === undefined && inFlight.has(id)) {
        await inFlight.get(id);
      }
      return deps.catalogue.known(key, deps.now());
    },
  };
}
