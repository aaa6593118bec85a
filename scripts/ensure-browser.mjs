// @ts-check
// The first step of `npm test` and of .ci/run: find the browser engines the browser tests run in (WTR_BROWSERS, by
// default Chromium, Firefox and WebKit) and the fonts every language needs, install Debian's packages for what is
// missing where that is allowed (Debian or Ubuntu, root, apt-get), or stop before any test with one line per engine
// or script saying what to do.
import { spawnSync } from 'node:child_process';
import { canInstallWithApt } from './browser.mjs';
import { findEngine, selectedEngines } from './engines.mjs';
import { missingFonts } from './fonts.mjs';

function aptGet(/** @type {string[]} */ args) {
  // apt's own output goes nowhere unless it fails: the one line below says what is happening.
  const run = spawnSync('apt-get', args, {
    encoding: 'utf8',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (run.status !== 0) process.stderr.write(run.stdout + run.stderr);
  return run.status === 0;
}

const engines = selectedEngines();
let found = engines.map((engine) => ({ engine, found: findEngine(engine) }));
let fonts = missingFonts();
const packages = [
  ...found.flatMap(({ found: one }) => ('problem' in one && one.missing ? one.packages : [])),
  ...new Set((fonts ?? []).map((font) => font.package)),
];
if (packages.length > 0 && canInstallWithApt()) {
  console.log(
    `Browser engines or fonts missing: installing Debian's ${packages.join(', ')} with apt-get (one time)...`,
  );
  if (aptGet(['update', '-q']) && aptGet(['install', '-y', '-q', '--no-install-recommends', ...packages])) {
    found = engines.map((engine) => ({ engine, found: findEngine(engine) }));
    fonts = missingFonts();
  }
}
const problems = [
  ...found.flatMap(({ found: one }) => ('problem' in one ? [one.problem] : [])),
  ...(fonts ?? []).map(
    (font) =>
      `No font for ${font.script} (the widget's languages are drawn in the browser tests): apt-get install ${font.package}, or your system's equivalent.`,
  ),
];
for (const problem of problems) console.error(problem);
if (problems.length > 0) process.exit(1);
console.log(found.map(({ engine, found: one }) => `${engine}: ${'path' in one ? one.path : ''}`).join('; '));
