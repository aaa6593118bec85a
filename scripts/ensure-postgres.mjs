// @ts-check
// A step of `npm test` and of .ci/run, beside the browser's: the tests need a PostgreSQL server of their own (they
// start one on a free port, test/support/postgres-global.ts). Unless DATABASE_URL names one, find the server
// programs, or install Debian's postgresql where that is allowed (Debian or Ubuntu, root, apt-get); elsewhere say in
// one line that the PostgreSQL suites will be skipped, and how to have them.
import { spawnSync } from 'node:child_process';
import { canInstallWithApt } from './browser.mjs';
import { findPostgres } from './postgres.mjs';

if (process.env.DATABASE_URL) {
  console.log('postgresql: DATABASE_URL');
  process.exit(0);
}
let found = findPostgres();
if (!found && canInstallWithApt()) {
  console.log("No PostgreSQL server found: installing Debian's postgresql with apt-get (one time)...");
  const apt = (/** @type {string[]} */ args) => {
    const run = spawnSync('apt-get', args, {
      encoding: 'utf8',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (run.status !== 0) process.stderr.write(run.stdout + run.stderr);
    return run.status === 0;
  };
  if (apt(['update', '-q']) && apt(['install', '-y', '-q', '--no-install-recommends', 'postgresql']))
    found = findPostgres();
}
const hint = 'install a PostgreSQL server (apt-get install postgresql, brew install postgresql) or set DATABASE_URL';
console.log(found ? `postgresql: ${found}` : `postgresql: none; the PostgreSQL suites are skipped (${hint})`);
