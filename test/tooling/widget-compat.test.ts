// scripts/widget-compat.ts, which `npm run build` runs: the built widget calls no API above the support floor but
// behind a check, and a module that does is named with the API and the browsers that lack it.
import { execFile } from 'node:child_process';
import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWidgetBuilt, REPO_ROOT } from '../../demo/storefront/widget-build.js';

let dir: string;
beforeAll(async () => {
  await ensureWidgetBuilt();
  dir = await mkdtemp(join(REPO_ROOT, 'dist/.widget-compat-test-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const check = (folder?: string) =>
  promisify(execFile)(
    process.execPath,
    [
      join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'),
      join(REPO_ROOT, 'scripts/widget-compat.ts'),
      ...(folder ? [folder] : []),
    ],
    { timeout: 60_000 },
  ).then(
    ({ stdout }) => ({ code: 0, output: stdout }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: error.stdout + error.stderr,
    }),
  );

describe('the widget against its support floor', () => {
  it('passes the build', async () => {
    const { code, output } = await check();
    expect(output).toMatch(/^widget compat: \d+ modules use no API above the support floor but behind a check$/m);
    expect(code).toBe(0);
  });

  it('fails a module that calls what the floor lacks, naming the API and the browsers', async () => {
    const folder = join(dir, 'newer');
    await cp(join(REPO_ROOT, 'dist/widget'), folder, { recursive: true });
    await appendFile(
      join(folder, 'opi-checkout.js'),
      '\nexport const probe = [AbortSignal.any([]), AbortSignal.timeout(1), [1].findLast(Boolean), structuredClone(1)];\n',
    );
    const { code, output } = await check(folder);
    expect(output).toMatch(/^widget compat: opi-checkout\.js: AbortSignal\.any is not in .*safari 15\.4/m);
    expect(output).toMatch(/^widget compat: opi-checkout\.js: AbortSignal\.timeout is not in .*safari 15\.4/m);
    expect(output).toMatch(/^widget compat: opi-checkout\.js: Array\.findLast\(\) is not supported in Firefox 100/m);
    // Within the floor: not named.
    expect(output).not.toMatch(/structuredClone/);
    expect(code).toBe(1);
  });
});
