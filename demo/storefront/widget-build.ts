// Builds the widget (dist/widget/: an ES module per element and their chunks) when it is missing or older than its
// sources, for `npm start` and the end-to-end tests. The BFF serves it; a stale one would demo yesterday's widget.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WIDGET_ELEMENTS } from '../../bff/http/widget-asset.js';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const WIDGET_BUNDLE = join(REPO_ROOT, 'dist/widget/opi-checkout.js');
const SOURCES = ['widget', 'shared', 'vite.config.ts'];

async function newestMtime(path: string): Promise<number> {
  const info = await stat(path).catch(() => undefined);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(path);
  const times = await Promise.all(entries.map((entry) => newestMtime(join(path, entry))));
  return Math.max(info.mtimeMs, ...times);
}

export async function widgetBundleIsStale(): Promise<boolean> {
  const built = await stat(WIDGET_BUNDLE).catch(() => undefined);
  if (!built) return true;
  const sources = await Promise.all(SOURCES.map((source) => newestMtime(join(REPO_ROOT, source))));
  return Math.max(...sources) > built.mtimeMs;
}

function runViteBuild(outDir: string): Promise<void> {
  const vite = join(REPO_ROOT, 'node_modules/vite/bin/vite.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: REPO_ROOT,
      // Under vitest NODE_ENV is "test", which would make vite pick lit's development build (larger, and it warns).
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build failed (exit ${code}):\n${errors}`)),
    );
  });
}

/**
 * Builds into a private folder, then renames each file into dist/widget, the chunks before the elements that import
 * them: a rename replaces a file atomically, so a BFF or a second build running at the same moment (parallel test
 * files) never sees an element without its chunks. The chunks' names change with their content, so an older build's
 * chunks stay for whoever still reads them; the BFF serves only what the elements import.
 */
export async function ensureWidgetBuilt(): Promise<{ built: boolean }> {
  if (!(await widgetBundleIsStale())) return { built: false };
  const target = join(REPO_ROOT, 'dist/widget');
  await mkdir(target, { recursive: true });
  const scratch = await mkdtemp(join(REPO_ROOT, 'dist/.widget-build-'));
  try {
    await runViteBuild(scratch);
    const files = await readdir(scratch);
    const isElement = (file: string) => WIDGET_ELEMENTS.some((element) => file.startsWith(`${element}.js`));
    for (const file of [...files.filter((file) => !isElement(file)), ...files.filter(isElement)]) {
      await rename(join(scratch, file), join(target, file));
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  return { built: true };
}
