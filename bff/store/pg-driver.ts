// PostgreSQL through a pg Pool, for deployments with several BFF instances on one database.
import pg from 'pg';
import type { SqlDb, SqlDriver } from './sql.js';

interface Queryable {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

function wrap(client: Queryable): SqlDb {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      return (await client.query(sql, [...params])).rows as Row[];
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

export interface PgDriverOptions {
  connectionString: string;
  /** Schema to work in (search_path); the tests use one per run. */
  schema?: string;
  max?: number;
}

export async function createPgDriver({ connectionString, schema, max = 10 }: PgDriverOptions): Promise<SqlDriver> {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema))
    throw new Error('schema must be a plain lower-case identifier');
  const pool = new pg.Pool({ connectionString, max, ...(schema ? { options: `-c search_path=${schema}` } : {}) });
  // An idle client's connection error must not crash the process; the next query reports it.
  pool.on('error', () => {});
  return {
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    embedded: false,
    connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}
