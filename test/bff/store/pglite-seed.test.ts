// A new embedded ledger starts from a seed data folder (bff/store/pglite-seed.ts): with every migration already
// applied, never over an existing ledger, and from nothing when the seed cannot be loaded.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, runMigrations } from '../../../bff/store/migrations.js';
import { pgliteDriver } from '../../../bff/store/pglite-driver.js';
import { openPglite } from '../../../bff/store/pglite-seed.js';

async function migratedSeed(): Promise<Blob> {
  const db = new PGlite();
  await runMigrations(pgliteDriver(db));
  const seed = await db.dumpDataDir('gzip');
  await db.close();
  return seed;
}

const folder = () => join(mkdtempSync(join(tmpdir(), 'opi-seed-')), 'pglite');

describe('a new PGlite ledger', () => {
  it('starts from the seed, migrations applied, in a folder or in memory; an existing folder is kept', async () => {
    const seed = await migratedSeed();
    const dataDir = folder();
    for (const where of [dataDir, undefined]) {
      const db = await openPglite(where, () => seed);
      expect(await runMigrations(pgliteDriver(db)), String(where)).toEqual([]);
      await db.exec('create table kept (x int)');
      await db.close();
    }
    const again = await openPglite(dataDir, () => seed);
    expect((await again.query("select to_regclass('kept') is not null as kept")).rows).toEqual([{ kept: true }]);
    // The page cache the process keeps small (docs/internals/performance.md), on an existing folder as on a new one.
    expect((await again.query('show shared_buffers')).rows).toEqual([{ shared_buffers: '16MB' }]);
    expect((await again.query('show timezone')).rows).toEqual([{ TimeZone: 'UTC' }]);
    await again.close();
  }, 60_000);

  it('is made from nothing when the seed cannot be loaded', async () => {
    const dataDir = folder();
    const db = await openPglite(dataDir, () => new Blob([Buffer.from('not a data folder')]));
    expect(await runMigrations(pgliteDriver(db))).toEqual(MIGRATIONS.map((migration) => migration.version));
    await db.close();
  }, 60_000);
});
