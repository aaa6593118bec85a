// The embedded ledger in a thread of its own (bff/store/pglite-thread-driver.ts): what crosses the boundary (rows,
// PostgreSQL's error fields), transactions as PGlite keeps them, the watchdog on a transaction left idle, the event
// loop free while the ledger works, and a thread that dies: what was under way fails as ledger_unavailable, the
// next request opens the ledger again from its folder, committed work intact.
import { setTimeout as sleep } from 'node:timers/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LedgerUnavailableError } from '../../../bff/store/ledger-errors.js';
import { createPgliteThreadDriver, type PgliteThreadDriver } from '../../../bff/store/pglite-thread-driver.js';

let driver: PgliteThreadDriver | undefined;
const folders: string[] = [];
afterEach(async () => {
  await driver?.close();
  driver = undefined;
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function open(options: Parameters<typeof createPgliteThreadDriver>[0] = {}) {
  driver = await createPgliteThreadDriver(options);
  await driver.exec('create table items (id int primary key, note text, data jsonb, at timestamptz)');
  return driver;
}

describe('the embedded ledger in its own thread', () => {
  it('returns rows with their types and throws PostgreSQL errors with their SQLSTATE and fields', async () => {
    const db = await open();
    const at = new Date('2026-12-02T10:00:00.000Z');
    await db.query('insert into items values ($1, $2, $3, $4)', [1, null, JSON.stringify({ a: [1, 2] }), at]);
    expect(await db.query('select id, note, data, at, 9007199254740993::int8 as big from items')).toEqual([
      { id: 1, note: null, data: { a: [1, 2] }, at, big: 9007199254740993n },
    ]);

    const duplicate = await db.query('insert into items (id) values (1)').catch((error: unknown) => error);
    expect(duplicate).toBeInstanceOf(Error);
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'items_pkey', table: 'items' });
    expect(duplicate).not.toBeInstanceOf(LedgerUnavailableError);
    await expect(db.query('selec 1')).rejects.toMatchObject({ code: '42601' });
  });

  it('commits a transaction that resolves, rolls back one that throws, and holds other work until it ends', async () => {
    const db = await open();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = db.transaction(async (tx) => {
      await tx.query('insert into items (id) values (1)');
      await held;
      await tx.query('insert into items (id) values (2)');
    });
    await sleep(50);
    // Outside the transaction, a read waits for it: it sees both rows or none, never one.
    const outside = db.query<{ n: number }>('select count(*)::int as n from items');
    release();
    await first;
    expect(await outside).toEqual([{ n: 2 }]);

    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into items (id) values (3)');
        throw new Error('changed its mind');
      }),
    ).rejects.toThrow('changed its mind');
    expect(await db.query('select id from items order by id')).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('keeps each statement prepared, yet answers a changed table with its new columns and a failed commit as 25P02', async () => {
    const db = await open();
    await db.query('insert into items (id, note) values ($1, $2)', [1, 'one']);
    // The same text again is bound to the statement prepared the first time.
    await db.query('insert into items (id, note) values ($1, $2)', [2, 'two']);
    const prepared = await db.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
    expect(prepared[0]!.n).toBeGreaterThanOrEqual(1);
    // Planned for each run's parameters, never one generic plan kept while the tables grow.
    expect(await db.query('show plan_cache_mode')).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
    expect(await db.query('select * from items where id = $1', [1])).toEqual([
      { id: 1, note: 'one', data: null, at: null },
    ]);

    // A table changed through exec: the plans made before are dropped, so `select *` sees the new column.
    await db.exec('alter table items add column extra text');
    expect(await db.query('select * from items where id = $1', [1])).toEqual([
      { id: 1, note: 'one', data: null, at: null, extra: null },
    ]);

    // A statement that fails inside a transaction whose caller goes on to commit: PostgreSQL rolls it back.
    const failed = await db
      .transaction(async (tx) => {
        await tx.query('insert into items (id) values (3)');
        await tx.query('insert into items (id) values (1)').catch(() => undefined);
      })
      .catch((error: unknown) => error);
    expect(failed).toMatchObject({ code: '25P02' });
    expect(await db.query('select id from items order by id')).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('rolls back a transaction left idle, frees the ledger for others, and fails its next statement (25P03)', async () => {
    const db = await open({ idleTransactionMs: 200 });
    const stuck = db.transaction(async (tx) => {
      await tx.query('insert into items (id) values (1)');
      await sleep(600);
      await tx.query('insert into items (id) values (2)');
    });
    // Served once the watchdog has ended the stuck one, well before its caller wakes up.
    expect(await db.query('select count(*)::int as n from items')).toEqual([{ n: 0 }]);
    const error = await stuck.catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(LedgerUnavailableError);
    expect((error as LedgerUnavailableError).reason).toBe('25P03');
    expect(await db.query('select count(*)::int as n from items')).toEqual([{ n: 0 }]);
  });

  it('leaves the event loop free while the ledger works', async () => {
    const db = await open();
    let ticks = 0;
    const ticking = setInterval(() => ticks++, 5);
    try {
      const started = performance.now();
      await db.query('select count(*) from generate_series(1, 3000000)');
      const took = performance.now() - started;
      // Every 5 ms while the statement ran; in the calling thread none could run until it ended.
      expect(ticks).toBeGreaterThanOrEqual(Math.floor(took / 5 / 4));
      expect(ticks).toBeGreaterThan(3);
    } finally {
      clearInterval(ticking);
    }
  });

  it('makes a new folder from the seed in a thread that ends first, then serves it from a thread of its own', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'opi-thread-'));
    folders.push(folder);
    const { Worker } = await import('node:worker_threads');
    type Thread = InstanceType<typeof Worker>;
    const started: Thread[] = [];
    const ended: Thread[] = [];
    const emit = Worker.prototype.emit;
    // Each thread's start and end, in order, as the driver's Worker events say.
    Worker.prototype.emit = function (this: Thread, event: string | symbol, ...args: unknown[]) {
      if (event === 'online') started.push(this);
      if (event === 'exit') ended.push(this);
      return emit.call(this, event, ...args);
    };
    try {
      driver = await createPgliteThreadDriver({ dataDir: folder });
      const migrations = await driver.query<{ n: number }>('select count(*)::int as n from schema_migrations');
      expect(migrations[0]!.n, 'the seed, migrations applied').toBeGreaterThan(0);
      expect(started).toHaveLength(2);
      expect(ended, 'the seeding thread ended before the ledger was served').toEqual([started[0]]);
      expect(started[1]).toBe(await driver.thread());
    } finally {
      Worker.prototype.emit = emit;
    }
  });

  it('fails what was under way when its thread dies, and opens the ledger again from its folder', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'opi-thread-'));
    folders.push(folder);
    const db = await open({ dataDir: folder });
    await db.query('insert into items (id) values (1)');
    const firstThread = await db.thread();

    const cut = db.transaction(async (tx) => {
      await tx.query('insert into items (id) values (2)');
      await firstThread.terminate();
      await tx.query('insert into items (id) values (3)');
    });
    const error = await cut.catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(LedgerUnavailableError);
    expect((error as LedgerUnavailableError).reason).toBe('ledger_thread_failed');

    // A new thread, the same folder: the committed row is there, the cut transaction's is not.
    expect(await db.query('select id from items order by id')).toEqual([{ id: 1 }]);
    expect(await db.thread()).not.toBe(firstThread);
    expect(db.failures()).toEqual({ ledger_thread_failed: 1 });
    await db.query('insert into items (id) values (2)');
    expect(await db.query('select count(*)::int as n from items')).toEqual([{ n: 2 }]);
  });
});
