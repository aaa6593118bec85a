// Re-reads of one order that inbound traffic prompts (the upstream's notices and callbacks, the shopper's returns)
// share one gate: at most one read starts per key per window, and whoever arrives meanwhile gets that read's outcome
// instead of a read of its own. Callers key by the order and the status the visit claims, normalised (a handful of
// values), so a return that says PENDING and the callback that says SUCCESSFUL a second later each get a read, while
// 300 notices naming one order cost at most one read per claimed status per window, not 300. What arrives in a window
// after its read began may carry news that read missed: the first such arrival is told (`late`), so the caller can
// have the order read again once the window has passed.
//
// And each kind of visitor spends a budget of its own: the upstream's notices start at most `noticesPerSecond` reads
// (all keys together, a second's worth at once), the shoppers' returns `returnsPerSecond`, so notices, however many,
// never leave a returning shopper answered from the ledger. Within the returns' budget one client starts at most
// `perClientPerMinute` reads a minute: a shopper holding references of their own (one per attempt) can spend only those.
// An arrival past a budget reads nothing and is told `late` at once, so the caller has the order read by the
// reconciler, within its own budget; that counts as the key's read for its window, so the arrivals after it ask the
// reconciler for nothing more.
import { normalisePaymentStatus } from '../../shared/status.js';
import { remember } from '../lib/bounded.js';
import { createTokenBucket, type TokenBucket } from '../lib/token-bucket.js';

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

/** Who asks for a read: the upstream's notice, or a shopper's return from `client` (its address). */
export type Visitor = { kind: 'notice' } | { kind: 'return'; client: string };

export interface ReadGate {
  pass<T>(key: string, visitor: Visitor, read: () => Promise<T>): Gated<T>;
  /**
   * Once every read the gate started has ended, its ledger writes with it. A read outlives the answer that started it
   * (the upstream's notice is answered within 2 s, a shopper within 3): a shutdown waits for them before the ledger
   * closes. Reads started meanwhile are waited for too.
   */
  settled(): Promise<void>;
}

export interface ReadGateOptions {
  windowMs: number;
  /** How many keys (and clients) are remembered (the oldest forgotten first); only orders the ledger knows get a key. */
  maxKeys: number;
  /** Reads the notices start a second, all keys together. */
  noticesPerSecond: number;
  /** Reads the returns start a second, all keys together. */
  returnsPerSecond: number;
  /** Reads one client's returns start a minute. */
  perClientPerMinute: number;
  now: () => Date;
}

export function createReadGate(options: ReadGateOptions): ReadGate {
  const { windowMs, maxKeys, now } = options;
  const recent = new Map<string, { startedAt: number; outcome: Promise<unknown>; toldLate: boolean }>();
  const budgets = {
    notice: createTokenBucket(options.noticesPerSecond, 1_000),
    return: createTokenBucket(options.returnsPerSecond, 1_000),
  };
  const clients = new Map<string, TokenBucket>();
  // As many as the budgets start within one upstream deadline, at most: each read ends within it.
  const inFlight = new Set<Promise<unknown>>();
  const clientBudget = (client: string) => {
    const bucket = clients.get(client) ?? createTokenBucket(options.perClientPerMinute, 60_000);
    remember(clients, client, bucket, maxKeys);
    return bucket;
  };
  const affords = (visitor: Visitor, at: number) =>
    visitor.kind === 'notice'
      ? budgets.notice.take(at)
      : clientBudget(visitor.client).take(at) && budgets.return.take(at);
  return {
    pass<T>(key: string, visitor: Visitor, read: () => Promise<T>): Gated<T> {
      const at = now().getTime();
      const last = recent.get(key);
      if (last && at - last.startedAt < windowMs) {
        const late = last.toldLate ? {} : { late: new Date(last.startedAt + windowMs) };
        last.toldLate = true;
        return { outcome: last.outcome, fresh: false, ...late };
      }
      if (!affords(visitor, at)) {
        // Handed to the reconciler once per window: arrivals after this one, until it ends, ask for nothing more.
        const handedOn = Promise.resolve();
        remember(recent, key, { startedAt: at, outcome: handedOn, toldLate: true }, maxKeys);
        return { outcome: handedOn, fresh: false, late: new Date(at) };
      }
      const outcome = read();
      inFlight.add(outcome);
      // A failed read is not shared beyond its own window, and never rejects unobserved here.
      outcome.catch(() => {}).finally(() => inFlight.delete(outcome));
      remember(recent, key, { startedAt: at, outcome, toldLate: false }, maxKeys);
      return { outcome, fresh: true };
    },
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled(inFlight);
    },
  };
}
