// The ledger in a PostgreSQL schema of its own (OPI_DATABASE_SCHEMA, default opi): made by openStore beside a shop's
// own `orders` and `schema_migrations`, which it never touches; and a ledger an earlier version left in the
// connection's default schema moved into it whole, its records and its sequences with it.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, runMigrations } from '../../../bff/store/migrations.js';
import { openStore } from '../../../bff/store/open-store.js';
import { createPgDriver } from '../../../bff/store/pg-driver.js';
import { loadConfig } from '../../../bff/config.js';
import { order, session, T0 } from '../../support/ledger-records.js';

const databaseUrl = process.env.DATABASE_URL;
const made: string[] = [];
const schemaName = (what: string) => {
  const name = `opi_test_${what}_${randomBytes(4).toString('hex')}`;
  made.push(name);
  return name;
};

async function sql<Row extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** DATABASE_URL landing in `schema` by default, as a shop's own URL lands in its public schema. */
const landingIn = (schema: string) => {
  const url = new URL(databaseUrl!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
};

const tablesOf = async (schema: string) =>
  (await sql<{ tablename: string }>('select tablename from pg_tables where schemaname = $1 order by 1', [schema])).map(
    (row) => row.tablename,
  );

afterAll(async () => {
  if (databaseUrl) for (const schema of made) await sql(`drop schema if exists ${schema} cascade`);
});

describe('OPI_DATABASE_SCHEMA', () => {
  it('is opi unless set, and only a plain identifier', () => {
    const env = { OPI_ENVIRONMENT: 'sandbox' };
    expect(loadConfig(env).databaseSchema).toBe('opi');
    expect(loadConfig({ ...env, OPI_DATABASE_SCHEMA: 'checkout' }).databaseSchema).toBe('checkout');
    expect(() => loadConfig({ ...env, OPI_DATABASE_SCHEMA: 'opi; drop table orders' })).toThrow(
      /OPI_DATABASE_SCHEMA must be a plain lower-case PostgreSQL identifier/,
    );
  });
});

describe.runIf(databaseUrl)('the ledger in a schema of its own on PostgreSQL', () => {
  it("is made beside a shop's own orders and schema_migrations, which keep their rows and shape", async () => {
    const shop = schemaName('shop');
    const ledger = schemaName('ledger');
    await sql(`create schema ${shop}`);
    await sql(`create table ${shop}.schema_migrations (version varchar primary key)`);
    await sql(`create table ${shop}.orders (id serial primary key, number text not null)`);
    await sql(`insert into ${shop}.schema_migrations values ('20260101000000')`);
    await sql(`insert into ${shop}.orders (number) values ('SO-1001')`);

    const store = await openStore({ databaseUrl: landingIn(shop), schema: ledger });
    try {
      await store.sessions.insert(session('cs_schema'));
      await store.orders.insert(order('opi-schema-1', 1, 'cs_schema'));
      expect((await store.orders.get('opi-schema-1'))?.sessionId).toBe('cs_schema');
    } finally {
      await store.close();
    }
    expect(await tablesOf(shop)).toEqual(['orders', 'schema_migrations']);
    expect(await sql(`select * from ${shop}.orders`)).toEqual([{ id: 1, number: 'SO-1001' }]);
    expect(await sql(`select * from ${shop}.schema_migrations`)).toEqual([{ version: '20260101000000' }]);
    expect(await tablesOf(ledger)).toEqual(
      expect.arrayContaining(['checkout_sessions', 'orders', 'schema_migrations']),
    );
  });

  it('takes over a schema made beforehand by someone else, and opens again as it is', async () => {
    const ledger = schemaName('made');
    await sql(`create schema ${ledger}`);
    for (let open = 0; open < 2; open++) await (await openStore({ databaseUrl: databaseUrl!, schema: ledger })).close();
    expect(await sql(`select count(*)::int as n from ${ledger}.schema_migrations`)).toEqual([{ n: MIGRATIONS.length }]);
  });

  it("moves an earlier version's ledger from the default schema whole: records, journal ids and migrations", async () => {
    const earlier = schemaName('earlier');
    const ledger = schemaName('moved');
    await sql(`create schema ${earlier}`);
    // What the previous version made: its migrations (17), unqualified, in the schema the URL lands in, and its rows
    // as its SQL wrote them.
    const before = await createPgDriver({ connectionString: databaseUrl!, schema: earlier });
    await runMigrations(
      before,
      MIGRATIONS.filter((migration) => migration.version <= 17),
    );
    await before.exec(`
      insert into checkout_sessions (id, order_prefix, cart, amount_minor, currency, country, locale, return_url,
        prefill, expires_at, created_at)
      values ('cs_before', 'opi-00000000000000aa', '{"orderItems":[]}', 14389, 'AED', 'AE', 'en_AE',
        'https://shop.example/thanks', '{}', now() + interval '1 hour', now());
      insert into orders (order_reference, session_id, attempt, provider, amount_minor, currency, status, create_state,
        callback_secret, created_at, deadline_at)
      values ('opi-before-1', 'cs_before', 1, 'TABBY_AE', 14389, 'AED', 'initiated', 'creating', 'secret-1', now(),
        now() + interval '90 minutes');
      insert into order_events (order_reference, source, status) values ('opi-before-1', 'create', 'initiated');`);
    const [journal] = await before.query<{ id: string }>('select max(id)::text as id from order_events');
    await before.close();

    const store = await openStore({ databaseUrl: landingIn(earlier), schema: ledger });
    try {
      expect((await store.orders.get('opi-before-1'))?.sessionId).toBe('cs_before');
      expect((await store.sessions.get('cs_before'))?.id).toBe('cs_before');
      // The journal's sequence came along: the next entry follows the last, no id reused.
      await store.events.append({
        orderReference: 'opi-before-1',
        source: 'poll',
        status: 'paid',
        upstreamStatus: null,
        at: T0,
      });
      const ids = await sql<{ id: string }>(`select id::text from ${ledger}.order_events order by id`);
      expect(ids.map((row) => BigInt(row.id))).toEqual([BigInt(journal!.id), BigInt(journal!.id) + 1n]);
    } finally {
      await store.close();
    }
    expect(await tablesOf(earlier)).toEqual([]);
    expect(await sql(`select count(*)::int as n from ${ledger}.schema_migrations`)).toEqual([{ n: MIGRATIONS.length }]);
  });

  it("moves only what the earlier ledger's migrations made: a shop's table named like a later one stays", async () => {
    const earlier = schemaName('older');
    const ledger = schemaName('moved_older');
    await sql(`create schema ${earlier}`);
    const before = await createPgDriver({ connectionString: databaseUrl!, schema: earlier });
    // A ledger from before migration 7 (no rate_limit_hits yet), beside a shop's own table of that name.
    await runMigrations(
      before,
      MIGRATIONS.filter((migration) => migration.version <= 6),
    );
    await before.close();
    await sql(`create table ${earlier}.rate_limit_hits (shop_column text)`);
    const store = await openStore({ databaseUrl: landingIn(earlier), schema: ledger });
    await store.close();
    expect(await tablesOf(earlier)).toEqual(['rate_limit_hits']);
    expect(await sql(`select count(*)::int as n from ${ledger}.schema_migrations`)).toEqual([{ n: MIGRATIONS.length }]);
  });

  it('refuses to start beside a second ledger, rather than choose between two books of money', async () => {
    const earlier = schemaName('twice');
    const ledger = schemaName('twice_new');
    for (const schema of [earlier, ledger]) {
      await sql(`create schema ${schema}`);
      const driver = await createPgDriver({ connectionString: databaseUrl!, schema });
      await runMigrations(driver);
      await driver.close();
    }
    await expect(openStore({ databaseUrl: landingIn(earlier), schema: ledger })).rejects.toThrow(
      `Two ledgers in this database: one in schema ${earlier}`,
    );
    expect(await tablesOf(earlier)).toContain('orders');
  });
});
