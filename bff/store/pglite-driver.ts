// Embedded PostgreSQL (PGlite): a data folder on disk, or memory for tests. It runs one statement at a time and
// queues queries behind an open transaction, so row locks are trivially honoured: its one connection is busy while
// anything is under way, and whatever else is under way waits.
import { mkdirSync } from 'node:fs';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { openPglite } from './pglite-seed.js';
import type { SqlDb, SqlDriver } from './sql.js';

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

/** `dataDir` undefined: in memory. */
export async function createPgliteDriver(dataDir?: string): Promise<SqlDriver> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return pgliteDriver(await openPglite(dataDir));
}

/** The ledger's driver over an open PGlite. */
export function pgliteDriver(db: PGlite): SqlDriver {
  let underWay = 0;
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    underWay++;
    try {
      return await work();
    } finally {
      underWay--;
    }
  };
  const direct = wrap(db);
  return {
    query: (sql, params) => counted(() => direct.query(sql, params)),
    exec: (sql) => counted(() => direct.exec(sql)),
    transaction: (fn) => counted(() => db.transaction((tx) => fn(wrap(tx)))),
    embedded: true,
    connections: () => ({ total: 1, idle: underWay === 0 ? 1 : 0, waiting: Math.max(0, underWay - 1) }),
    close: () => db.close(),
  };
}
