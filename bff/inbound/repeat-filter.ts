// The same notice delivered again within a window is answered without work. What is remembered is bounded in count
// and in size: a SHA-256 of the notice's claims per entry (32 bytes, whatever a stranger sent), the oldest forgotten
// first; and only notices about an order the ledger knows are remembered at all (the caller looks it up first).
import { createHash } from 'node:crypto';
import { remember } from '../lib/bounded.js';

export interface RepeatFilter {
  /** Whether these claims were seen within the window; they are remembered (again) either way. */
  isRepeat(claims: readonly unknown[]): boolean;
  /** Forgets these claims: their handling failed, so the same delivery again is acted on. */
  forget(claims: readonly unknown[]): void;
  /** How many are remembered now. */
  readonly size: number;
}

/**
 * `first` for claims not seen within the window, `again` for a repeat: a read that failed asks the reconciler for one
 * every time, and journals it once per window. A `first` that failed is forgotten, so the next one writes it.
 */
export async function firstOrAgain(
  filter: RepeatFilter,
  claims: readonly unknown[],
  first: () => Promise<void>,
  again: () => Promise<void>,
): Promise<void> {
  if (filter.isRepeat(claims)) return again();
  try {
    await first();
  } catch (error) {
    filter.forget(claims);
    throw error;
  }
}

export function createRepeatFilter(windowMs: number, max: number, now: () => Date): RepeatFilter {
  const seen = new Map<string, number>();
  const keyOf = (claims: readonly unknown[]) => createHash('sha256').update(JSON.stringify(claims)).digest('base64');
  return {
    isRepeat(claims) {
      const key = keyOf(claims);
      const at = now().getTime();
      const last = seen.get(key);
      remember(seen, key, at, max);
      return last !== undefined && at - last < windowMs;
    },
    forget(claims) {
      seen.delete(keyOf(claims));
    },
    get size() {
      return seen.size;
    },
  };
}
