// The browser-only package a storefront installs (dist/elements, `opi-checkout-elements`), as a shop gets it:
// packed from a fresh clone by the one command docs/embedding.md gives (`npm run pack:elements`), installed into an empty project beside React, Vue and Svelte, then used only through its exports. It brings
// no server (no Express, no database driver, no PGlite, no logger); docs/embedding.md's numbers (files, packed size)
// are the package's, as are those it gives for the main package; and docs/frameworks.md's three storefronts
// (test/storefronts) type-check under strict settings, build with Vite and pay in Chromium, the element defined after
// the framework's first render.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../support/checkout.js';
import { launchChromium } from '../support/chromium.js';
import { customer, address } from '../support/shopper.js';
import { freshClone } from '../support/fresh-clone.js';
import { useCheckoutStack } from '../support/stack.js';
import { serveFolder, type StaticFiles } from '../support/static-files.js';

const run = promisify(execFile);
const REPO = process.cwd();
const BIN = join(REPO, 'node_modules/.bin');
const embedding = readFileSync('docs/embedding.md', 'utf8');
const frameworks = readFileSync('docs/frameworks.md', 'utf8');

/**
 * What a storefront of each framework installs beside the elements: the framework, Vite and its plugin, and the
 * checkers. TypeScript 6 for vue-tsc and svelte-check, which need its compiler API (TypeScript 7 has none yet); the
 * React app is checked by the repository's TypeScript 7.
 */
const STOREFRONT_PACKAGES = [
  'react@19',
  'react-dom@19',
  '@types/react@19',
  '@types/react-dom@19',
  'vue@3',
  'svelte@5',
  'vite@8',
  '@vitejs/plugin-react@6',
  '@vitejs/plugin-vue@6',
  '@sveltejs/vite-plugin-svelte@7',
  'typescript@6',
  'vue-tsc@3',
  'svelte-check@4',
];

interface Packed {
  filename: string;
  entryCount: number;
  size: number;
}
const pack = async (folder: string, args: string[] = []): Promise<Packed> =>
  JSON.parse((await run('npm', ['pack', '--json', ...args], { cwd: folder })).stdout)[0];

let clone: string;
let project: string;
let packed: Packed;
let pages: StaticFiles;

beforeAll(async () => {
  clone = await freshClone();
  project = mkdtempSync(join(tmpdir(), 'opi-elements-'));
  const { stdout } = await run('npm', ['run', 'pack:elements', '--', '--json', '--pack-destination', project], {
    cwd: clone,
    maxBuffer: 64 * 1024 * 1024,
  });
  // The build's steps print first; npm pack's answer is the JSON that ends the output.
  packed = JSON.parse(stdout.slice(stdout.lastIndexOf('\n[') + 1))[0];
  writeFileSync(join(project, 'package.json'), '{ "name": "storefront", "private": true, "type": "module" }\n');
  await run(
    'npm',
    ['install', join(project, packed.filename), ...STOREFRONT_PACKAGES, '--no-audit', '--no-fund', '--prefer-offline'],
    { cwd: project },
  );
  pages = await serveFolder(project);
}, 300_000);

afterAll(async () => {
  await pages?.close();
  for (const folder of [project, clone]) if (folder) rmSync(folder, { recursive: true, force: true });
});

const stack = useCheckoutStack({ env: () => ({ OPI_ALLOWED_ORIGINS: pages.url }) });

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

  it("is what docs/embedding.md says: its files and packed size, and the main package's", async () => {
    const stated = /(\d+) files, (\d+) kB packed, with the two elements/.exec(embedding);
    expect(stated).not.toBeNull();
    expect(packed.entryCount).toBe(Number(stated![1]));
    expect(Math.abs(packed.size / 1000 - Number(stated![2]))).toBeLessThan(Number(stated![2]) * 0.1);

    // Built by the pack above, so its prepack need not build again.
    const main = await pack(clone, ['--dry-run', '--ignore-scripts']);
    const mainStated = /packs only that \((\d+) files, ([\d.]+) MB packed/.exec(embedding);
    expect(mainStated).not.toBeNull();
    expect(main.entryCount).toBe(Number(mainStated![1]));
    expect(Math.abs(main.size / 1e6 - Number(mainStated![2]))).toBeLessThan(Number(mainStated![2]) * 0.1);
  });
});

