// `npm run bench:phases`: where the time of one order placement goes, placed one at a time through the BFF's real
// app on a real port (the sources, not the bundle), its store and upstream client wrapped in timers. Phases: the
// request as the client sees it; the store's calls (a plain session read, each transaction with every statement
// in it, any other); the upstream's calls (the sandbox runs in this process, so its own work is in them); and the
// rest, which is Express, its middleware, parsing, building the order and writing the answer. On PGlite, and on
// PostgreSQL when DATABASE_URL is set. Options: --orders N (300).
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../bff/app.js';
import { loadConfig } from '../../bff/config.js';
import { createLogger } from '../../bff/logger.js';
import { openStore } from '../../bff/store/open-store.js';
import type { Store } from '../../bff/store/types.js';
import { createUpstreamClient, type UpstreamClient } from '../../bff/upstream/client.js';
import { createSandbox } from '../../demo/sandbox/sandbox.js';
import { SANDBOX_DEFAULTS } from '../../shared/sandbox-defaults.js';
import { DEMO_CART, DEMO_SHOPPER } from './demo-order.js';
import { numericOption } from './options.js';

const ORDERS = numericOption('orders', 300);
const WARM_UP = 30;

/** Milliseconds spent per phase in the order being placed now. */
let current = new Map<string, number>();
const add = (phase: string, ms: number) => current.set(phase, (current.get(phase) ?? 0) + ms);
let transactions = 0;

async function timed<T>(phase: string, work: () => Promise<T>): Promise<T> {
  const at = performance.now();
  try {
    return await work();
  } finally {
    add(phase, performance.now() - at);
  }
}

/** The store, each call timed: a transaction as a whole (its statements inside it are not counted again). */
function timedStore(store: Store): Store {
  const wrap = <T extends object>(target: T, path: string): T =>
    new Proxy(target, {
      get(object, property, receiver) {
        const value: unknown = Reflect.get(object, property, receiver);
        const name = path ? `${path}.${String(property)}` : String(property);
        if (typeof value === 'object' && value !== null) return wrap(value, name);
        if (typeof value !== 'function') return value;
        if (name === 'transaction')
          return (fn: Parameters<Store['transaction']>[0]) =>
            timed(`store: transaction ${++transactions}`, () => store.transaction(fn));
        return (...args: unknown[]) =>
          timed(`store: ${name}`, () => (value as (...a: unknown[]) => Promise<unknown>).apply(object, args));
      },
    });
  return wrap(store, '');
}

function timedUpstream(upstream: UpstreamClient): UpstreamClient {
  const calls = ['getOptions', 'createOrder', 'createCustomerSession', 'getOrder'] as const;
  return {
    ...upstream,
    ...Object.fromEntries(
      calls.map((name) => [
        name,
        (...args: unknown[]) =>
          timed(`upstream: ${name}`, () => (upstream[name] as (...a: unknown[]) => Promise<unknown>)(...args)),
      ]),
    ),
  };
}

const listen = (server: ReturnType<typeof createServer>) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );

async function measure(ledger: string, store: Store): Promise<void> {
  const sandbox = createSandbox({});
  await sandbox.listen(0, '127.0.0.1');
  const server = createServer();
  const url = await listen(server);
  const config = loadConfig({
    OPI_UPSTREAM_URL: sandbox.url,
    OPI_TOKEN_URL: sandbox.tokenUrl,
    OPI_ENVIRONMENT: 'sandbox',
    OPI_UPSTREAM_SANDBOX: 'true',
    OPI_PUBLIC_URL: url,
    OPI_LOG_LEVEL: 'info',
    OPI_RATE_LIMIT_PER_MINUTE: '100000',
  });
  const logger = createLogger(config.logLevel, { write: () => {} });
  const upstream = timedUpstream(createUpstreamClient({ config: config.upstream, logger }));
  server.on('request', createApp({ config, store: timedStore(store), upstream, logger }));

  const merchant = { authorization: `Bearer ${SANDBOX_DEFAULTS.merchantKey}`, 'content-type': 'application/json' };
  const cart = DEMO_CART;
  const shopper = JSON.stringify(DEMO_SHOPPER);

  const orders: Map<string, number>[] = [];
  for (let n = 0; n < ORDERS + WARM_UP; n++) {
    const created = await fetch(`${url}/v1/checkout-sessions`, {
      method: 'POST',
      headers: merchant,
      body: JSON.stringify(cart),
    });
    const { id } = (await created.json()) as { id: string };
    // The widget reads its session before the shopper submits; then only the placement is measured.
    await (await fetch(`${url}/v1/checkout-sessions/${id}`)).arrayBuffer();
    current = new Map();
    transactions = 0;
    const at = performance.now();
    const placed = await fetch(`${url}/v1/checkout-sessions/${id}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: shopper,
    });
    await placed.arrayBuffer();
    if (placed.status !== 201) throw new Error(`order: ${placed.status}`);
    const total = performance.now() - at;
    const counted = [...current.values()].reduce((sum, ms) => sum + ms, 0);
    current.set('the request, as the client sees it', total);
    current.set('the rest: HTTP, Express, parsing, building the order, the answer', total - counted);
    if (n >= WARM_UP) orders.push(current);
    // What the next session's creation and read cost is not this order's.
    current = new Map();
  }

  const phases = [...new Set(orders.flatMap((order) => [...order.keys()]))];
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(`\n${ledger}: ${ORDERS} orders placed one at a time, median ms per order\n`);
  console.log('| phase | median ms | mean ms |\n|---|---|---|');
  for (const phase of phases.sort()) {
    const values = orders.map((order) => order.get(phase) ?? 0);
    const mean = values.reduce((sum, ms) => sum + ms, 0) / values.length;
    console.log(`| ${phase} | ${median(values).toFixed(2)} | ${mean.toFixed(2)} |`);
  }
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await sandbox.close();
}

for (const pgliteThread of ['worker', 'main'] as const)
  await measure(
    `PGlite (a folder, as the BFF keeps it; OPI_PGLITE_THREAD=${pgliteThread})`,
    await openStore({ dataDir: mkdtempSync(join(tmpdir(), 'opi-phases-')), pgliteThread }),
  );
if (process.env.DATABASE_URL) await measure('PostgreSQL', await openStore({ databaseUrl: process.env.DATABASE_URL }));
process.exit(0);
