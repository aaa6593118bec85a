// The BFF as `npm run build` bundles it (vite.server.config.ts), in a temporary folder laid out like the container's
// /app (deploy/Dockerfile): dist/server/main.js and its chunks, a package.json that says ES modules, the packages.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface CompiledServer {
  /** The folder to run the start command in. */
  dir: string;
  remove(): void;
}

export function compileServer(): CompiledServer {
  const dir = mkdtempSync(join(tmpdir(), 'opi-bff-compiled-'));
  const vite = join(process.cwd(), 'node_modules/.bin/vite');
  execFileSync(vite, [
    'build',
    '--config',
    'vite.server.config.ts',
    '--outDir',
    join(dir, 'dist/server'),
    '--logLevel',
    'warn',
  ]);
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
  symlinkSync(join(process.cwd(), 'node_modules'), join(dir, 'node_modules'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
