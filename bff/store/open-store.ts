// Chooses the ledger's driver: PostgreSQL when a connection URL is given, otherwise embedded PGlite (a folder on
// disk, or memory when no folder is given), and brings the schema up to date.
import type { Logger } from 'pino';
import { runMigrations } from './migrations.js';
import { createPgDriver } from './pg-driver.js';
import { createPgliteDriver } from './pglite-driver.js';
import { createSqlStore } from './sql-store.js';
import type { Store } from './types.js';

export interface StoreOptions {
  databaseUrl?: string;
  /** PGlite's folder; in memory when absent. */
  dataDir?: string;
  /** Where failures of the ledger's connections are logged (once per code every few seconds). */
  logger?: Logger;
  /** PGlite: how often its folder's writability is checked (bff/store/write-probe.ts); default every second. */
  writeProbeMs?: number;
}

export async function openStore({ databaseUrl, dataDir, logger, writeProbeMs }: StoreOptions): Promise<Store> {
  const driver = databaseUrl
    ? await createPgDriver({ connectionString: databaseUrl, ...(logger ? { logger } : {}) })
    : await createPgliteDriver(dataDir, writeProbeMs);
  try {
    await runMigrations(driver);
  } catch (error) {
    await driver.close().catch(() => {});
    throw error;
  }
  return createSqlStore(driver);
}
