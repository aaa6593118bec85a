// Whether a PGlite folder is new (absent or empty): the ledger is then made in it from the seed (pglite-seed.ts). Apart
// from the seed's module so that the main thread can ask without loading PGlite.
import { existsSync, readdirSync } from 'node:fs';

export const isNewFolder = (dataDir: string) => !existsSync(dataDir) || readdirSync(dataDir).length === 0;
