// scripts/widget-budget.ts, which `npm run build` runs: it passes the real bundle and fails a file Node cannot parse
// or one over 20.5 KB of gzip, each with a message that says which.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWidgetBuilt, REPO_ROOT, WIDGET_BUNDLE } from '../../demo/storefront/widget-build.js';

let dir: string;

beforeAll(async () => {
  await ensureWidgetBuilt();
  dir = await mkdtemp(join(tmpdir(), 'opi-widget-budget-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function budget(file: string): Promise<{ code: number; output: string }> {
  const script = join(REPO_ROOT, 'scripts/widget-budget.ts');
  const tsx = join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs');
  return promisify(execFile)(process.execPath, [tsx, script, file], { timeout: 15_000 }).then(
    ({ stdout }) => ({ code: 0, output: stdout }),
    (error: { code: number; stderr: string }) => ({ code: error.code, output: error.stderr }),
  );
}

describe('widget budget script', () => {
  it('passes the built bundle: within 20.5 KB of gzip, and Node parses it', async () => {
    const { code, output } = await budget(WIDGET_BUNDLE);
    expect(output).toMatch(/^widget budget: \d+\.\d\d KB gzip of 20.5 KB .*node --check passed\n$/);
    expect(code).toBe(0);
  });

  it('fails a bundle Node cannot parse (a decorator left in), naming node --check', async () => {
    // .mjs: Node 20 lets a plain .js file outside a "type": "module" package pass --check unparsed once it sees
    // module syntax; the real bundle sits in this repository's module package.
    const file = join(dir, 'decorated.mjs');
    await writeFile(file, `${await readFile(WIDGET_BUNDLE, 'utf8')}\n@customElement('x-y') class Decorated {}\n`);
    const { code, output } = await budget(file);
    expect(output).toMatch(/^widget bundle: node --check failed: SyntaxError: /);
    expect(code).toBe(1);
  });

  it('fails a bundle over 20.5 KB of gzip', async () => {
    const file = join(dir, 'large.mjs');
    // Random bytes do not compress: 21 KB of them as a string literal is well over the budget.
    await writeFile(file, `export const data = ${JSON.stringify(randomBytes(21 * 1024).toString('base64'))};\n`);
    const { code, output } = await budget(file);
    expect(output).toMatch(/OVER BUDGET by \d+ bytes/);
    expect(code).toBe(1);
  });
});
