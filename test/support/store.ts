// Ledgers for tests: PGlite in memory (always), and PostgreSQL in a schema of its own when DATABASE_URL is set.
// One store per test file; reset() empties it between tests. A test process runs many files one after another
// (vitest.config.ts shares it between them): a PGlite ledger a file closes is emptied and kept for the next file's,
// instead of another being opened from the seed (over a second each).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { runMigrations } from '../../bff/store/migrations.js';
import { createPgDriver } from '../../bff/store/pg-driver.js';
import { createPgliteThreadDriver } from '../../bff/store/pglite-thread-driver.js';
import type { SqlDriver } from '../../bff/store/sql.js';
import { createSqlStore } from '../../bff/store/sql-store.js';
import { type PostgresServer, startPostgres } from './postgres-server.js';
import type { Store } from '../../bff/store/types.js';

export interface TestStore {
  store: Store;
  driver: SqlDriver;
  reset(): Promise<void>;
  /**
   * The same ledger as another BFF instance sees it: its own connection pool on PostgreSQL; on PGlite (one
   * process, one database) the same store. Closed with close().
   */
  another(): Promise<Store>;
  close(): Promise<void>;
}

const TABLES =
  'merchant_notifications, order_operations, order_events, orders, checkout_sessions, idempotency_keys, rate_limit_hits, provider_catalogue, sweep_windows';

const emptyLedger = (driver: SqlDriver) => driver.exec(`truncate ${TABLES} restart identity cascade`);

interface WrapOptions {
  /** After the driver is closed (a schema dropped). */
  dispose?: () => Promise<void>;
  /** Another driver on the same ledger, for another() (PostgreSQL). */
  openDriver?: () => Promise<SqlDriver>;
  /** How the file's driver is let go: closed, unless it is kept for the next file. */
  closeDriver?: (driver: SqlDriver) => Promise<void>;
}

async function wrap(
  driver: SqlDriver,
  { dispose = async () => {}, openDriver, closeDriver = (done) => done.close() }: WrapOptions = {},
): Promise<TestStore> {
  await runMigrations(driver);
  const store = createSqlStore(driver);
  const others: SqlDriver[] = [];
  return {
    store,
    driver,
    reset: () => emptyLedger(driver),
    async another() {
      if (!openDriver) return store;
      const other = await openDriver();
      others.push(other);
      const opened = createSqlStore(other);
      // Closed by its user or with the ledger, whichever comes first.
      return {
        ...opened,
        close: async () => {
          if (others.includes(other)) others.splice(others.indexOf(other), 1);
          await other.close();
        },
      };
    },
    async close() {
      await Promise.all(others.map((other) => other.close()));
      await closeDriver(driver);
      await dispose();
    },
  };
}

/** PGlite ledgers closed by an earlier file of this process, empty and migrated. */
const idlePglite: SqlDriver[] = [];

/** Empties a ledger a file is done with and keeps it; one that cannot be emptied (closed, its thread lost) is dropped. */
async function keepForNextFile(driver: SqlDriver): Promise<void> {
  try {
    await emptyLedger(driver);
    idlePglite.push(driver);
  } catch {
    await driver.close().catch(() => {});
  }
}

export async function pgliteTestStore(): Promise<TestStore> {
  const driver = idlePglite.pop() ?? (await createPgliteThreadDriver());
  return wrap(driver, { closeDriver: keepForNextFile });
}

/** A new, empty schema in DATABASE_URL's database: drivers opened on it, and drop() to remove it. */
export async function freshPostgresSchema(connectionString: string) {
  const schema = `opi_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  return {
    open: () => createPgDriver({ connectionString, schema }),
    async drop() {
      const dropper = new pg.Client({ connectionString });
      await dropper.connect();
      await dropper.query(`drop schema ${schema} cascade`);
      await dropper.end();
    },
  };
}

/** A fresh schema in DATABASE_URL's database, dropped on close. */
export async function postgresTestStore(connectionString: string): Promise<TestStore> {
  const schema = await freshPostgresSchema(connectionString);
  return wrap(await schema.open(), { dispose: schema.drop, openDriver: schema.open });
}

/** The drivers to run store tests on: PGlite always, PostgreSQL too when DATABASE_URL is set. */
export function storeDrivers(): { name: string; open: () => Promise<TestStore> }[] {
  const url = process.env.DATABASE_URL;
  return [
    { name: 'PGlite', open: pgliteTestStore },
    ...(url ? [{ name: 'PostgreSQL', open: () => postgresTestStore(url) }] : []),
  ];
}

/**
 * Opens one ledger for the enclosing describe block (vitest hooks), empties it before each test and closes it at
 * the end. The returned object reads through to the ledger once it is open.
 */
export function useTestStore(open: () => Promise<TestStore>): TestStore {
  let opened: TestStore | undefined;
  const current = () => {
    if (!opened) throw new Error('the test ledger opens in beforeAll');
    return opened;
  };
  beforeAll(async () => {
    opened = await open();
  });
  afterAll(async () => {
    await opened?.close();
  });
  beforeEach(async () => {
    await current().reset();
  });
  return {
    get store() {
      return current().store;
    },
    get driver() {
      return current().driver;
    },
    reset: () => current().reset(),
    another: () => current().another(),
    close: () => current().close(),
  };
}

/**
 * A PostgreSQL server of the enclosing describe block's own (for tests that restart or stop it), and a ledger on it
 * in a schema of its own: started before its tests, stopped after. Read through the getters once it is up.
 */
export function useOwnPostgres(): { readonly server: PostgresServer; readonly db: TestStore } {
  let server: PostgresServer | undefined;
  let db: TestStore | undefined;
  beforeAll(async () => {
    server = await startPostgres();
    db = await postgresTestStore(server.url);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('the PostgreSQL server starts in beforeAll');
      return server;
    },
    get db() {
      if (!db) throw new Error('the PostgreSQL ledger opens in beforeAll');
      return db;
    },
  };
}
