// @ts-check
// The first step of `npm test` and of .ci/run: find the browser the browser tests need, install Debian's chromium
// where that is allowed (Debian or Ubuntu, root, apt-get), or stop before any test with one line saying what to do.
import { spawnSync } from 'node:child_process';
import { canInstallWithApt, findBrowserHere } from './browser.mjs';

function aptGet(args) {
  // apt's own output goes nowhere unless it fails: the one line below says what is happening.
  const run = spawnSync('apt-get', args, {
    encoding: 'utf8',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (run.status !== 0) process.stderr.write(run.stdout + run.stderr);
  return run.status === 0;
}

let found = findBrowserHere();
if ('problem' in found && found.missing && canInstallWithApt()) {
  console.log("No Chromium-family browser found: installing Debian's chromium with apt-get (one time)...");
  if (aptGet(['update', '-q']) && aptGet(['install', '-y', '-q', 'chromium'])) found = findBrowserHere();
}
if ('problem' in found) {
  console.error(found.problem);
  process.exit(1);
}
console.log(`browser: ${found.path}`);
