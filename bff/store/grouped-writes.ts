// Writes that arrive while one is under way wait and go together in the next, as one statement: a database's group
// commit, in front of the ledger. A write that finds none under way goes once the event loop has read what else has
// arrived (one turn, tens of microseconds), so a lone write costs what it did; under load the statement's fixed cost is
// shared (on PGlite a session insert of ten costs a seventh of ten inserts).
import { ledgerFailureCode } from './ledger-errors.js';

interface Waiting<T> {
  item: T;
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * `writeAll` writes every item given or none. When a group of several fails on its data, each item is written again
 * alone, so only the one at fault is refused; when the ledger itself failed, the group shares its answer, as one
 * write would have.
 */
export function groupWrites<T>(writeAll: (items: T[]) => Promise<void>, maxGroup = 100): (item: T) => Promise<void> {
  let waiting: Waiting<T>[] = [];
  let busy = false;

  async function writeGroup(group: Waiting<T>[]): Promise<void> {
    try {
      await writeAll(group.map((entry) => entry.item));
      for (const entry of group) entry.resolve();
    } catch (error) {
      if (group.length === 1 || ledgerFailureCode(error)) for (const entry of group) entry.reject(error);
      else await Promise.all(group.map((entry) => writeGroup([entry])));
    }
  }

  async function drain(): Promise<void> {
    while (waiting.length > 0) {
      const group = waiting.slice(0, maxGroup);
      waiting = waiting.slice(group.length);
      await writeGroup(group);
    }
    busy = false;
  }

  return (item) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (busy) return;
      // After the I/O this turn of the event loop has read: with the embedded ledger, which blocks the thread while
      // it writes, nothing would ever wait for a write under way, and every write would go alone.
      busy = true;
      setImmediate(() => void drain());
    });
}
