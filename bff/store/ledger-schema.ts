// The ledger's own PostgreSQL schema (OPI_DATABASE_SCHEMA, default `opi`), so its tables never meet a shop's own
// `orders` or `schema_migrations` in the database they share. Made here before the migrations run in it; a ledger
// an earlier version left in the connection's default schema (`public`, usually) is moved in whole, nothing lost:
// ALTER TABLE ... SET SCHEMA takes each table with its rows, indexes, constraints and sequences.
import pg from 'pg';
import type { Logger } from 'pino';
import { MIGRATIONS, MIGRATIONS_LOCK } from './migrations.js';

/** The tables the given migrations create, and the table that records them: a ledger's, and nothing of a shop's. */
const tablesOf = (versions: ReadonlySet<number>) => [
  ...new Set(
    MIGRATIONS.filter((migration) => versions.has(migration.version)).flatMap(({ sql }) =>
      [...sql.matchAll(/create table (?:if not exists )?(\w+)/g)].map((match) => match[1]!),
    ),
  ),
  'schema_migrations',
];

/**
 * The migrations a schema's ledger has applied; null when it holds none (a shop's own schema_migrations has no
 * `name`, or not this ledger's first migration under it).
 */
async function ledgerIn(client: pg.Client, schema: string): Promise<Set<number> | null> {
  const { rows } = await client.query(
    `select 1 from information_schema.columns
      where table_schema = $1 and table_name = 'schema_migrations' and column_name = 'name'`,
    [schema],
  );
  if (rows.length === 0) return null;
  const applied = await client.query<{ version: number; name: string }>(
    `select version, name from ${pg.escapeIdentifier(schema)}.schema_migrations`,
  );
  const ours = applied.rows.some((row) => Number(row.version) === 1 && row.name === MIGRATIONS[0]!.name);
  return ours ? new Set(applied.rows.map((row) => Number(row.version))) : null;
}

/**
 * Makes sure `schema` exists and moves an earlier version's ledger into it: only the tables its applied migrations
 * made, so a shop's table of the same name as a later one stays where it is. Under the migrations' advisory lock, so
 * instances starting together make and move it once; a schema made beforehand (by a DBA who grants only its use) is
 * not made again. Two ledgers, the earlier one's and one in `schema` (an instance of the earlier version started
 * again after the move, and made a new one), are refused: the BFF will not choose between two books of money.
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
    const left = earlier && earlier !== schema ? await ledgerIn(client, earlier) : null;
    if (left && (await ledgerIn(client, schema)))
      throw new Error(
        `Two ledgers in this database: one in schema ${earlier} (an earlier version's, or made by one since) and one in ${schema}. ` +
          'Stop every instance of the earlier version, keep the ledger that holds your orders (in schema ' +
          `${schema}, or set OPI_DATABASE_SCHEMA to the other), and drop or rename the other's tables.`,
      );
    if (left && earlier) {
      const present = await client.query<{ tablename: string }>(
        'select tablename from pg_tables where schemaname = $1 and tablename = any($2)',
        [earlier, tablesOf(left)],
      );
      for (const { tablename } of present.rows)
        await client.query(
          `alter table ${pg.escapeIdentifier(earlier)}.${pg.escapeIdentifier(tablename)} set schema ${target}`,
        );
      // Grants on the tables move with them; another role reading them (reports, backups) needs usage on the schema.
      logger?.warn(
        { code: 'ledger_moved', from: earlier, to: schema, tables: present.rows.length },
        `ledger: moved its tables from schema ${earlier} to ${schema}; grant usage on ${schema} to any other role that reads them`,
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
