// The browser-only package a storefront installs (dist/elements, `opi-checkout-elements`), as a shop gets it:
// packed, installed into an empty project, then used only through its exports. It brings no server (no Express, no
// database driver, no PGlite, no logger), its types check with React's JSX, and docs/embedding.md's numbers (files,
// packed size) are the package's, as are those it gives for the main package.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopTsconfig } from '../support/shop-tsconfig.js';

const run = promisify(execFile);
const REPO = process.cwd();
const BIN = join(REPO, 'node_modules/.bin');
const embedding = readFileSync('docs/embedding.md', 'utf8');

interface Packed {
  filename: string;
  entryCount: number;
  size: number;
}
const pack = async (folder: string, args: string[] = []): Promise<Packed> =>
  JSON.parse((await run('npm', ['pack', '--json', ...args], { cwd: folder })).stdout)[0];

let project: string;
let packed: Packed;

beforeAll(async () => {
  if (!existsSync('dist/elements/package.json')) await run('npm', ['run', 'build'], { cwd: REPO });
  project = mkdtempSync(join(tmpdir(), 'opi-elements-'));
  packed = await pack(join(REPO, 'dist/elements'), ['--pack-destination', project]);
  writeFileSync(join(project, 'package.json'), '{ "name": "storefront", "private": true, "type": "module" }\n');
  await run(
    'npm',
    ['install', join(project, packed.filename), '@types/react@19', '--no-audit', '--no-fund', '--prefer-offline'],
    { cwd: project },
  );
}, 300_000);

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

describe('opi-checkout-elements', () => {
  it('installs the elements with no server dependency', async () => {
    const tree = JSON.parse((await run('npm', ['ls', '--all', '--json', '--omit=dev'], { cwd: project })).stdout);
    const names = new Set<string>();
    const walk = (dependencies: Record<string, { dependencies?: object }> = {}) => {
      for (const [name, node] of Object.entries(dependencies)) {
        names.add(name);
        walk(node.dependencies as Record<string, { dependencies?: object }>);
      }
    };
    walk(tree.dependencies);
    for (const server of [
      'express',
      'pg',
      '@electric-sql/pglite',
      'pino',
      'prom-client',
      'helmet',
      '@opentelemetry/api',
    ])
      expect(names.has(server), server).toBe(false);
    expect(names).toContain('lit');
    const installed = JSON.parse(
      readFileSync(join(project, 'node_modules/opi-checkout-elements/package.json'), 'utf8'),
    );
    expect(Object.keys(installed.dependencies).sort()).toEqual(['lit', 'zod']);
  });

  it("type-checks a React storefront's element, events and tag, and refuses a wrong property", async () => {
    writeFileSync(
      join(project, 'shop.tsx'),
      `import type { OpiCheckout } from 'opi-checkout-elements/element';
import type {} from 'opi-checkout-elements/jsx';

const element: OpiCheckout = document.createElement('opi-checkout');
element.session = 'cs_1';
element.addEventListener('opi-order-created', (event) => console.log(event.detail.redirectUrl.length));
export const tag = <opi-checkout session="cs_1" api-base="/checkout-api" id="pay" dir="rtl" strings={{ providersLegend: 'Pay with' }} />;
`,
    );
    writeFileSync(join(project, 'tsconfig.json'), shopTsconfig(['shop.tsx'], []));
    await run(join(BIN, 'tsc'), ['-p', 'tsconfig.json'], { cwd: project }).catch((error: { stdout: string }) => {
      throw new Error(`the storefront does not type-check:\n${error.stdout}`);
    });
    writeFileSync(
      join(project, 'shop.tsx'),
      "import type { OpiCheckout } from 'opi-checkout-elements/element';\nexport const wrong = (element: OpiCheckout) => { element.session = 42; };\n",
    );
    await expect(run(join(BIN, 'tsc'), ['-p', 'tsconfig.json'], { cwd: project })).rejects.toMatchObject({
      stdout: expect.stringContaining("Type 'number' is not assignable to type 'string'"),
    });
  });

  it("is what docs/embedding.md says: its files and packed size, and the main package's", async () => {
    const stated = /(\d+) files, (\d+) kB packed, with the two elements/.exec(embedding);
    expect(stated).not.toBeNull();
    expect(packed.entryCount).toBe(Number(stated![1]));
    expect(Math.abs(packed.size / 1000 - Number(stated![2]))).toBeLessThan(Number(stated![2]) * 0.1);

    const main = await pack(REPO, ['--dry-run']);
    const mainStated = /packs only that \((\d+) files, ([\d.]+) MB packed/.exec(embedding);
    expect(mainStated).not.toBeNull();
    expect(main.entryCount).toBe(Number(mainStated![1]));
    expect(Math.abs(main.size / 1e6 - Number(mainStated![2]))).toBeLessThan(Number(mainStated![2]) * 0.1);
  });
});
