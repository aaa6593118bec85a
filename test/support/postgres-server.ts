// A real PostgreSQL server of the tests' own: a throwaway cluster (initdb in a temporary folder, trust auth, fsync
// off) on a free loopback port, which a test may restart (fast or immediate shutdown) or stop. Debian's binaries
// (/usr/lib/postgresql/<version>/bin) or any on the PATH; as root the server runs as the `postgres` user, since
// PostgreSQL refuses to run as root.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { freePort } from '../../scripts/free-port.mjs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findPostgres } from '../../scripts/postgres.mjs';

export interface PostgresServer {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  readonly url: string;
  /** Stops and starts it again; `immediate` skips the shutdown checkpoint (crash recovery at start). */
  restart(mode: 'fast' | 'immediate'): Promise<void>;
  /** Stops the server (fast shutdown), keeping its data: `up()` starts it again. */
  down(): Promise<void>;
  up(): Promise<void>;
  stop(): Promise<void>;
}

/** The folder with initdb and pg_ctl, or null when this machine has no PostgreSQL server installed. */
export const postgresBinaries = (): string | null => findPostgres();

const asRoot = process.getuid?.() === 0;

const execFileAsync = promisify(execFile);

/** Runs a PostgreSQL program as the user that may run it; the event loop goes on meanwhile (requests in flight). */
async function run(bin: string, program: string, args: string[]): Promise<void> {
  const command = asRoot ? 'runuser' : join(bin, program);
  const argv = asRoot ? ['-u', 'postgres', '--', join(bin, program), ...args] : args;
  await execFileAsync(command, argv);
}

/** Starts a new cluster; throws when no PostgreSQL server is installed (postgresBinaries() says beforehand). */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('no PostgreSQL server installed (initdb and pg_ctl)');
  const dir = mkdtempSync(join(tmpdir(), 'opi-pg-'));
  if (asRoot) {
    const { uid, gid } = userIds('postgres');
    chownSync(dir, uid, gid);
  }
  await run(bin, 'initdb', ['-D', dir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const pgCtl = (...args: string[]) => run(bin, 'pg_ctl', ['-D', dir, '-l', join(dir, 'server.log'), '-w', ...args]);
  await pgCtl('-o', options, 'start');
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart(mode) {
      await pgCtl('-m', mode, 'stop');
      await pgCtl('-o', options, 'start');
    },
    down: () => pgCtl('-m', 'fast', 'stop'),
    up: () => pgCtl('-o', options, 'start'),
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        await pgCtl('-m', 'immediate', 'stop');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function userIds(name: string): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
  return { uid, gid };
}
