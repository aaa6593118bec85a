// A new PGlite ledger starts from a data folder made at build time (`npm run build`: dist/server/pglite-seed.tar.gz,
// PGlite's own dumpDataDir with every migration applied) instead of running initdb and the migrations: 1.4 s
// instead of about 5 s on a 2-core machine. Without the file (sources not built), or when PGlite cannot load it
// (a seed from another PGlite version), the ledger is made from nothing as before.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { isNewFolder } from './pglite-folder.js';

export const SEED_FILE = 'pglite-seed.tar.gz';

/** Beside the compiled server (dist/server/), or from the sources (bff/store/). */
const SEED_LOCATIONS = [`./${SEED_FILE}`, `../../dist/server/${SEED_FILE}`];

function readSeed(): Blob | undefined {
  for (const location of SEED_LOCATIONS) {
    const url = new URL(location, import.meta.url);
    if (existsSync(url)) return new Blob([readFileSync(url)]);
  }
  return undefined;
}

// Local choice: PostgreSQL's page cache at 16 MB, not its default 128 MB. Inside PGlite it is WebAssembly memory
// the process holds for good once touched (about 120 MB of resident memory, docs/internals/performance.md); PGlite's
// files are in the operating system's cache as well, and one instance's working set is small. PGlite writes this as
// the whole postgresql.conf at every start, so it carries the settings initdb wrote there too.
const SETTINGS = {
  postgresqlconf: [
    'shared_buffers = 16MB',
    "timezone = 'UTC'",
    "log_timezone = 'UTC'",
    "datestyle = 'iso, mdy'",
    "lc_messages = 'C'",
    "lc_monetary = 'C'",
    "lc_numeric = 'C'",
    "lc_time = 'C'",
    "default_text_search_config = 'pg_catalog.english'",
  ].join('\n'),
};

/** PGlite on `dataDir` (memory when undefined), started from the seed (the built one by default) when new. */
export async function openPglite(dataDir?: string, seedOf: () => Blob | undefined = readSeed): Promise<PGlite> {
  const seed = dataDir === undefined || isNewFolder(dataDir) ? seedOf() : undefined;
  if (seed) {
    try {
      const options = { ...SETTINGS, loadDataDir: seed };
      const db = dataDir === undefined ? new PGlite(options) : new PGlite(dataDir, options);
      await db.waitReady;
      return db;
    } catch {
      // Made from nothing below, in a folder emptied of what the failed load left.
      if (dataDir) for (const entry of readdirSync(dataDir)) rmSync(join(dataDir, entry), { recursive: true });
    }
  }
  const db = dataDir === undefined ? new PGlite(SETTINGS) : new PGlite(dataDir, SETTINGS);
  await db.waitReady;
  return db;
}
