// @ts-check
// Where this machine's PostgreSQL server programs are (initdb, pg_ctl): Debian's /usr/lib/postgresql/<version>/bin,
// or the PATH. The tests start a throwaway server of their own from them (test/support/postgres-server.ts); npm
// test's first step installs Debian's package where that is allowed (scripts/ensure-postgres.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The folder with initdb and pg_ctl, or null. */
export function findPostgres(root = '/usr/lib/postgresql') {
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((name) => existsSync(join(root, name, 'bin', 'pg_ctl')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(root, versions[0], 'bin');
  }
  const onPath = spawnSync('sh', ['-c', 'command -v pg_ctl'], { encoding: 'utf8' }).stdout.trim();
  return onPath ? onPath.replace(/\/pg_ctl$/, '') : null;
}
