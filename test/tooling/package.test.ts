// The package as a merchant gets it: `npm pack` in a fresh clone (no dist/: packing builds first), installed into an
// empty project that cannot see this repository's sources, then used only through its exports; and `npm publish
// --dry-run`, which publishes the same files. The server, its two commands and the test kit's walk run on Node 22 and
// 24 (the registry's binaries) as well as on the machine's own. The README's "Embed in five minutes" snippets are what runs: the
// install, the merchant server (a whole checkout with the sandbox), the variables (accepted by loadConfig); and
// `npx opi-bff` starts, a page importing opi-checkout/element through Vite's build lists the providers in Chromium, a
// TypeScript project compiles against the packed types (and fails where it should), a path outside `exports` is
// refused by Node.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { freePort } from '../../scripts/free-port.mjs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopTsconfig } from '../support/shop-tsconfig.js';
import { serveFolder, type StaticFiles } from '../support/static-files.js';
import { LANGUAGES } from '../../shared/languages.js';
import { loadConfig } from '../../bff/config.js';
import type { Sandbox } from '../../demo/sandbox/sandbox.js';
import { call, json, merchant, shopper } from '../support/checkout.js';
import { launchChromium } from '../support/chromium.js';
import { startSandbox } from '../support/servers.js';
import { waitUntil } from '../support/wait.js';
import { freshClone } from '../support/fresh-clone.js';
import { nodeRelease, pathWith, SUPPORTED_NODE_MAJORS, type NodeRelease } from '../support/node-releases.js';
import { type Running, startChild } from '../support/child.js';

const run = promisify(execFile);
const REPO = process.cwd();
const BIN = join(REPO, 'node_modules/.bin');
const README = 'README.md';
const WALK_THROUGH = 'docs/testing-your-integration.md';

function snippet(name: string, file = README): string {
  const match = new RegExp(`<!-- snippet:${name} -->\\n\`\`\`\\w+\\n([\\s\\S]*?)\`\`\``).exec(
    readFileSync(file, 'utf8'),
  );
  if (!match) throw new Error(`${file} has no snippet:${name}`);
  return match[1]!;
}

function start(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
  release?: NodeRelease,
): Running {
  return startChild(command, args, { cwd, env: { PATH: pathWith(release), ...env } });
}

/** Ends a server this file started as a platform does (SIGTERM), and answers its exit code. */
async function stop(running: Running): Promise<number | null> {
  running.child.kill('SIGTERM');
  return running.exited;
}

let clone: string;
let project: string;
let files: string[];
let sandbox: Sandbox;
const started: Running[] = [];
/** The Node releases besides the machine's, by major. */
const releases = new Map<number, NodeRelease>();
/** The machine's Node (undefined), then each supported major. */
const RUNTIMES = [undefined, ...SUPPORTED_NODE_MAJORS];
const runtimeName = (major?: number) => (major ? `Node ${major}` : `the machine's Node (${process.version})`);

beforeAll(async () => {
  const fetched = SUPPORTED_NODE_MAJORS.map(async (major) => releases.set(major, await nodeRelease(major)));
  clone = await freshClone();
  expect(existsSync(join(clone, 'dist')), 'a fresh clone has nothing built').toBe(false);
  project = mkdtempSync(join(tmpdir(), 'opi-package-'));
  // The README's "npm pack in a clone": its prepack builds the package first.
  const pack = await run('npm', ['pack', '--json', '--pack-destination', project], {
    cwd: clone,
    maxBuffer: 64 * 1024 * 1024,
  });
  const packed = JSON.parse(pack.stdout.slice(pack.stdout.lastIndexOf('\n[') + 1));
  files = packed[0].files.map((file: { path: string }) => file.path);
  await Promise.all(fetched);
  writeFileSync(join(project, 'package.json'), '{ "name": "shop", "private": true, "type": "module" }\n');
  // The README's install, with the tarball in place of the registry's name; the types a TypeScript shop adds.
  const install = snippet('install').trim().split(/\s+/);
  expect(install.slice(0, 3)).toEqual(['npm', 'install', 'opi-checkout']);
  await run(
    'npm',
    [
      'install',
      join(project, packed[0].filename),
      ...install.slice(3),
      '@types/node@20',
      '@types/react@19',
      'vue@3',
      'svelte@5',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
    ],
    { cwd: project },
  );
  sandbox = await startSandbox();
}, 300_000);

