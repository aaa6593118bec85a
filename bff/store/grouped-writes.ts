// Writes that arrive in one turn of the event loop go together, as one statement: a database's group commit, in front
// of the ledger. A write waits for the end of the turn it arrives in (tens of microseconds), so a lone write costs what
// it did; under load the statement's fixed cost is shared (on PGlite a session insert of ten costs a seventh of ten
// inserts). The turn has to be waited out: PGlite blocks the thread while it writes, so no write would ever find
// another to go with. A few groups may be under way at once, so one that never answers holds up only its own.
import { ledgerFailureCode } from './ledger-errors.js';

interface Waiting<T> {
  item: T;
  resolve(): void;
  reject(error: unknown): void;
}

const GROUPS_UNDER_WAY = 4;

/**
 * `writeAll` writes every item given or none. When a group of several fails on its data, each item is written again
 * alone, so only the one at fault is refused; when the ledger itself failed, the group shares its answer, as one
 * write would have.
 */
export function groupWrites<T>(writeAll: (items: T[]) => Promise<void>, maxGroup = 100): (item: T) => Promise<void> {
  let waiting: Waiting<T>[] = [];
  let turnEnding = false;
  let underWay = 0;

  async function writeGroup(group: Waiting<T>[]): Promise<void> {
    try {
      await writeAll(group.map((entry) => entry.item));
      for (const entry of group) entry.resolve();
    } catch (error) {
      if (group.length === 1 || ledgerFailureCode(error)) for (const entry of group) entry.reject(error);
      else await Promise.all(group.map((entry) => writeGroup([entry])));
    }
  }

  function sendGroups() {
    while (underWay < GROUPS_UNDER_WAY && waiting.length > 0) {
      const group = waiting.slice(0, maxGroup);
      waiting = waiting.slice(group.length);
      underWay++;
      void writeGroup(group).finally(() => {
        underWay--;
        afterThisTurn();
      });
    }
  }

  function afterThisTurn() {
    if (turnEnding || waiting.length === 0) return;
    turnEnding = true;
    setImmediate(() => {
      turnEnding = false;
      sendGroups();
    });
  }

  return (item) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      afterThisTurn();
    });
}
