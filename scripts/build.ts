// `npm run build`: the package's whole build in order, each step named as it runs, stopping at the first failure.
// The steps that are scripts of their own stay runnable alone (the tests call the budget check on a folder).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

const STEPS: readonly (readonly [what: string, command: string, ...args: string[]])[] = [
  ['check every catalogue', 'tsx', 'scripts/check-catalogues.ts'],
  ['bundle the widget (dist/widget)', 'vite', 'build'],
  ['weigh the widget against its budgets', 'tsx', 'scripts/widget-budget.ts'],
  ['check the widget against its browser support floor', 'tsx', 'scripts/widget-compat.ts'],
  ['precompress the widget', 'tsx', 'scripts/precompress-widget.ts'],
  ['describe the elements (custom-elements.json)', 'cem', 'analyze', '--config', 'custom-elements-manifest.config.mjs'],
  ['bundle the BFF for Node (dist/server)', 'vite', 'build', '--config', 'vite.server.config.ts'],
  ['make the embedded ledger seed', 'tsx', 'scripts/pglite-seed.ts'],
  ['write the declarations (dist/types)', 'tsc', '-p', 'tsconfig.build.json'],
  ['keep the declarations the entries reach', 'tsx', 'scripts/prune-declarations.ts'],
  ['make the browser-only package (dist/elements)', 'tsx', 'scripts/elements-package.ts'],
];

const started = performance.now();
rmSync('dist/types', { recursive: true, force: true });
for (const [what, command, ...args] of STEPS) {
  const at = performance.now();
  console.log(`build: ${what}`);
  // A production build whatever the shell says: Vite picks Lit's development build under any other NODE_ENV (a test
  // runner's "test", a developer's "development"), 4 KB over the widget's budget.
  const { status } = spawnSync(`node_modules/.bin/${command}`, args, {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (status !== 0) {
    console.error(`build: failed at "${what}" (exit ${status})`);
    process.exit(status ?? 1);
  }
  console.log(`build: ${what} done in ${((performance.now() - at) / 1000).toFixed(1)} s`);
}
console.log(`build: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