// Two trees with their node_modules to delete: past vitest's 60 s once on a loaded 2-core machine.
afterAll(async () => {
  for (const running of started) running.child.kill('SIGKILL');
  await Promise.all(started.map((running) => running.exited));
  await sandbox?.close();
  for (const folder of [project, clone]) if (folder) rmSync(folder, { recursive: true, force: true });
}, 180_000);

const sandboxEnv = () => ({
  OPI_UPSTREAM_URL: sandbox.url,
  OPI_TOKEN_URL: sandbox.tokenUrl,
  OPI_ENVIRONMENT: 'sandbox',
  OPI_UPSTREAM_SANDBOX: 'true',
  OPI_LOG_LEVEL: 'warn',
});

describe('the tarball', () => {
  it('ships the built element, server, contract and types, and no sources or tests', () => {
    // A few dozen: two elements, their chunks, each also brotli and gzip; the server; the declarations; and each
    // language's strings for each element, in three forms too.
    const languages = new RegExp(
      `^dist/widget/opi-(checkout|instalments)-(${LANGUAGES.join('|')})-[\\w-]{6}\\.js(\\.br|\\.gz)?$`,
    );
    const laterWords = new RegExp(
      `^dist/widget/opi-checkout-(attempt|plan)-(${LANGUAGES.join('|')})-[\\w-]{6}\\.js(\\.br|\\.gz)?$`,
    );
    const strings = files.filter((path) => languages.test(path) || laterWords.test(path));
    // Each element's words per language, and the checkout's after an attempt and for the plans' costs (English's in
    // their chunks).
    expect(strings).toHaveLength((LANGUAGES.length - 1) * 4 * 3);
    expect(
      files.filter((path) => /^dist\/widget\/opi-checkout-en-form-[\w-]{6}\.js(\.br|\.gz)?$/.test(path)),
      "English's words for the checkout's form, beside its chunk",
    ).toHaveLength(3);
    expect(files.length - strings.length).toBeLessThan(120);
    expect(
      files.filter(
        (path) => !/^(dist\/|package\.json$|README\.md$|LICENSE$|CHANGELOG\.md$|custom-elements\.json$)/.test(path),
      ),
    ).toEqual([]);
    for (const path of ['LICENSE', 'CHANGELOG.md', 'README.md']) expect(files).toContain(path);
    expect(files.filter((path) => /\.(ts|tsx)$/.test(path) && !path.endsWith('.d.ts'))).toEqual([]);
    expect(files.filter((path) => /^dist\/widget\/opi-shared-[\w-]+\.js$/.test(path)).length, 'one shared chunk').toBe(
      1,
    );
    for (const path of [
      'dist/widget/opi-checkout.js',
      'dist/widget/opi-checkout.js.br',
      'dist/widget/opi-checkout.js.gz',
      'dist/widget/opi-instalments.js',
      'dist/types/widget/components/opi-instalments/index.d.ts',
      'dist/server/main.js',
      'dist/types/widget/jsx.d.ts',
    ])
      expect(files).toContain(path);
  });

  it('publishes dry: MIT, not private, the same files the tarball holds', async () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
    expect(manifest.private).toBeUndefined();
    expect(manifest.license).toBe('MIT');
    expect(readFileSync('LICENSE', 'utf8')).toMatch(/^MIT License\n/);
    // npm 10 keys its answer by the package's name; older ones answer the package itself.
    // Built by the pack above, so its scripts need not build again.
    const answer = JSON.parse(
      (await run('npm', ['publish', '--dry-run', '--json', '--ignore-scripts'], { cwd: clone })).stdout,
    );
    const published = answer.name ? answer : answer['opi-checkout'];
    expect(published).toMatchObject({ name: 'opi-checkout', version: manifest.version });
    expect(published.files.map((file: { path: string }) => file.path).sort()).toEqual([...files].sort());
  });

  it("refuses a path outside its exports with Node's own error", async () => {
    const attempt = run(process.execPath, ['--input-type=module', '-e', "await import('opi-checkout/bff/app.js')"], {
      cwd: project,
    });
    await expect(attempt).rejects.toMatchObject({ stderr: expect.stringContaining('ERR_PACKAGE_PATH_NOT_EXPORTED') });
  });
});

