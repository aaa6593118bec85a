// vitest globalSetup: a PostgreSQL server for the run, so the suites that need one (the store's tests on both
// drivers, two instances sharing a ledger, the scale-out test) run on a machine with only Node and Debian's
// packages, and with no DATABASE_URL and nothing started by hand. A DATABASE_URL that is set is used instead. With
// no server programs at all (scripts/ensure-postgres.mjs said so), those suites are skipped, each said by name.
import { postgresBinaries, type PostgresServer, startPostgres } from './postgres-server.js';

/** Starts the run's server; answers how to stop it (vitest calls that after the run). */
export default async function startRunPostgres(): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL || !postgresBinaries()) return async () => {};
  const server: PostgresServer = await startPostgres();
  // The test workers start after this and inherit it.
  process.env.DATABASE_URL = server.url;
  return () => server.stop();
}
