// Re-reads of one order that inbound traffic prompts (the upstream's notices and callbacks, the shopper's returns)
// share one gate: at most one read starts per key per window, and whoever arrives meanwhile gets that read's outcome
// instead of a read of its own. Callers key by the order and the status the visit claims, normalised (a handful of
// values), so a return that says PENDING and the callback that says SUCCESSFUL a second later each get a read, while
// 300 notices naming one order cost at most one read per claimed status per window, not 300. What arrives in a window
// after its read began may carry news that read missed: the first such arrival is told (`late`), so the caller can
// have the order read again once the window has passed.
import { normalisePaymentStatus } from '../../shared/status.js';
import { remember } from '../lib/bounded.js';

/** The gate's key for a read of an order that a visit claiming `status` prompts. */
export const orderReadKey = (orderReference: string, status: string) =>
  `order:${orderReference}:${normalisePaymentStatus(status).status}`;

export interface Gated<T> {
  outcome: Promise<T>;
  /** True for the arrival that started the read; false for those that share it. */
  fresh: boolean;
  /** The first arrival of a window that did not start its read: when that window ends. */
  late?: Date;
}

export interface ReadGate {
  pass<T>(key: string, read: () => Promise<T>): Gated<T>;
}

/** `maxKeys`: how many orders are remembered (the oldest forgotten first); only orders the ledger knows get a key. */
export function createReadGate(windowMs: number, maxKeys: number, now: () => Date): ReadGate {
  const recent = new Map<string, { startedAt: number; outcome: Promise<unknown>; toldLate: boolean }>();
  return {
    pass<T>(key: string, read: () => Promise<T>): Gated<T> {
      const at = now().getTime();
      const last = recent.get(key);
      if (last && at - last.startedAt < windowMs) {
        const late = last.toldLate ? {} : { late: new Date(last.startedAt + windowMs) };
        last.toldLate = true;
        return { outcome: last.outcome as Promise<T>, fresh: false, ...late };
      }
      const outcome = read();
      // A failed read is not shared beyond its own window, and never rejects unobserved here.
      outcome.catch(() => {});
      remember(recent, key, { startedAt: at, outcome, toldLate: false }, maxKeys);
      return { outcome, fresh: true };
    },
  };
}