describe('types', () => {
  it('type-check a shop that uses the server, the contract, the element and the JSX tag', async () => {
    writeFileSync(
      join(project, 'shop.tsx'),
      `import { createCheckoutRouter, loadConfig, openStore, CheckoutError, verifyNotificationSignature, type CheckoutRouter } from 'opi-checkout/server';
import { createSandbox, SCENARIOS, type Sandbox, type SandboxNotification } from 'opi-checkout/sandbox';
import { createSessionRequestSchema, toMinor, type OrderView, type CreateSessionInput } from 'opi-checkout/contract';
import type { OpiCheckout } from 'opi-checkout/element';
import type { OpiInstalments } from 'opi-checkout/instalments';
import type {} from 'opi-checkout/jsx';

export async function server(): Promise<CheckoutRouter> {
  const config = loadConfig(process.env);
  return createCheckoutRouter({ config, store: await openStore({ dataDir: '.data' }) });
}
export async function ship(router: CheckoutRouter, reference: string): Promise<boolean> {
  const cart: CreateSessionInput = createSessionRequestSchema.parse({});
  await router.checkout.createSession(cart);
  const order: OrderView = await router.orders.get(reference);
  return order.status === 'paid' && toMinor(order.paidAmount, order.currency) !== null;
}
export const failure = (error: unknown) => (error instanceof CheckoutError ? error.problem.code : undefined);
export const verified = (raw: Buffer) => verifyNotificationSignature('t=1,v1=00', raw, 'secret');
export async function upstream(): Promise<Sandbox> {
  const sandbox = createSandbox({ pendingSettleMs: 100, relayTo: 'http://127.0.0.1:3000/hooks' });
  await sandbox.listen(0);
  sandbox.holdNotifications('to-merchant', true);
  const held: readonly SandboxNotification[] = sandbox.notifications.filter((n) => n.state === 'held');
  sandbox.sendNotifications(held.map((n) => n.id).reverse(), { times: 2, form: 'bad-signature' });
  await sandbox.portal('opi-1', { kind: 'refund', amount: 10 });
  return sandbox;
}
export const scenarioNames: string[] = SCENARIOS.map((row) => row.name);

const element: OpiCheckout = document.createElement('opi-checkout');
element.session = 'cs_1';
element.addEventListener('opi-order-created', (event) => console.log(event.detail.redirectUrl.length));
export const tag = <opi-checkout session="cs_1" api-base="/checkout-api" onopi-error={(event) => event.detail.code} />;
export const globalTag = (
  <opi-checkout id="pay" title="Pay" dir="rtl" lang="ar" hidden={false} aria-label="Payment" data-test="x" part="p"
    onClick={(event) => event.clientX} strings='{"learnMore":"See every plan"}' />
);
const message: OpiInstalments = document.createElement('opi-instalments');
message.amount = '100.00';
export const messageTag = <opi-instalments amount="100.00" currency="AED" country="AE" api-base="/checkout-api" />;
`,
    );
    writeFileSync(
      join(project, 'templates.ts'),
      `import type {} from 'opi-checkout/vue';
import type {} from 'opi-checkout/svelte';
import type { GlobalComponents } from 'vue';
import type { SvelteHTMLElements } from 'svelte/elements';

export const vueProps: InstanceType<GlobalComponents['opi-checkout']>['$props'] = { session: 'cs_1', apiBase: '/api' };
export const vueMessage: InstanceType<GlobalComponents['opi-instalments']>['$props'] = { amount: '1.00', currency: 'AED' };
// What any template writes on any element: the global attributes, aria-*, data-*, part and a click listener.
export const vueGlobal: InstanceType<GlobalComponents['opi-checkout']>['$props'] = {
  id: 'pay', title: 'Pay', dir: 'rtl', lang: 'ar', hidden: false, role: 'region', 'aria-label': 'Payment',
  'data-test': 'checkout', part: 'checkout', onClick: (event: MouseEvent) => event.clientX, strings: '{"learnMore":"See"}',
};
export const vueGlobalMessage: InstanceType<GlobalComponents['opi-instalments']>['$props'] = {
  id: 'plans', dir: 'rtl', 'aria-label': 'Plans', 'data-test': 'plans', part: 'plans',
};
export const svelteMessage: SvelteHTMLElements['opi-instalments'] = { amount: '1.00', country: 'AE' };
export const svelteAttributes: SvelteHTMLElements['opi-checkout'] = {
  session: 'cs_1',
  'api-base': '/checkout-api',
  'onopi-order-created': (event) => event.detail.redirectUrl,
  id: 'pay', title: 'Pay', dir: 'rtl', lang: 'ar', hidden: false, 'aria-label': 'Payment', 'data-test': 'x', part: 'p',
  onclick: (event) => event.clientX,
};
`,
    );
    // The README's server as a TypeScript shop writes it, under strict.
    writeFileSync(join(project, 'server.ts'), snippet('server'));
    writeFileSync(join(project, 'tsconfig.json'), shopTsconfig(['shop.tsx', 'templates.ts', 'server.ts'], ['node']));
    await run(join(BIN, 'tsc'), ['-p', 'tsconfig.json'], { cwd: project }).catch((error: { stdout: string }) => {
      throw new Error(`the shop does not type-check:\n${error.stdout}`);
    });

    // And the types can say no: an event's detail and a property of the wrong type.
    writeFileSync(join(project, 'templates.ts'), 'export {};\n');
    writeFileSync(join(project, 'server.ts'), 'export {};\n');
    writeFileSync(
      join(project, 'shop.tsx'),
      `import type { OpiCheckout } from 'opi-checkout/element';
const element: OpiCheckout = document.createElement('opi-checkout');
element.session = 42;
element.addEventListener('opi-ready', (event) => event.detail.noSuchField);
import { createSandbox } from 'opi-checkout/sandbox';
createSandbox({ pendingSettleMs: 'soon' });
`,
    );
    const wrong = run(join(BIN, 'tsc'), ['-p', 'tsconfig.json'], { cwd: project });
    await expect(wrong).rejects.toMatchObject({
      stdout: expect.stringMatching(/TS2322[\s\S]*TS2339.*noSuchField[\s\S]*TS2322.*string.*number/),
    });
  }, 120_000);
});

