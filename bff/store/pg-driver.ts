// PostgreSQL through a pg Pool, for deployments with several BFF instances on one database. It survives its server:
// a restart, a failover, a reset or a DNS change ends connections, never the process. A broken client is dropped
// from the pool, the failure is logged once and counted, and the work is tried again while that is sure to be safe
// (within a few seconds): a transaction cut before its commit (the server rolled it back), a statement that never
// reached the server, or a read. Otherwise it ends as LedgerUnavailableError (503 `ledger_unavailable`).
import pg from 'pg';
import type { Logger } from 'pino';
import { endsConnection, FailureCounts, LedgerUnavailableError, ledgerFailureCode } from './ledger-errors.js';
import { isRead, type SqlDb, type SqlDriver } from './sql.js';

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
  logger?: Logger;
}

// Local choice: how long the ledger's own retries may take in all (a restart is back in well under a second; a
// failover takes longer and is answered 503 with Retry-After meanwhile), and the backoff between them.
const RETRY_BUDGET_MS = 5_000;
const RETRY_DELAYS_MS = [50, 150, 400, 1_000, 2_000];
// Logged at most this often per failure code: one restart breaks every connection of the pool at once.
const LOG_EVERY_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function createPgDriver({
  connectionString,
  schema,
  max = 10,
  logger,
}: PgDriverOptions): Promise<SqlDriver> {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema))
    throw new Error('schema must be a plain lower-case identifier');
  const pool = new pg.Pool({ connectionString, max });
  const failures = new FailureCounts();
  const lastLogged = new Map<string, number>();

  function noted(code: string, error: unknown, what: string) {
    failures.add(code);
    const now = Date.now();
    if (now - (lastLogged.get(code) ?? 0) < LOG_EVERY_MS) return;
    lastLogged.set(code, now);
    logger?.warn({ code, err: error }, `ledger connection failure (${what})`);
  }

  // An idle client's connection ended (the server restarted): the pool drops it; nothing else to do.
  pool.on('error', (error) => noted(ledgerFailureCode(error) ?? 'connection_lost', error, 'idle connection'));
  // Every client, for its whole life, has a listener: one being checked out, destroyed or ended when the server ends
  // its connection would otherwise raise an uncaught error (withClient notes a checked-out one's failure itself).
  // The schema is said on each new connection, first in its queue: pg lets a URL's own `options` override the
  // pool's, and a URL rewritten to carry it would lose the forms pg alone parses (a socket path, a bare % in a
  // password). A connection that cannot set it fails its queries, which name the missing relation.
  pool.on('connect', (client) => {
    client.on('error', () => {});
    if (schema) client.query(`set search_path to ${schema}`).catch(() => {});
  });

  /** Runs `work` on one client, again on a new one while `retryable` says it is safe and the budget lasts. */
  async function withClient<T>(
    work: (client: pg.PoolClient) => Promise<T>,
    retryable: (stage: 'connect' | 'work') => boolean,
  ): Promise<T> {
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      let client: pg.PoolClient | undefined;
      let broken: unknown;
      // While it is checked out the pool no longer listens to it: a connection the server ends now would be an
      // uncaught error (the crash an operator saw on a restart) without this.
      const onError = (error: unknown) => {
        broken = error;
      };
      let stage: 'connect' | 'work' = 'connect';
      try {
        client = await pool.connect();
        client.on('error', onError);
        stage = 'work';
        return await work(client);
      } catch (error) {
        const code = ledgerFailureCode(error) ?? (broken ? 'connection_lost' : null);
        if (!code) throw error;
        broken ??= endsConnection(code) ? error : undefined;
        noted(code, error, stage === 'connect' ? 'connect' : 'query');
        const delay = RETRY_DELAYS_MS[attempt];
        if (delay !== undefined && Date.now() - started + delay < RETRY_BUDGET_MS && retryable(stage)) {
          await sleep(delay);
          continue;
        }
        throw new LedgerUnavailableError('the ledger cannot be reached', code, error);
      } finally {
        client?.removeListener('error', onError);
        // A broken client is destroyed, never handed out again.
        client?.release(broken instanceof Error ? broken : broken ? new Error('connection lost') : undefined);
      }
    }
  }

  const direct: SqlDb = {
    query: (sql, params) =>
      withClient(
        (client) => wrap(client).query(sql, params),
        (stage) => stage === 'connect' || isRead(sql),
      ),
    exec: (sql) =>
      withClient(
        (client) => wrap(client).exec(sql),
        (stage) => stage === 'connect',
      ),
  };

  return {
    ...direct,
    transaction<T>(fn: (db: SqlDb) => Promise<T>) {
      let committing = false;
      return withClient(
        async (client) => {
          committing = false;
          await client.query('begin');
          try {
            const result = await fn(wrap(client));
            committing = true;
            await client.query('commit');
            return result;
          } catch (error) {
            if (!ledgerFailureCode(error)) await client.query('rollback').catch(() => {});
            throw error;
          }
        },
        // Cut before its commit, the transaction was rolled back by the server: safe to run again from the start.
        // Cut during the commit, it may have been committed: its outcome is unknown, and the caller is told.
        () => !committing,
      );
    },
    embedded: false,
    connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    failures: () => failures.snapshot(),
    close: () => pool.end(),
  };
}
