// A token bucket: at most `capacity` takes at once, refilled evenly at `capacity` per `periodMs`. The one way the BFF
// paces work a stranger can prompt (the inbound read gate, the public price pages' refreshes).

export interface TokenBucket {
  /** Spends a token at time `at` (ms); false when none is left. */
  take(at: number): boolean;
}

export function createTokenBucket(capacity: number, periodMs: number): TokenBucket {
  let tokens = capacity;
  let filledAt = Number.NEGATIVE_INFINITY;
  return {
    take(at) {
      tokens = Math.min(capacity, tokens + (Math.max(0, at - filledAt) * capacity) / periodMs);
      filledAt = at;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