interface Storefront {
  /** The checker a storefront of this framework runs, from the app's folder. */
  check: (app: string) => [string, string[]];
  /**
   * The component that renders the tag; its session binding as written; the binding made a number, beside every
   * global attribute and an event listener a template may write on any element (issue 36: Vue refused them).
   */
  component: string;
  binding: [string, string];
  /**
   * The checker's whole answer to the component beside a copy of it (`src/Refused.*`) with that binding: the number
   * refused in the copy, nothing else (the component as written passes).
   */
  refusal: RegExp;
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const oneLine = (line: string) => new RegExp(`^${literal(line)}\\s*$`);
const NUMBER_REFUSED = "Type 'number' is not assignable to type 'string'.";
const GLOBALS = 'id="pay" title="Pay" dir="rtl" lang="ar" aria-label="Payment" data-test="x" part="p"';

const STOREFRONTS: Record<string, Storefront> = {
  react: {
    check: () => [join(BIN, 'tsc'), ['-p', 'tsconfig.json']],
    component: 'src/Checkout.tsx',
    binding: ['session={session}', `session={42} ${GLOBALS} hidden={false} onClick={(event) => event.clientX}`],
    refusal: oneLine(`src/Refused.tsx(13,9): error TS2322: ${NUMBER_REFUSED}`),
  },
  vue: {
    check: (app) => [join(app, '../node_modules/.bin/vue-tsc'), ['-p', 'tsconfig.json']],
    component: 'src/Checkout.vue',
    binding: [
      ':session="session"',
      `:session="42" ${GLOBALS} :hidden="false" @click="(event: MouseEvent) => event.clientX"`,
    ],
    refusal: oneLine(`src/Refused.vue(14,6): error TS2322: ${NUMBER_REFUSED}`),
  },
  svelte: {
    check: (app) => [
      join(app, '../node_modules/.bin/svelte-check'),
      ['--tsconfig', './tsconfig.json', '--fail-on-warnings', '--output', 'human'],
    ],
    component: 'src/Checkout.svelte',
    // No click: Svelte's accessibility checks rightly warn about a click on an element with no role.
    binding: ['  {session}\n', `  session={42} ${GLOBALS} hidden={false} onfocusin={(event) => event.relatedTarget}\n`],
    refusal: new RegExp(
      `src/Refused\\.svelte:\\d+:\\d+\\s+Error: ${literal(NUMBER_REFUSED)} \\(ts\\)[\\s\\S]*svelte-check found 1 error and 0 warnings in 1 file`,
    ),
  },
};

const failure = (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ''}${error.stderr ?? ''}`;

describe.each(Object.keys(STOREFRONTS))("docs/frameworks.md's %s storefront", (framework) => {
  const storefront = STOREFRONTS[framework]!;
  const source = join(REPO, 'test/storefronts', framework);
  const app = () => join(project, framework);
  let browser: Browser;

  beforeAll(async () => {
    cpSync(source, app(), { recursive: true });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('is the guide, file for file', () => {
    const shown = ['vite.config.ts', ...readdirSync(join(source, 'src')).map((file) => `src/${file}`)];
    for (const file of shown) {
      const text = readFileSync(join(source, file), 'utf8');
      expect(frameworks, `${framework}/${file}`).toContain(`\n${text}\`\`\``);
    }
  });

  it('type-checks under strict settings; with the global attributes, refuses only a number for the session', async () => {
    const [checker, args] = storefront.check(app());
    const component = join(app(), storefront.component);
    const written = readFileSync(component, 'utf8');
    expect(written).toContain(storefront.binding[0]);
    // One run of the checker (the slowest step of the file) for both: the copy's refusal alone in its answer.
    const refusedCopy = component.replace(/Checkout(\.\w+)$/, 'Refused$1');
    writeFileSync(refusedCopy, written.replace(storefront.binding[0], storefront.binding[1]));
    try {
      const answer = await run(checker, args, { cwd: app() }).then(
        () => '',
        (error) => failure(error),
      );
      expect(answer, `the ${framework} storefront's checker said:\n${answer}`).toMatch(storefront.refusal);
    } finally {
      rmSync(refusedCopy);
    }
  }, 120_000);

  it("builds with Vite, shows the providers in the page's own words, tells the framework the choice and pays", async () => {
    await run(join(app(), '../node_modules/.bin/vite'), ['build', '--base', './', '--logLevel', 'warn'], {
      cwd: app(),
    });
    const session = await createSession(stack.bff.url, { customer, billingAddress: address });
    const tab = await browser.newPage();
    const complaints: string[] = [];
    // The element's explanations and the page's opi-error handler warn; a failed load is its response (the browser
    // asks for a favicon the page has none of).
    tab.on('console', (message) => {
      if (['warning', 'error'].includes(message.type()) && !message.text().startsWith('Failed to load resource'))
        complaints.push(message.text());
    });
    tab.on('response', (response) => {
      if (response.status() >= 400 && !response.url().endsWith('/favicon.ico'))
        complaints.push(`${response.status()} ${response.url()}`);
    });
    await tab.goto(`${pages.url}/${framework}/dist/?session=${session}&bff=${encodeURIComponent(stack.bff.url)}`);

    const checkout = tab.locator('opi-checkout');
    // Defined after the first render, the element still speaks the page's words.
    await expect
      .poll(() => checkout.getByRole('group', { name: 'Pay in instalments with' }).count(), { timeout: 30_000 })
      .toBe(1);
    await checkout.getByRole('radio', { name: /Tabby/ }).check();
    await tab.getByText('Chosen: TABBY_AE').waitFor();
    await checkout.locator('[part~="submit"]').click();
    await tab.waitForURL(`${stack.sandbox.url}/pay/**`);
    expect(complaints).toEqual([]);
  }, 120_000);
});
