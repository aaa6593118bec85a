// An express-rate-limit store on the ledger (bff/store/rate-limits.ts), so that several BFF instances on one
// PostgreSQL allow the configured limit in total rather than each. Local choice over @acpr/rate-limit-postgresql:
// that package opens its own pg pool (pinned to an older pg) and its own migration tool; a fixed-window counter is
// one upsert on the pool and schema the ledger already has.
//
// Cheap where it is hot, still exact: the hits of one key that arrive while its upsert is under way are counted
// together by the next one (each request learns its own place in the count), and a key already over its limit in
// a window this instance has seen is refused without asking the ledger (a window's count only grows).
import type { ClientRateLimitInfo, Store as RateLimitStore } from 'express-rate-limit';
import type { RateLimits } from '../store/rate-limits.js';

interface Waiter {
  resolve(info: ClientRateLimitInfo): void;
  reject(error: unknown): void;
}

interface KeyState {
  inFlight: boolean;
  waiting: Waiter[];
  /** The last total the ledger answered, and when its window ends. */
  known?: { hits: number; resetTime: Date };
}

export function sharedRateLimitStore(counters: RateLimits, name: string, now: () => Date): RateLimitStore {
  const prefix = `${name}:`;
  let windowMs = 60_000;
  let limit = Number.POSITIVE_INFINITY;
  let lastSweep = 0;
  const keys = new Map<string, KeyState>();

  function send(key: string, state: KeyState) {
    const batch = state.waiting;
    state.waiting = [];
    state.inFlight = true;
    counters.hit(prefix + key, now(), windowMs, batch.length).then(
      ({ hits, resetAt }) => {
        state.known = { hits, resetTime: resetAt };
        for (const [index, waiter] of batch.entries())
          waiter.resolve({ totalHits: hits - (batch.length - 1 - index), resetTime: resetAt });
        settle(key, state);
      },
      (error: unknown) => {
        for (const waiter of batch) waiter.reject(error);
        settle(key, state);
      },
    );
  }

  function settle(key: string, state: KeyState) {
    state.inFlight = false;
    if (state.waiting.length > 0) send(key, state);
    else if (!state.known || state.known.resetTime.getTime() <= now().getTime()) keys.delete(key);
  }

  return {
    prefix,
    init(options) {
      windowMs = options.windowMs;
      if (typeof options.limit === 'number') limit = options.limit;
    },
    increment(key) {
      const at = now();
      // Counters of clients that never came back are deleted once per window by whichever request comes first; a
      // failed sweep leaves rows that the next one deletes. Keys of ended windows leave memory with them.
      if (at.getTime() - lastSweep >= windowMs) {
        lastSweep = at.getTime();
        counters.sweep(at).catch(() => {});
        for (const [known, state] of keys)
          if (!state.inFlight && (state.known?.resetTime.getTime() ?? 0) <= at.getTime()) keys.delete(known);
      }
      const state = keys.get(key) ?? { inFlight: false, waiting: [] };
      keys.set(key, state);
      const { known } = state;
      if (known && known.hits >= limit && known.resetTime.getTime() > at.getTime())
        return Promise.resolve({ totalHits: known.hits + 1, resetTime: known.resetTime });
      return new Promise<ClientRateLimitInfo>((resolve, reject) => {
        state.waiting.push({ resolve, reject });
        if (!state.inFlight) send(key, state);
      });
    },
    decrement: (key) => counters.unhit(prefix + key),
    async resetKey(key) {
      keys.delete(key);
      await counters.reset(prefix + key);
    },
  };
}
