// `npm run lighthouse` (not part of npm test; run `npm run build` first): Lighthouse 12 on the demo as `npm start`
// runs it, on free ports with a fresh data folder: the product list, the cart and the checkout with its widget, as
// a phone (Lighthouse's default: a mid-range device on slow 4G, CPU slowed 4x) and as a laptop (its desktop
// config), in Debian's Chromium. Prints the four category scores and the layout shift of each page, the audits
// that cost points, and writes .bench/lighthouse.json.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_ARGS } from './chromium-flags.mjs';
import { browserPath } from './browser.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const PAGES = [
  ['products', '/'],
  ['cart', '/cart'],
  ['checkout', '/checkout'],
] as const;
/** A lantern in the cart: the cart page has a total and the checkout page a session. */
const CART_COOKIE = 'opi_cart=lantern:1';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.once('error', reject);
  });

const [sandboxPort, tokenPort, bffPort, storefrontPort] = [
  await freePort(),
  await freePort(),
  await freePort(),
  await freePort(),
];
const shop = `http://127.0.0.1:${storefrontPort}`;
const demo = spawn(process.execPath, ['node_modules/.bin/tsx', 'demo/start.ts'], {
  env: {
    ...process.env,
    SANDBOX_PORT: String(sandboxPort),
    SANDBOX_TOKEN_PORT: String(tokenPort),
    BFF_PORT: String(bffPort),
    STOREFRONT_PORT: String(storefrontPort),
    OPI_DATA_DIR: mkdtempSync(join(tmpdir(), 'opi-lighthouse-')),
    OPI_LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
});
const stopDemo = () => {
  if (demo.pid && demo.exitCode === null) process.kill(-demo.pid, 'SIGTERM');
};
process.once('exit', stopDemo);

const deadline = Date.now() + 120_000;
while (
  !(await fetch(`${shop}/`).then(
    (answer) => answer.ok,
    () => false,
  ))
) {
  if (demo.exitCode !== null || Date.now() > deadline) throw new Error('the demo did not start (npm start)');
  await new Promise((resolve) => setTimeout(resolve, 250));
}

const chrome = await launch({ chromePath: browserPath(), chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
const flags: Flags = {
  port: chrome.port,
  output: 'json',
  logLevel: 'error',
  onlyCategories: [...CATEGORIES],
  extraHeaders: { cookie: CART_COOKIE },
};

interface Row {
  page: string;
  device: 'phone' | 'laptop';
  scores: Record<(typeof CATEGORIES)[number], number>;
  cls: number;
  /** Audits in those categories that lost points. */
  short: string[];
  /** What moved, when anything did: the element and its share of the layout shift. */
  shifted: string[];
}

interface ShiftItem {
  node?: { selector?: string; snippet?: string };
  score?: number;
}
const rows: Row[] = [];
try {
  for (const [page, path] of PAGES) {
    for (const device of ['phone', 'laptop'] as const) {
      const result = await lighthouse(`${shop}${path}`, flags, device === 'laptop' ? desktopConfig : undefined);
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      const { categories, audits } = result.lhr;
      const counted = new Set(
        CATEGORIES.flatMap(
          (name) => categories[name]?.auditRefs.filter((ref) => ref.weight > 0).map((ref) => ref.id) ?? [],
        ),
      );
      rows.push({
        page,
        device,
        scores: Object.fromEntries(
          CATEGORIES.map((name) => [name, Math.round((categories[name]?.score ?? 0) * 100)]),
        ) as Row['scores'],
        cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        short: [...counted]
          .filter((id) => (audits[id]?.score ?? 1) < 1)
          .map((id) => `${id} (${audits[id]?.displayValue ?? audits[id]?.score})`),
        shifted: ((audits['layout-shifts']?.details as { items?: ShiftItem[] } | undefined)?.items ?? []).map(
          (item) => `${item.node?.selector ?? item.node?.snippet ?? '?'} ${(item.score ?? 0).toFixed(3)}`,
        ),
      });
    }
  }
} finally {
  chrome.kill();
  stopDemo();
}

const header = `| page | device | ${CATEGORIES.join(' | ')} | CLS | what cost points |`;
const table = [
  header,
  `|${header
    .split('|')
    .slice(1, -1)
    .map(() => '---')
    .join('|')}|`,
  ...rows.map(
    (row) =>
      `| ${row.page} | ${row.device} | ${CATEGORIES.map((name) => row.scores[name]).join(' | ')} | ${row.cls.toFixed(3)}${row.shifted.length ? ` (${row.shifted.join(', ')})` : ''} | ${row.short.join(', ') || '-'} |`,
  ),
].join('\n');
process.stdout.write(`${table}\n`);
mkdirSync('.bench', { recursive: true });
writeFileSync('.bench/lighthouse.json', `${JSON.stringify({ at: new Date().toISOString(), rows }, null, 2)}\n`);
