// `npm run lighthouse` (not part of npm test; run `npm run build` first): Lighthouse 12 on the demo as `npm start`
// runs it, on free ports with a fresh data folder: the product list, the cart, the checkout with its widget and the
// checkout page the BFF hosts for a session (`-- --page hosted` runs only that one), as
// a phone (Lighthouse's default: a mid-range device on slow 4G, CPU slowed 4x) and as a laptop (its desktop
// config), in Debian's Chromium. Each page and device is run 5 times (`-- --runs N`) and the median run reported, as
// Lighthouse advises: on a shared machine one run's total blocking time moves by 100 ms. Prints the four category
// scores and the layout shift of each median run, the spread of the performance score and total blocking time, the
// audits that cost points, and writes .bench/lighthouse.json.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { freePort } from './free-port.mjs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launch } from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS } from './chromium-flags.mjs';
import { browserPath } from './browser.mjs';
import { SANDBOX_DEFAULTS } from '../shared/sandbox-defaults.js';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const PAGES = ['products', 'cart', 'checkout', 'hosted'] as const;
/** A lantern in the cart: the cart page has a total and the checkout page a session. */
const CART_COOKIE = { name: 'opi_cart', value: 'lantern:1' };
const args = parseArgs({ options: { runs: { type: 'string', default: '5' }, page: { type: 'string' } } }).values;
const RUNS = Number(args.runs);

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

/** Each page's address: the shop's, and the hosted checkout page of a session made for it, as a merchant server would. */
async function hostedCheckoutUrl(): Promise<string> {
  const created = await fetch(`http://127.0.0.1:${bffPort}/v1/checkout-sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${SANDBOX_DEFAULTS.merchantKey}` },
    body: JSON.stringify({
      orderItems: [{ name: 'Brass lantern', sku: 'LANTERN', quantity: 1, unitPrice: 189, totalAmount: 189 }],
      purchaseCountry: 'AE',
      purchaseCurrency: 'AED',
      locale: 'en_AE',
      returnUrl: `${shop}/checkout/result`,
    }),
  });
  if (created.status !== 201) throw new Error(`no session for the hosted page: ${created.status}`);
  return ((await created.json()) as { checkoutUrl: string }).checkoutUrl;
}
const urls: Record<(typeof PAGES)[number], string> = {
  products: `${shop}/`,
  cart: `${shop}/cart`,
  checkout: `${shop}/checkout`,
  hosted: await hostedCheckoutUrl(),
};

const chrome = await launch({ chromePath: browserPath(), chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
// The cart cookie in the browser's own jar, kept from run to run (a header Lighthouse adds is lost once a page of the
// shop has set a cookie of its own, and the checkout then sends the shopper back to an empty cart).
const jar = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
await jar.setCookie({ ...CART_COOKIE, domain: '127.0.0.1', path: '/' });
await jar.disconnect();
const flags: Flags = {
  port: chrome.port,
  output: 'json',
  logLevel: 'error',
  onlyCategories: [...CATEGORIES],
  disableStorageReset: true,
};

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

interface Row {
  page: string;
  device: 'phone' | 'laptop';
  scores: Record<(typeof CATEGORIES)[number], number>;
  cls: number;
  /** Audits in those categories that lost points. */
  short: string[];
  /** What moved, when anything did: the element and its share of the layout shift. */
  shifted: string[];
  /** Over the runs timed: how many, the performance score's and the total blocking time's lowest and highest, and that time's median. */
  spread: { timed: number; performance: [number, number]; tbtMs: [number, number]; medianTbtMs: number };
}

interface ShiftItem {
  node?: { selector?: string; snippet?: string };
  score?: number;
}
const rows: Row[] = [];
try {
  for (const page of PAGES.filter((name) => !args.page || name === args.page)) {
    const url = urls[page];
    const path = new URL(url).pathname;
    for (const device of ['phone', 'laptop'] as const) {
      const all: Report[] = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(url, flags, device === 'laptop' ? desktopConfig : undefined);
        if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
        if (new URL(result.lhr.finalDisplayedUrl).pathname !== path)
          throw new Error(`${path} ended at ${result.lhr.finalDisplayedUrl}: the cart cookie was lost`);
        all.push(result.lhr);
      }
      // A run Lighthouse could not time (no first paint seen, as happens on a loaded machine) is left out, never
      // counted as a score; most runs must be timed.
      const runs = filterToValidRuns(all) as Report[];
      if (runs.length * 2 <= RUNS)
        throw new Error(`${path} (${device}): ${RUNS - runs.length} of ${RUNS} runs untimed`);
      const { categories, audits } = computeMedianRun(runs) as Report;
      const range = (values: number[]): [number, number] => [Math.min(...values), Math.max(...values)];
      const tbt = runs.map((lhr) => Math.round(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN));
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
        spread: {
          timed: runs.length,
          performance: range(runs.map((lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100))),
          tbtMs: range(tbt),
          medianTbtMs: tbt.toSorted((a, b) => a - b)[Math.floor(tbt.length / 2)]!,
        },
      });
    }
  }
} finally {
  chrome.kill();
  stopDemo();
}

const header = `| page | device | ${CATEGORIES.join(' | ')} | CLS | runs timed; performance, TBT (median) | what cost points |`;
const table = [
  header,
  `|${header
    .split('|')
    .slice(1, -1)
    .map(() => '---')
    .join('|')}|`,
  ...rows.map(
    (row) =>
      `| ${row.page} | ${row.device} | ${CATEGORIES.map((name) => row.scores[name]).join(' | ')} | ${row.cls.toFixed(3)}${row.shifted.length ? ` (${row.shifted.join(', ')})` : ''} | ${row.spread.timed}/${RUNS}; ${row.spread.performance.join('-')}, ${row.spread.tbtMs.join('-')} ms (${row.spread.medianTbtMs}) | ${row.short.join(', ') || '-'} |`,
  ),
].join('\n');
process.stdout.write(`${table}\n`);
mkdirSync('.bench', { recursive: true });
writeFileSync('.bench/lighthouse.json', `${JSON.stringify({ at: new Date().toISOString(), rows }, null, 2)}\n`);
