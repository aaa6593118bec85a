// The ledger's own PostgreSQL schema (OPI_DATABASE_SCHEMA, default `opi`), so its tables never meet a shop's own
// `orders` or `schema_migrations` in the database they share. Made here before the migrations run in it; a ledger
// an earlier version left in the connection's default schema (`public`, usually) is moved in whole, nothing lost:
// ALTER TABLE ... SET SCHEMA takes each table with its rows, indexes, constraints and sequences.
import pg from 'pg';
import type { Logger } from 'pino';
import { MIGRATIONS, MIGRATIONS_LOCK } from './migrations.js';

/** Every table the migrations create, and the table that records them. */
const LEDGER_TABLES = [
  ...new Set(
    MIGRATIONS.flatMap(({ sql }) => [...sql.matchAll(/create table (?:if not exists )?(\w+)/g)].map((m) => m[1]!)),
  ),
  'schema_migrations',
];

/** A schema holds this ledger: its schema_migrations has the first migration under its name (a shop's has not). */
async function holdsLedger(client: pg.Client, schema: string): Promise<boolean> {
  const { rows } = await client.query(
    `select 1 from information_schema.columns
      where table_schema = $1 and table_name = 'schema_migrations' and column_name = 'name'`,
    [schema],
  );
  if (rows.length === 0) return false;
  const first = await client.query(
    `select 1 from ${pg.escapeIdentifier(schema)}.schema_migrations where version = 1 and name = $1`,
    [MIGRATIONS[0]!.name],
  );
  return first.rows.length > 0;
}

/**
 * Makes sure `schema` exists and moves an earlier version's ledger into it. Under the migrations' advisory lock, so
 * instances starting together make and move it once; a schema made beforehand (by a DBA who grants only its use) is
 * not made again.
 */
export async function prepareLedgerSchema(connectionString: string, schema: string, logger?: Logger): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1)', [MIGRATIONS_LOCK]);
    // Where the connection lands without our search_path: where an earlier version made its tables.
    const { rows } = await client.query<{ schema: string | null }>('select current_schema() as schema');
    const earlier = rows[0]?.schema;
    const target = pg.escapeIdentifier(schema);
    const exists = await client.query('select 1 from pg_namespace where nspname = $1', [schema]);
    if (exists.rows.length === 0) await client.query(`create schema ${target}`);
    if (earlier && earlier !== schema && (await holdsLedger(client, earlier)) && !(await holdsLedger(client, schema))) {
      const present = await client.query<{ tablename: string }>(
        'select tablename from pg_tables where schemaname = $1 and tablename = any($2)',
        [earlier, LEDGER_TABLES],
      );
      for (const { tablename } of present.rows)
        await client.query(
          `alter table ${pg.escapeIdentifier(earlier)}.${pg.escapeIdentifier(tablename)} set schema ${target}`,
        );
      logger?.info(
        { from: earlier, to: schema, tables: present.rows.length },
        `ledger: moved its tables from schema ${earlier} to ${schema}`,
      );
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
