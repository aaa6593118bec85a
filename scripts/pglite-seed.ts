// Part of `npm run build`, after the server's bundle: dist/server/pglite-seed.tar.gz, a PGlite data folder with every
// migration applied, from which a new embedded ledger starts (bff/store/pglite-seed.ts).
import { writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { runMigrations } from '../bff/store/migrations.js';
import { pgliteDriver } from '../bff/store/pglite-driver.js';
import { SEED_FILE } from '../bff/store/pglite-seed.js';

const db = new PGlite();
await db.waitReady;
await runMigrations(pgliteDriver(db));
const seed = Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer());
await db.close();
writeFileSync(new URL(`../dist/server/${SEED_FILE}`, import.meta.url), seed);
process.stdout.write(`PGlite seed: ${(seed.length / 2 ** 20).toFixed(1)} MB with every migration applied\n`);