describe('npx opi-bff', () => {
  it('starts the server from the environment and serves the element', async () => {
    const bff = start(join(project, 'node_modules/.bin/opi-bff'), [], project, {
      ...sandboxEnv(),
      PORT: '0',
      OPI_LOG_LEVEL: 'info',
      OPI_DATA_DIR: join(project, '.data'),
    });
    started.push(bff);
    let port = '';
    await waitUntil(() => {
      port = /BFF listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(bff.output())?.[1] ?? '';
      return port !== '';
    }, 60_000);
    expect((await call(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    const widget = await call(`http://127.0.0.1:${port}/opi-checkout.js`);
    expect([widget.status, widget.headers.get('content-type')]).toEqual([200, expect.stringMatching(/javascript/)]);
    bff.child.kill('SIGTERM');
    expect(await bff.exited).toBe(0);
  }, 90_000);

  it('refuses a bad environment with one line per variable, as npm run bff does', async () => {
    const bff = start(join(project, 'node_modules/.bin/opi-bff'), [], project, {
      OPI_UPSTREAM_TIMEOUT_MS: 'soon',
      OPI_RATE_LIMIT_PER_MINUTE: '0',
    });
    expect(await bff.exited).toBe(1);
    expect(bff.output()).toContain('OPI_UPSTREAM_TIMEOUT_MS must be a whole number of milliseconds');
    expect(bff.output()).toContain('OPI_RATE_LIMIT_PER_MINUTE must be a whole number of requests');
  });
});

/** The README's server.mjs started on a free port, its pages allowed from `origin`, on the given Node. */
async function startShop(
  origin: string,
  release?: NodeRelease,
): Promise<{ shop: string; metrics: string; server: Running }> {
  writeFileSync(join(project, 'server.mjs'), snippet('server'));
  const shop = `http://127.0.0.1:${await freePort()}`;
  const metrics = `http://127.0.0.1:${await freePort()}/metrics`;
  const server = start(
    'node',
    ['server.mjs'],
    project,
    {
      ...sandboxEnv(),
      PORT: new URL(shop).port,
      METRICS_PORT: new URL(metrics).port,
      OPI_PUBLIC_URL: `${shop}/checkout-api`,
      OPI_ALLOWED_ORIGINS: origin,
      SHOP_URL: shop,
    },
    release,
  );
  started.push(server);
  await waitUntil(async () => (await fetch(`${shop}/checkout-api/readyz`).catch(() => undefined))?.ok === true, 60_000);
  return { shop, metrics, server };
}

/** The checkout page with the tag and its SRI, then the shopper through to a paid order and the thank-you page. */
async function payThrough(shop: string): Promise<void> {
  const page = await call(`${shop}/checkout`);
  expect(page.status).toBe(200);
  const session = /<opi-checkout session="(cs_[^"]+)" api-base="([^"]+)">/.exec(page.text);
  expect(session?.[2]).toBe(`${shop}/checkout-api`);
  const script = /<script type="module" src="([^"]+)" integrity="(sha384-[^"]+)"/.exec(page.text)!;
  expect((await call(script[1]!)).status).toBe(200);

  // What the element does, then the shopper at the provider, then the return.
  const placed = await call(`${shop}/checkout-api/v1/checkout-sessions/${session![1]}/orders`, json('POST', shopper()));
  expect(placed.status).toBe(201);
  const { redirectTo } = await sandbox.decide(placed.body.orderReference, { outcome: 'approve' });
  const back = await call(redirectTo, { redirect: 'manual' });
  expect(back.headers.get('location')).toMatch(new RegExp(`^${shop}/thanks\\?`));
  const thanks = await call(back.headers.get('location')!);
  expect(thanks.text).toBe('Thank you: your order is confirmed.');
}

describe.each(SUPPORTED_NODE_MAJORS)("the README's merchant server on Node %i", (major) => {
  it('renders the checkout and takes a shopper through to a paid order', async () => {
    const { shop, metrics, server } = await startShop('http://127.0.0.1', releases.get(major));
    await payThrough(shop);
    // The snippet's metrics, as the standalone server's: the order's requests timed, the ledger read.
    const scraped = await call(metrics);
    expect(scraped.text).toMatch(
      /opi_http_request_duration_seconds_count\{method="POST",route="[^"]+",status="201"\} 1/,
    );
    // The shop's ledger folder is the same for each Node: the one before it paid too.
    expect(scraped.text).toMatch(/opi_orders\{status="paid"\} [1-9]/);
    // And its drain: SIGTERM ends it cleanly once the jobs and the ledger are closed.
    expect(await stop(server)).toBe(0);
  }, 90_000);
});

describe("the README's merchant server", () => {
  let shop: string;
  let pageOrigin: string;
  let pages: StaticFiles;

  beforeAll(async () => {
    // The Vite-built page of the element test, on its own origin, which the checkout must allow.
    pages = await serveFolder(join(project, 'page/dist'));
    pageOrigin = pages.url;
    ({ shop } = await startShop(pageOrigin));
  }, 90_000);

  afterAll(async () => {
    await pages?.close();
  });

  it('renders the checkout with the tag and its SRI, and takes a shopper through to a paid order', async () => {
    await payThrough(shop);
  });

  it('after a decline, links back to the same session, which tells the widget how the payment ended', async () => {
    const sessionId = /<opi-checkout session="(cs_[^"]+)"/.exec((await call(`${shop}/checkout`)).text)![1]!;
    const placed = await call(`${shop}/checkout-api/v1/checkout-sessions/${sessionId}/orders`, json('POST', shopper()));
    const { redirectTo } = await sandbox.decide(placed.body.orderReference, { outcome: 'decline' });
    const thanks = await call((await call(redirectTo, { redirect: 'manual' })).headers.get('location')!);
    const link = `/checkout?session=${sessionId}`;
    expect(thanks.text).toBe(`Not paid: the payment was declined. <a href="${link}">Pay another way</a>`);
    expect((await call(`${shop}${link}`)).text).toContain(`<opi-checkout session="${sessionId}"`);
    const view = await call(`${shop}/checkout-api/v1/checkout-sessions/${sessionId}`);
    expect(view.body.lastAttempt).toMatchObject({ provider: 'TABBY_AE', outcome: 'declined' });
  });

  it('is configured for the real upstream by the variables it lists', () => {
    const env = Object.fromEntries(
      snippet('env')
        .trim()
        .split('\n')
        .map((line) => line.split('=') as [string, string]),
    );
    expect(loadConfig(env)).toMatchObject({ publicUrl: 'https://shop.example/checkout-api' });
  });

  it('serves a page that imports opi-checkout/element through Vite, and the element lists the providers', async () => {
    mkdirSync(join(project, 'page'), { recursive: true });
    writeFileSync(
      join(project, 'page/index.html'),
      '<!doctype html><title>Pay</title><script type="module" src="./main.js"></script>\n',
    );
    writeFileSync(
      join(project, 'page/main.js'),
      `import 'opi-checkout/element';
const params = new URLSearchParams(location.search);
const element = document.createElement('opi-checkout');
element.session = params.get('session');
element.apiBase = params.get('api');
document.body.append(element);
`,
    );
    await run(join(BIN, 'vite'), ['build', '--logLevel', 'warn'], { cwd: join(project, 'page') });
    const created = await call(
      `${shop}/checkout-api/v1/checkout-sessions`,
      json(
        'POST',
        {
          orderItems: [{ name: 'Mug', sku: 'M-1', quantity: 1, unitPrice: 50, totalAmount: 50 }],
          purchaseCountry: 'AE',
          purchaseCurrency: 'AED',
          locale: 'en_AE',
          returnUrl: `${shop}/thanks`,
        },
        merchant,
      ),
    );
    expect(created.status).toBe(201);
    let browser: Browser | undefined;
    try {
      browser = await launchChromium();
      const tab = await browser.newPage();
      await tab.goto(`${pageOrigin}/?session=${created.body.id}&api=${encodeURIComponent(`${shop}/checkout-api`)}`);
      await tab.locator('opi-checkout').getByRole('radio', { name: /Tabby/ }).waitFor({ timeout: 30_000 });
    } finally {
      await browser?.close();
    }
  }, 120_000);
});

describe.each(RUNTIMES.map((major) => ({ major, name: runtimeName(major) })))(
  'the test kit: docs/testing-your-integration.md from the installed package, on $name',
  ({ major }) => {
    it('starts opi-sandbox and opi-bff as its CI job does, and its test file pays, declines, refunds and survives a reordered pair', async () => {
      const release = major ? releases.get(major) : undefined;
      const startLines = snippet('start', WALK_THROUGH);
      // The CI job runs the very same start.
      const job = snippet('ci-job', WALK_THROUGH);
      for (const line of startLines.trim().split('\n')) expect(job).toContain(line.trim());
      // Its variables, with free ports in place of the defaults (4010, 4011, 8787) another test may hold.
      const variables = Object.fromEntries(
        [...startLines.matchAll(/^(OPI_\w+)=(\S+)/gm)].map((match) => [match[1]!, match[2]!]),
      );
      // The sandbox said out loud (a BFF told nothing refuses to start), and where its notifications go.
      expect(variables).toMatchObject({ OPI_ENVIRONMENT: 'sandbox' });
      expect(Object.keys(variables)).toEqual([
        'OPI_ENVIRONMENT',
        'OPI_MERCHANT_WEBHOOK_URL',
        'OPI_MERCHANT_WEBHOOK_SECRET',
      ]);
      expect(startLines).toMatch(/^npx opi-sandbox &$/m);
      expect(startLines).toMatch(/^npx opi-bff &$/m);
      const [sandboxPort, tokenPort, bffPort] = [await freePort(), await freePort(), await freePort()];
      const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
      const bin = (name: string) => join(project, 'node_modules/.bin', name);
      const upstream = start(
        bin('opi-sandbox'),
        [],
        project,
        { SANDBOX_PORT: String(sandboxPort), SANDBOX_TOKEN_PORT: String(tokenPort) },
        release,
      );
      started.push(upstream);
      await waitUntil(() => upstream.output().includes('opi sandbox listening'), 30_000);
      const bff = start(
        bin('opi-bff'),
        [],
        project,
        {
          ...variables,
          OPI_MERCHANT_WEBHOOK_URL: variables.OPI_MERCHANT_WEBHOOK_URL!.replace(':4010/', `:${sandboxPort}/`),
          PORT: String(bffPort),
          OPI_UPSTREAM_URL: sandboxUrl,
          OPI_TOKEN_URL: `http://127.0.0.1:${tokenPort}/token`,
          OPI_UPSTREAM_SANDBOX: 'true',
          OPI_LOG_LEVEL: 'warn',
          // Each runtime's BFF its own ledger.
          OPI_DATA_DIR: join(project, `.data-walk-${major ?? 'machine'}`),
        },
        release,
      );
      started.push(bff);
      await waitUntil(
        async () => (await fetch(`http://127.0.0.1:${bffPort}/readyz`).catch(() => undefined))?.ok === true,
        60_000,
      );

      mkdirSync(join(project, 'test'), { recursive: true });
      writeFileSync(join(project, 'test/checkout.test.mjs'), snippet('checkout-test', WALK_THROUGH));
      // The CI job's own test command, as written, on this runtime's node.
      const [command, ...args] = /^ {6}- run: (node --test.*)$/m.exec(job)![1]!.split(' ');
      const tests = await run(command!, args, {
        cwd: project,
        env: { PATH: pathWith(release), BFF_URL: `http://127.0.0.1:${bffPort}`, SANDBOX_URL: sandboxUrl },
      }).catch((error: { stdout: string; stderr: string }) => {
        throw new Error(`the walk-through's tests failed:\n${error.stdout}\n${error.stderr}\n${bff.output()}`);
      });
      // Node 20 reports in TAP by default, 24 in its spec form.
      expect(tests.stdout).toMatch(/[#ℹ] pass 4\n[#ℹ] fail 0/);

      // The shell's view of the same: four orders' notifications relayed to the receiver, the pair sent twice.
      const listed = await run(bin('opi-sandbox'), ['notify', 'list', '--sandbox', sandboxUrl], {
        cwd: project,
        env: { PATH: pathWith(release) },
      });
      // The commands ran on this runtime: `#!/usr/bin/env node` finds the node first in PATH.
      const node = await run('node', ['-p', 'process.version'], { env: { PATH: pathWith(release) } });
      expect(node.stdout.trim()).toBe(release?.version ?? process.version);
      await Promise.all([stop(bff), stop(upstream)]);
      const delivered = listed.stdout
        .split('\n')
        .filter((line) => /\tto-merchant\t.*\tdelivered\tHTTP 204$/.test(line));
      expect(delivered.length).toBeGreaterThanOrEqual(5);
    }, 180_000);
  },
);
