// After tsc's declaration emit (tsconfig.build.json): keeps in dist/types only the .d.ts
// files the package's type entries reach (package.json "exports" ... "types"), following their relative imports,
// so the package ships the public types and nothing of the internals they do not mention.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { declarationsReached } from './declarations.js';

const ROOT = 'dist/types';
const exportsField = JSON.parse(readFileSync('package.json', 'utf8')).exports as Record<string, { types?: string }>;
const entries = Object.values(exportsField).flatMap((target) =>
  typeof target === 'object' && target.types ? [normalize(target.types)] : [],
);
const reached = declarationsReached(entries).files;

let removed = 0;
for (const file of readdirSync(ROOT, { recursive: true, encoding: 'utf8' })) {
  const path = join(ROOT, file);
  if (path.endsWith('.d.ts') && !reached.has(path)) {
    rmSync(path);
    removed++;
  }
}
console.log(`declarations: ${reached.size} kept for ${entries.length} entries, ${removed} unreachable removed`);
