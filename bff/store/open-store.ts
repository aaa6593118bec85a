// Chooses the ledger's driver: PostgreSQL when a connection URL is given, otherwise embedded PGlite (a folder on
// disk, or memory when no folder is given), and brings the schema up to date.
import type { Logger } from 'pino';
import { prepareLedgerSchema } from './ledger-schema.js';
import { runMigrations } from './migrations.js';
import { createPgDriver } from './pg-driver.js';
import { createPgliteDriver } from './pglite-driver.js';
import { createPgliteThreadDriver } from './pglite-thread-driver.js';
import { createSqlStore } from './sql-store.js';
import type { Store } from './types.js';

export interface StoreOptions {
  databaseUrl?: string;
  /**
   * PostgreSQL: the schema of the ledger's tables (config.databaseSchema, OPI_DATABASE_SCHEMA), made when missing; an
   * earlier version's ledger in the connection's default schema is moved into it. Default `opi`.
   */
  schema?: string;
  /** PGlite's folder; in memory when absent. */
  dataDir?: string;
  /** Where failures of the ledger's connections are logged (once per code every few seconds). */
  logger?: Logger;
  /** PGlite: how often its folder's writability is checked (bff/store/write-probe.ts); default every second. */
  writeProbeMs?: number;
  /** PGlite: in a thread of its own (the default), or in this one (config.pgliteThread, OPI_PGLITE_THREAD). */
  pgliteThread?: 'worker' | 'main';
}

export async function openStore({
  databaseUrl,
  schema = 'opi',
  dataDir,
  logger,
  writeProbeMs,
  pgliteThread = 'worker',
}: StoreOptions): Promise<Store> {
  if (databaseUrl) await prepareLedgerSchema(databaseUrl, schema, logger);
  const driver = databaseUrl
    ? await createPgDriver({ connectionString: databaseUrl, schema, ...(logger ? { logger } : {}) })
    : pgliteThread === 'worker'
      ? await createPgliteThreadDriver({ dataDir, writeProbeMs, ...(logger ? { logger } : {}) })
      : await createPgliteDriver(dataDir, writeProbeMs);
  try {
    await runMigrations(driver);
  } catch (error) {
    await driver.close().catch(() => {});
    throw error;
  }
  return createSqlStore(driver);
}
