// Re-reads of one order that inbound traffic prompts (the upstream's notices and callbacks, the shopper's returns)
// share one gate: at most one read starts per key per window, and whoever arrives meanwhile gets that read's outcome
// instead of a read of its own. Callers key by the order and the status the visit claims, normalised (a handful of
// values), so a return that says PENDING and the callback that says SUCCESSFUL a second later each get a read, while
// 300 notices naming one order cost at most one read per claimed status per window, not 300. What arrives in a window
// after its read began may carry news that read missed: the first such arrival is told (`late`), so the caller can
// have the order read again once the window has passed.
//
// And all keys together start at most `readsPerSecond` reads (a second's worth at once): a stranger naming many
// orders, or claiming many statuses, cannot make the upstream be read faster than that. An arrival past it reads
// nothing and is told `late` at once, so the caller has the order read by the reconciler, within its own budget;
// that counts as the key's read for its window, so the arrivals after it ask the reconciler for nothing more.
import { normalisePaymentStatus } from '../../shared/status.js';
import { remember } from '../lib/bounded.js';
import { createTokenBucket } from '../lib/token-bucket.js';

/** The gate's key for a read of an order that a visit claiming `status` prompts. */
export const orderReadKey = (orderReference: string, status: string) =>
  `order:${orderReference}:${normalisePaymentStatus(status).status}`;

/** The arrival that started the read, with its outcome; or one that did not: the read it shares, if any. */
export type Gated<T> =
  | { fresh: true; outcome: Promise<T> }
  | {
      fresh: false;
      outcome: Promise<unknown>;
      /**
       * The first arrival of a window that did not start its read (when that window ends), or one over the budget
       * (now).
       */
      late?: Date;
    };

export interface ReadGate {
  pass<T>(key: string, read: () => Promise<T>): Gated<T>;
}

export interface ReadGateOptions {
  windowMs: number;
  /** How many keys are remembered (the oldest forgotten first); only orders the ledger knows get a key. */
  maxKeys: number;
  /** Reads started a second, all keys together. */
  readsPerSecond: number;
  now: () => Date;
}

export function createReadGate({ windowMs, maxKeys, readsPerSecond, now }: ReadGateOptions): ReadGate {
  const recent = new Map<string, { startedAt: number; outcome: Promise<unknown>; toldLate: boolean }>();
  const budget = createTokenBucket(readsPerSecond, 1_000);
  return {
    pass<T>(key: string, read: () => Promise<T>): Gated<T> {
      const at = now().getTime();
      const last = recent.get(key);
      if (last && at - last.startedAt < windowMs) {
        const late = last.toldLate ? {} : { late: new Date(last.startedAt + windowMs) };
        last.toldLate = true;
        return { outcome: last.outcome, fresh: false, ...late };
      }
      if (!budget.take(at)) {
        // Handed to the reconciler once per window: arrivals after this one, until it ends, ask for nothing more.
        const handedOn = Promise.resolve();
        remember(recent, key, { startedAt: at, outcome: handedOn, toldLate: true }, maxKeys);
        return { outcome: handedOn, fresh: false, late: new Date(at) };
      }
      const outcome = read();
      // A failed read is not shared beyond its own window, and never rejects unobserved here.
      outcome.catch(() => {});
      remember(recent, key, { startedAt: at, outcome, toldLate: false }, maxKeys);
      return { outcome, fresh: true };
    },
  };
}
