// Embedded PostgreSQL (PGlite): a data folder on disk, or memory for tests. It runs one statement at a time and
// queues queries behind an open transaction, so row locks are trivially honoured: its one connection is busy while
// anything is under way, and whatever else is under way waits. A full or unwritable disk refuses writes (reads go
// on): that is LedgerUnavailableError (503 `ledger_unavailable`), and all is well again once space returns.
// Two ways to run it: in a thread of its own (pglite-thread-driver.ts, the default), or here in the calling thread
// (OPI_PGLITE_THREAD=main; the seed script and the bench's comparison).
import { mkdirSync } from 'node:fs';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { openPglite } from './pglite-seed.js';
import { FailureCounts, LedgerUnavailableError, ledgerFailureCode } from './ledger-errors.js';
import { isRead, type ConnectionUse, type SqlDb, type SqlDriver } from './sql.js';
import { startWriteProbe, type WriteProbe } from './write-probe.js';

function wrap(db: PGlite | Transaction): SqlDb {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      return (await db.query<Row>(sql, params as unknown[])).rows;
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
  };
}

/** `dataDir` undefined: in memory. `writeProbeMs`: how often the folder's writability is checked. */
export async function createPgliteDriver(dataDir?: string, writeProbeMs?: number): Promise<SqlDriver> {
  if (!dataDir) return pgliteDriver(await openPglite());
  mkdirSync(dataDir, { recursive: true });
  return pgliteDriver(await openPglite(dataDir), startWriteProbe(dataDir, writeProbeMs));
}

/** What both ways of running PGlite do around each piece of work: the probe's refusal, failure counts, use. */
export interface PgliteGuard {
  /** Runs `work`, refused first when it writes and the folder refuses writes; a failure of the ledger itself is counted. */
  counted<T>(work: () => Promise<T>, writes?: boolean): Promise<T>;
  connections(): ConnectionUse;
  readonly failures: FailureCounts;
}

export function pgliteGuard(probe?: WriteProbe): PgliteGuard {
  let underWay = 0;
  const failures = new FailureCounts();
  return {
    failures,
    connections: () => ({ total: 1, idle: underWay === 0 ? 1 : 0, waiting: Math.max(0, underWay - 1) }),
    async counted(work, writes = true) {
      const refusal = writes ? probe?.refusal() : null;
      if (refusal) {
        failures.add(refusal);
        throw new LedgerUnavailableError(
          'the ledger cannot write',
          refusal,
          new Error(`the data folder refuses writes (${refusal})`),
        );
      }
      underWay++;
      try {
        return await work();
      } catch (error) {
        const code = ledgerFailureCode(error);
        if (!code || error instanceof LedgerUnavailableError) throw error;
        failures.add(code);
        throw new LedgerUnavailableError('the ledger cannot write', code, error);
      } finally {
        underWay--;
      }
    },
  };
}

/** The ledger's driver over an open PGlite in this thread; `probe` says when its folder refuses writes. */
export function pgliteDriver(db: PGlite, probe?: WriteProbe): SqlDriver {
  const guard = pgliteGuard(probe);
  const direct = wrap(db);
  return {
    query: (sql, params) => guard.counted(() => direct.query(sql, params), !isRead(sql)),
    exec: (sql) => guard.counted(() => direct.exec(sql)),
    transaction: (fn) => guard.counted(() => db.transaction((tx) => fn(wrap(tx)))),
    embedded: true,
    connections: guard.connections,
    failures: () => guard.failures.snapshot(),
    close: async () => {
      probe?.stop();
      await db.close();
    },
  };
}
