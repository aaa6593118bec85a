// scripts/widget-budget.ts, which `npm run build` runs: it passes the real build and fails a folder where a module
// Node cannot parse, one above the support floor (a class static block), an element's first paint over its gzip
// budget or a chunk loaded on demand over its cap, each with a message that says which.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFile, cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWidgetBuilt, REPO_ROOT } from '../../demo/storefront/widget-build.js';
import { LANGUAGES } from '../../shared/languages.js';

const BUILT = join(REPO_ROOT, 'dist/widget');
let dir: string;

beforeAll(async () => {
  await ensureWidgetBuilt();
  // Inside the repository, a "type": "module" package: Node 20 lets a .js file outside one pass --check unparsed.
  dir = await mkdtemp(join(REPO_ROOT, 'dist/.widget-budget-test-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function budget(folder: string): Promise<{ code: number; output: string }> {
  const script = join(REPO_ROOT, 'scripts/widget-budget.ts');
  const tsx = join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs');
  return promisify(execFile)(process.execPath, [tsx, script, folder], { timeout: 30_000 }).then(
    ({ stdout }) => ({ code: 0, output: stdout }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: error.stdout + error.stderr,
    }),
  );
}

/** A copy of the build with one module changed. */
async function changedCopy(name: string, file: string, addition: string): Promise<string> {
  const folder = join(dir, name);
  await cp(BUILT, folder, { recursive: true });
  await appendFile(join(folder, file), addition);
  return folder;
}

describe('widget budget script', () => {
  it('passes the build: each first paint within its gzip budget, each chunk on demand within its cap, every module parsed', async () => {
    const { code, output } = await budget(BUILT);
    expect(output).toMatch(
      /^widget budget: opi-checkout: \d+\.\d\d KB of 12.25 KB gzip before its first paint \(opi-checkout\.js .*opi-shared-[\w-]+\.js .*\); on demand: .*opi-checkout-ar-[\w-]+\.js /m,
    );
    // The details form is not in the first paint: it comes on demand, within a cap of its own.
    expect(output).toMatch(/ opi-checkout-form-[\w-]+\.js \d+\.\d\d KB of 6 KB/);
    expect(output, "English's words for it too").toMatch(/ opi-checkout-en-form-[\w-]+\.js \d+\.\d\d KB of 1.5 KB/);
    expect(output).not.toMatch(/first paint \([^)]*opi-checkout-form/);
    expect(output).toMatch(/^widget budget: opi-instalments: \d+\.\d\d KB of 4 KB gzip of its own/m);
    expect(output).toMatch(
      /^widget budget: a page with both: \d+\.\d\d KB of 17.5 KB gzip before their first paints; parsed by Node as modules and by acorn at the support floor: \d+ files$/m,
    );
    for (const language of LANGUAGES.filter((each) => each !== 'en'))
      for (const element of ['opi-checkout', 'opi-instalments'])
        expect(output, `${element} ${language} is weighed`).toMatch(
          new RegExp(`${element}-${language}-[\\w-]+\\.js \\d+\\.\\d\\d KB`),
        );
    expect(code).toBe(0);
  });

  it.each([
    ["a language's strings", 'thai', /^opi-checkout-th-[\w-]+\.js$/, '1.5'],
    ['the details form', 'form', /^opi-checkout-form-[\w-]+\.js$/, '6'],
  ])('fails %s over their own cap', async (_what, copy, pattern, capKb) => {
    const chunk = (await readdir(BUILT)).find((name) => pattern.test(name))!;
    // 2 KB of random bytes do not compress: over any chunk's cap whatever it weighs today.
    const literal = `\nexport const data = ${JSON.stringify(randomBytes(2048).toString('base64'))};\n`;
    const folder = await changedCopy(copy, chunk, literal);
    const { code, output } = await budget(folder);
    expect(output).toMatch(
      new RegExp(`^widget budget: ${chunk} [\\d.]+ KB is OVER BUDGET by \\d+ bytes of ${capKb} KB$`, 'm'),
    );
    expect(code).toBe(1);
  });

  it('fails a module Node cannot parse (a decorator left in), naming the file and the syntax error', async () => {
    const folder = await changedCopy('decorated', 'opi-instalments.js', "\n@customElement('x-y') class Decorated {}\n");
    const { code, output } = await budget(folder);
    expect(output).toMatch(/^widget budget: opi-instalments\.js: Node cannot parse it: SyntaxError: /m);
    expect(code).toBe(1);
  });

  it('fails an element over its gzip budget', async () => {
    // Random bytes do not compress: 16 KB of them as a string literal is well over any element's budget.
    const literal = `\nexport const data = ${JSON.stringify(randomBytes(16 * 1024).toString('base64'))};\n`;
    const folder = await changedCopy('large', 'opi-checkout.js', literal);
    const { code, output } = await budget(folder);
    expect(output).toMatch(/^widget budget: opi-checkout [\d.]+ KB is OVER BUDGET by \d+ bytes of 12.25 KB$/m);
    expect(code).toBe(1);
  });

  it('fails a chunk that imports an element: the page loads that one at its versioned URL, so it would run twice', async () => {
    const chunk = (await readdir(BUILT)).find((name) => /^opi-checkout-form-[\w-]+\.js$/.test(name))!;
    const folder = await changedCopy('imports-entry', chunk, '\nimport "./opi-checkout.js";\n');
    const { code, output } = await budget(folder);
    expect(output).toMatch(
      new RegExp(`^widget budget: ${chunk}: imports opi-checkout\\.js, which a page loads at its versioned URL`, 'm'),
    );
    expect(code).toBe(1);
  });

  it('fails a module above the support floor: a class static block, which Safari before 16.4 cannot parse', async () => {
    const folder = await changedCopy('static-block', 'opi-checkout.js', '\nclass Styled { static { this.x = 1; } }\n');
    const { code, output } = await budget(folder);
    expect(output).toMatch(/^widget budget: opi-checkout\.js: above the support floor: a class static block$/m);
    expect(code).toBe(1);
  });
});
