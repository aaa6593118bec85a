// An express-rate-limit store on the ledger (bff/store/shared-state-sql.ts), so that several BFF instances on one
// PostgreSQL allow the configured limit in total rather than each. Local choice over @acpr/rate-limit-postgresql:
// that package opens its own pg pool (pinned to an older pg) and its own migration tool; a fixed-window counter is
// one upsert on the pool and schema the ledger already has.
import type { Store as RateLimitStore } from 'express-rate-limit';
import type { SharedStateStore } from '../store/shared-state-sql.js';

export function sharedRateLimitStore(ledger: SharedStateStore, name: string, now: () => Date): RateLimitStore {
  const prefix = `${name}:`;
  let windowMs = 60_000;
  let lastSweep = 0;
  return {
    prefix,
    init(options) {
      windowMs = options.windowMs;
    },
    async increment(key) {
      const at = now();
      // Counters of clients that never came back are deleted once per window by whichever request comes first; a
      // failed sweep leaves rows that the next one deletes.
      if (at.getTime() - lastSweep >= windowMs) {
        lastSweep = at.getTime();
        ledger.sweepRateLimits(at).catch(() => {});
      }
      const { hits, resetAt } = await ledger.hitRateLimit(prefix + key, at, windowMs);
      return { totalHits: hits, resetTime: resetAt };
    },
    decrement: (key) => ledger.unhitRateLimit(prefix + key),
    resetKey: (key) => ledger.resetRateLimit(prefix + key),
  };
}
