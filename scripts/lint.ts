// `npm run lint` (and `--write` for `npm run format`): Biome's formatter and linter over every tracked source file,
// then scripts/unused-exports.ts for exports nothing imports. Biome runs through its WebAssembly build: its CLI is a native binary
// in per-platform packages, and a lockfile made where the registry lacks the other platforms' packages makes
// `npm ci` refuse to install anywhere, while the WebAssembly build is one package for every platform. The rules and
// the format are biome.json's.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Biome } from '@biomejs/js-api/nodejs';
import { unusedExports } from './unused-exports.js';

const SOURCE = /\.(ts|mts|mjs|js|json|css)$/;
const SKIP = [
  /^custom-elements\.json$/,
  /^package-lock\.json$/,
  /^test\/conformance\/fixtures\//,
  /^test\/support\/merchant-api-types\.ts$/,
];

const write = process.argv.includes('--write');
const biome = new Biome();
const { projectKey } = biome.openProject(process.cwd());
biome.applyConfiguration(projectKey, JSON.parse(readFileSync('biome.json', 'utf8')));

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => SOURCE.test(file) && !SKIP.some((pattern) => pattern.test(file)) && existsSync(file));

let unformatted = 0;
let errors = 0;
for (const filePath of files) {
  const source = readFileSync(filePath, 'utf8');
  const lint = biome.lintContent(projectKey, source, { filePath });
  const failing = lint.diagnostics.filter(
    (diagnostic) => diagnostic.severity === 'error' || diagnostic.severity === 'warning',
  );
  for (const diagnostic of failing) {
    errors++;
    // The span counts UTF-8 bytes.
    const before = Buffer.from(source)
      .subarray(0, diagnostic.location.span?.[0] ?? 0)
      .toString();
    const line = before.split('\n').length;
    console.log(`${filePath}:${line} ${diagnostic.category}: ${diagnostic.description}`);
  }
  const { content } = biome.formatContent(projectKey, source, { filePath });
  if (content === source) continue;
  if (write) writeFileSync(filePath, content);
  else {
    unformatted++;
    console.log(`not formatted: ${filePath} (npm run format)`);
  }
}
// Public faces whose exports are for others (the package's entries, the browser finder's JavaScript users, vitest's
// global setup, the build configs, the API types generated whole), and exports used beside their declaration (a type named for a signature).
const PUBLIC =
  /^(widget\/components\/[\w-]+\/index\.ts|widget\/(jsx|vue|svelte)\.ts|bff\/index\.ts|shared\/index\.ts|scripts\/browser\.d\.mts|test\/support\/(clear-test-results|postgres-global|merchant-api-types)\.ts|vite\.config\.ts|vite\.server\.config\.ts|vitest\.config\.ts)$/;
const unused = unusedExports((path) => PUBLIC.test(path));
for (const line of unused) console.log(`unused export: ${line}`);

console.log(
  `lint: ${files.length} files, ${errors} problems, ${unformatted} not formatted, ${unused.length} unused exports`,
);
process.exit(errors > 0 || unformatted > 0 || unused.length > 0 ? 1 : 0);
