// Embedded PostgreSQL (PGlite): a data folder on disk, or memory for tests. It runs one statement at a time and
// queues queries behind an open transaction, so row locks are trivially honoured.
import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
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
  const db = dataDir ? new PGlite(dataDir) : new PGlite();
  await db.waitReady;
  return {
    ...wrap(db),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    close: () => db.close(),
  };
}
