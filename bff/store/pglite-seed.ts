// A new PGlite ledger starts from a data folder made at build time (`npm run build`: dist/server/pglite-seed.tar.gz,
// PGlite's own dumpDataDir with every migration applied) instead of running initdb and the migrations: 1.4 s
// instead of about 5 s on a 2-core machine. Without the file (sources not built), or when PGlite cannot load it
// (a seed from another PGlite version), the ledger is made from nothing as before.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

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

const isNewFolder = (dataDir: string) => !existsSync(dataDir) || readdirSync(dataDir).length === 0;

/** PGlite on `dataDir` (memory when undefined), started from the seed (the built one by default) when new. */
export async function openPglite(dataDir?: string, seedOf: () => Blob | undefined = readSeed): Promise<PGlite> {
  const seed = dataDir === undefined || isNewFolder(dataDir) ? seedOf() : undefined;
  if (seed) {
    try {
      const db = dataDir === undefined ? new PGlite({ loadDataDir: seed }) : new PGlite(dataDir, { loadDataDir: seed });
      await db.waitReady;
      return db;
    } catch {
      // Made from nothing below, in a folder emptied of what the failed load left.
      if (dataDir) for (const entry of readdirSync(dataDir)) rmSync(join(dataDir, entry), { recursive: true });
    }
  }
  const db = dataDir === undefined ? new PGlite() : new PGlite(dataDir);
  await db.waitReady;
  return db;
}
