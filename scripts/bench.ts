// `npm run bench` (not part of npm test; run `npm run build` first: the compiled BFF is what runs). Every server is a
// child process on a free port, every anchor runs in the same run, and the cases are interleaved over rounds:
//  - the widget's session GET and session creation, against a bare Express 5 + helmet app and node:http answering
//    the same JSON;
//  - order placement one at a time and evenly paced at 50, 200 and 300 orders/s (open loop, latency from each
//    request's scheduled time): the latency the BFF adds to calling the sandbox's POST /orders directly with the same
//    body; and the capacity of each (orders/s with autocannon's 20 connections); at 200/s, a /healthz probe's longest
//    wait and the CPU an order costs the BFF's main thread and its other threads (PGlite's worker among them);
//  - the merchant order list (status=paid, 50 a page) on a ledger of 100 and of 50,000 orders;
//  - cold start to /readyz (a new ledger, then the same ledger again) and idle RSS (a start of its own with metrics on,
//    for what the memory is made of; the load runs with metrics off, as the BFF runs by default);
//  - the hostile case (scripts/bench/hostile.ts): a probe's longest wait and the RSS before and after floods of nested
//    bodies and notices from one client without credentials;
// on PGlite always (in its worker thread and in the main thread, as OPI_PGLITE_THREAD offers; its WebAssembly compiled
// each way OPI_PGLITE_COMPILER offers) and on PostgreSQL when DATABASE_URL is set, the ledgers taking turns within
// each round. Prints a table of median [min..max] and the comparison with each anchor, and writes .bench/latest.json.
// Every widget call is sent as <opi-checkout> sends it: the shop's Origin, its traceparent, and for an order a fresh
// Idempotency-Key, on a session the widget has read first.
//  - the reconciler under a flash sale's backlog (scripts/bench/reconciler-backlog.ts): 1,000 and 10,000 live orders
//    placed at once, on PGlite and on PostgreSQL with two instances;
// Options: --rounds N (3), --seconds N (3), --backlog 1000,10000 (0: none), --only-backlog, --ledgers A,B (by name).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { SANDBOX_DEFAULTS } from '../shared/sandbox-defaults.js';
import {
  DEMO_CART,
  DEMO_SHOPPER,
  MERCHANT_HEADERS,
  placeCheckout,
  SHOP_ORIGIN,
  widgetHeaders,
  widgetOrderHeaders,
} from './bench/demo-order.js';
import { BENCH_WEBHOOK_SECRET, hostileFloods } from './bench/hostile.js';
import { type BacklogInstance, backlogFigures, measureBacklog } from './bench/reconciler-backlog.js';
import { type Call, calls, fixedBody, load, oneAtATime, paced, withProbe } from './bench/load.js';
import { numericOption } from './bench/options.js';
import { sleep, startSandbox, startServer, type Started } from './bench/processes.js';
import { seedOrders } from './bench/seed-orders.js';
import { type Comparison, markdownTable, type Sample, toRows } from './bench/table.js';

const ROUNDS = numericOption('rounds', 3);
const SECONDS = numericOption('seconds', 3);
const NODE = process.execPath;
/** Order placement one at a time (undefined), then evenly paced at each rate. */
const PLACEMENTS = [undefined, 50, 200, 300];
/** The pace at which a health probe's wait and each order's CPU are read. */
const PROBED_RATE = 200;
const placementCase = (rate: number | undefined) =>
  rate ? `order placement paced at ${rate}/s (req/s)` : 'order placement one at a time (req/s)';
/** Sessions made ready for each capacity run: more than either ledger places in SECONDS. */
const CAPACITY_SESSIONS = 800 * SECONDS;
/** More than one request at a time can place in SECONDS (the BFF's order costs well over 2.5 ms). */
const ONE_AT_A_TIME_SESSIONS = 400 * SECONDS;
const LIST_SIZES = [100, 50_000];
/** `--backlog 1000,10000` (the default): the live orders of each backlog case; `--backlog 0` skips them. */
const BACKLOG_ORDERS = (
  process.argv.includes('--backlog') ? process.argv[process.argv.indexOf('--backlog') + 1]! : '1000,10000'
)
  .split(',')
  .map(Number)
  .filter((orders) => orders > 0);
/** `--only-backlog`: the backlog cases alone. */
const ONLY_BACKLOG = process.argv.includes('--only-backlog');
/** OPI_POLL_INITIAL_MS's default: an order falls due this long after it was placed. */
const DEFAULT_POLL_INITIAL_MS = 30_000;
const MERCHANT = MERCHANT_HEADERS;
const CART = JSON.stringify(DEMO_CART);
const SHOPPER = JSON.stringify(DEMO_SHOPPER);

const COMPARISONS: Record<string, Comparison> = {
  'session GET (req/s)': { measured: 'BFF', anchors: ['express+helmet', 'node:http'], by: 'ratio' },
  'session create (req/s)': { measured: 'BFF', anchors: ['express+helmet', 'node:http'], by: 'ratio' },
  'start (ms)': { measured: 'BFF', anchors: ['express+helmet', 'node:http'], by: 'ratio' },
  'RSS idle (MB)': { measured: 'BFF', anchors: ['express+helmet', 'node:http'], by: 'ratio' },
  ...Object.fromEntries(
    PLACEMENTS.map((rate) => [placementCase(rate), { measured: 'BFF', anchors: ['sandbox direct'], by: 'added' }]),
  ),
  'order placement capacity (orders/s)': { measured: 'BFF', anchors: ['sandbox direct'], by: 'ratio' },
  'order list status=paid (req/s)': { measured: '50,000 orders', anchors: ['100 orders'], by: 'ratio' },
};

const samples: Sample[] = [];

const sandbox = await startSandbox();
const { tokenUrl } = sandbox;

const bffEnv = (ledger: Record<string, string>, upstream: { url: string; tokenUrl: string } = sandbox) => ({
  PORT: '0',
  NODE_ENV: 'production',
  OPI_UPSTREAM_URL: upstream.url,
  OPI_TOKEN_URL: upstream.tokenUrl,
  OPI_ENVIRONMENT: 'sandbox',
  // Production mode against the sandbox, on purpose: the figures are the production build's.
  OPI_ALLOW_SANDBOX: 'true',
  OPI_UPSTREAM_WEBHOOK_SECRET: BENCH_WEBHOOK_SECRET,
  OPI_UPSTREAM_SANDBOX: 'true',
  OPI_LOG_LEVEL: 'info',
  OPI_DRAIN_SECONDS: '0',
  // One client (this process) sends everything: the per-IP limit would measure itself.
  OPI_RATE_LIMIT_PER_MINUTE: '100000',
  OPI_ALLOWED_ORIGINS: SHOP_ORIGIN,
  ...ledger,
});
/** `withMetrics`: for what its memory is made of (prom-client's process and heap figures); never under load, where
 * timing every request would be measured too. */
const startBff = (ledger: Record<string, string>, withMetrics = false) =>
  startServer(
    NODE,
    // As deploy/Dockerfile and npm run serve start it.
    ['--max-semi-space-size=2', 'dist/server/main.js'],
    bffEnv({ ...ledger, ...(withMetrics ? { OPI_METRICS_PORT: '0' } : {}) }),
    /BFF listening on http:\/\/127\.0\.0\.1:(\d+)/,
    '/readyz',
  );
const startAnchor = (kind: 'express' | 'http', bodyFile: string) =>
  startServer(NODE, ['scripts/bench/anchor-server.mjs', kind, bodyFile], {}, /anchor listening on (\d+)/, '/');

/** A new schema for one run: its URL (landing in it, for the seed) and its name (the BFF's OPI_DATABASE_SCHEMA). */
async function postgresSchema(url: string): Promise<{ url: string; schema: string }> {
  const schema = `opi_bench_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  return { url: withSchema.toString(), schema };
}

interface Ledger {
  name: string;
  /** A new, empty ledger's environment for a BFF, and the same ledger for seeding. */
  make(): Promise<{ env: Record<string, string>; seed: Parameters<typeof seedOrders>[0] }>;
}
/**
 * PGlite in a new folder, its WebAssembly compiled as `compiler` says (OPI_PGLITE_COMPILER), in the thread `thread`
 * says (OPI_PGLITE_THREAD).
 */
const pglite = (name: string, compiler: 'baseline' | 'optimising', thread: 'worker' | 'main'): Ledger => ({
  name,
  async make() {
    const dir = mkdtempSync(join(tmpdir(), 'opi-bench-data-'));
    return {
      env: { OPI_DATA_DIR: dir, OPI_PGLITE_COMPILER: compiler, OPI_PGLITE_THREAD: thread },
      seed: { pgliteDir: join(dir, 'pglite') },
    };
  },
});
/** `--ledgers "PGlite,PostgreSQL"`: only the ledgers named (all of them when absent). */
const ONLY_LEDGERS = process.argv.includes('--ledgers')
  ? process.argv[process.argv.indexOf('--ledgers') + 1]!.split(',')
  : undefined;
const available: Ledger[] = [
  pglite('PGlite', 'baseline', 'worker'),
  pglite('PGlite in the main thread', 'baseline', 'main'),
  pglite('PGlite optimising', 'optimising', 'worker'),
  ...(process.env.DATABASE_URL
    ? [
        {
          name: 'PostgreSQL',
          async make() {
            const { url, schema } = await postgresSchema(process.env.DATABASE_URL!);
            return { env: { DATABASE_URL: url, OPI_DATABASE_SCHEMA: schema }, seed: { databaseUrl: url } };
          },
        },
      ]
    : []),
];
// A ledger named but not here stops the run before it starts: a table without it would read as if it had run.
const missing = ONLY_LEDGERS?.filter((name) => !available.some((ledger) => ledger.name === name)) ?? [];
if (missing.length) {
  const why =
    missing.includes('PostgreSQL') && !process.env.DATABASE_URL ? ' (PostgreSQL runs with DATABASE_URL set)' : '';
  console.error(
    `--ledgers: no ledger named ${missing.join(', ')}${why}; the ledgers: ${available.map(({ name }) => name).join(', ')}`,
  );
  await sandbox.stop();
  process.exit(2);
}
const ledgers = available.filter((ledger) => !ONLY_LEDGERS || ONLY_LEDGERS.includes(ledger.name));

async function sandboxToken(): Promise<string> {
  const form = new URLSearchParams({
    client_id: SANDBOX_DEFAULTS.clientId,
    client_secret: SANDBOX_DEFAULTS.clientSecret,
    grant_type: 'client_credentials',
    scope: 'api-user',
  });
  const answer = await fetch(tokenUrl, { method: 'POST', body: form });
  return ((await answer.json()) as { access_token: string }).access_token;
}

async function createSessions(bffUrl: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  const worker = async () => {
    while (ids.length < count) {
      const answer = await fetch(`${bffUrl}/v1/checkout-sessions`, { method: 'POST', headers: MERCHANT, body: CART });
      if (answer.status !== 201) throw new Error(`session create: ${answer.status} ${await answer.text()}`);
      ids.push(((await answer.json()) as { id: string }).id);
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  return ids.slice(0, count);
}

/** Sessions as a shopper's checkout page leaves them: created by the shop, then read by the widget. */
async function readSessions(bffUrl: string, count: number): Promise<string[]> {
  const ids = await createSessions(bffUrl, count);
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const answer = await fetch(`${bffUrl}/v1/checkout-sessions/${ids[next++]}`, { headers: widgetHeaders() });
      if (answer.status !== 200) throw new Error(`session read: ${answer.status} ${await answer.text()}`);
      await answer.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  return ids;
}

/** The body the BFF sends to POST /orders, as the sandbox journalled it: the direct anchor sends the same. */
async function upstreamOrderBody(bffUrl: string): Promise<Record<string, unknown>> {
  await placeCheckout(bffUrl);
  const journal = (await (await fetch(`${sandbox.url}/__sandbox/journal`)).json()) as {
    method: string;
    path: string;
    body: Record<string, unknown>;
  }[];
  return journal.findLast((entry) => entry.method === 'POST' && entry.path === '/orders')!.body;
}

/**
 * The BFF's resident memory in parts: V8's heap, PGlite's WebAssembly memory (the part of it touched), the node binary
 * and its libraries, and the rest (the C heap, buffers, compiled code).
 */
async function memoryParts(server: Started): Promise<Record<string, number>> {
  const port = /metrics on http:\/\/127\.0\.0\.1:(\d+)\/metrics/.exec(server.output())![1];
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const heap = Number(/^nodejs_heap_size_used_bytes (\S+)$/m.exec(text)![1]) / 2 ** 20;
  const rss = server.rssMb();
  const { files, webAssembly } = server.residentMb();
  return {
    'V8 heap (in use)': heap,
    'WebAssembly memory (PGlite)': webAssembly,
    'node and its libraries': files,
    'the rest (C heap, buffers, compiled code)': rss - heap - webAssembly - files,
  };
}

let directOrders = 0;

/** One ledger's servers, started once and measured round by round alongside the other ledgers'. */
interface Bench {
  ledger: Ledger;
  bff: Started;
  sessionUrl: string;
  express: Started;
  http: Started;
  lists: Map<number, Started>;
  orderTemplate: Record<string, unknown>;
  record(name: string, target: string, measured: Omit<Sample, 'ledger' | 'case' | 'target'>): void;
}

async function prepare(ledger: Ledger): Promise<Bench> {
  const { env } = await ledger.make();
  const record: Bench['record'] = (name, target, measured) =>
    samples.push({ ledger: ledger.name, case: name, target, ...measured });
  // Cold start: a new ledger, then the same ledger again.
  const fresh = await startBff(env);
  record('start, new ledger (ms)', 'BFF', { value: fresh.startMs });
  await fresh.stop();
  // Idle memory, on the ledger it made, as every later start finds it.
  const idle = await startBff(env, true);
  await sleep(2_000);
  record('RSS idle (MB)', 'BFF', { value: idle.rssMb() });
  for (const [part, mb] of Object.entries(await memoryParts(idle)))
    record('RSS idle, made of (MB)', part, { value: mb });
  await idle.stop();
  const bff: Started = await startBff(env);
  record('start (ms)', 'BFF', { value: bff.startMs });

  const [sessionId] = await createSessions(bff.url, 1);
  const sessionUrl = `${bff.url}/v1/checkout-sessions/${sessionId}`;
  const bodyFile = join(mkdtempSync(join(tmpdir(), 'opi-bench-body-')), 'session.json');
  writeFileSync(bodyFile, await (await fetch(sessionUrl)).text());
  const express = await startAnchor('express', bodyFile);
  const http = await startAnchor('http', bodyFile);
  record('start (ms)', 'express+helmet', { value: express.startMs });
  record('start (ms)', 'node:http', { value: http.startMs });

  const lists = new Map<number, Started>();
  for (const size of LIST_SIZES) {
    const seeded = await ledger.make();
    await seedOrders(seeded.seed, size);
    lists.set(size, await startBff(seeded.env));
  }
  const orderTemplate = await upstreamOrderBody(bff.url);
  await sleep(2_000);
  for (const [target, server] of [
    ['express+helmet', express],
    ['node:http', http],
  ] as const) {
    record('RSS idle (MB)', target, { value: server.rssMb() });
  }
  return { ledger, bff, sessionUrl, express, http, lists, orderTemplate, record };
}

async function measureRound({ bff, sessionUrl, express, http, lists, orderTemplate, record }: Bench, token: string) {
  for (const [target, url] of [
    ['BFF', sessionUrl],
    ['express+helmet', `${express.url}/v1/x`],
    ['node:http', `${http.url}/v1/x`],
  ] as const) {
    record('session GET (req/s)', target, await load(url, SECONDS, fixedBody('GET', widgetHeaders())));
  }
  for (const [target, url] of [
    ['BFF', `${bff.url}/v1/checkout-sessions`],
    ['express+helmet', `${express.url}/v1/x`],
    ['node:http', `${http.url}/v1/x`],
  ] as const) {
    record('session create (req/s)', target, await load(url, SECONDS, fixedBody('POST', MERCHANT, CART)));
  }

  // Each order on a session of its own (a second order on one session would be the first one replayed), read
  // by the widget first, and sent as the widget sends it.
  const placeOn =
    (ids: string[]) =>
    (n: number): Call => ({
      url: `${bff.url}/v1/checkout-sessions/${ids[n]}/orders`,
      method: 'POST',
      headers: widgetOrderHeaders(),
      body: SHOPPER,
    });
  const placeDirect = (): Call => ({
    url: `${sandbox.url}/orders`,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...orderTemplate, orderReference: `bench-direct-${++directOrders}` }),
  });
  for (const rate of PLACEMENTS) {
    const ids = await readSessions(bff.url, rate ? rate * SECONDS : ONE_AT_A_TIME_SESSIONS);
    const run = (next: (n: number) => Call) => (rate ? paced(rate, SECONDS, next) : oneAtATime(SECONDS, next));
    if (rate === PROBED_RATE) {
      // While the BFF places orders at this pace: how long a health probe waits, and the CPU each order costs.
      const before = bff.cpuMs();
      const { result, longest } = await withProbe(`${bff.url}/healthz`, () => run(placeOn(ids)));
      const after = bff.cpuMs();
      const orders = rate * SECONDS;
      record(placementCase(rate), 'BFF', result);
      record(`paced at ${rate}/s: longest /healthz wait (ms)`, 'BFF', { value: longest });
      record(`paced at ${rate}/s: CPU per order (ms)`, 'main thread', { value: (after.main - before.main) / orders });
      record(`paced at ${rate}/s: CPU per order (ms)`, 'other threads', {
        value: (after.others - before.others) / orders,
      });
    } else record(placementCase(rate), 'BFF', await run(placeOn(ids)));
    record(placementCase(rate), 'sandbox direct', await run(placeDirect));
  }
  const ids = await readSessions(bff.url, CAPACITY_SESSIONS);
  for (const [target, url, next] of [
    ['BFF', bff.url, placeOn(ids)],
    ['sandbox direct', sandbox.url, placeDirect],
  ] as const) {
    record('order placement capacity (orders/s)', target, await load(url, SECONDS, calls(next), { connections: 20 }));
  }

  for (const [size, server] of lists) {
    record(
      'order list status=paid (req/s)',
      `${size.toLocaleString('en')} orders`,
      await load(`${server.url}/v1/orders?status=paid&limit=50`, SECONDS, fixedBody('GET', MERCHANT)),
    );
  }
}

async function finish({ bff, express, http, lists, record }: Bench) {
  // What a container must hold once the load has been: the ledger's and V8's working sets at their largest.
  record('RSS after the load (MB)', 'BFF', { value: bff.rssMb() });
  // Last, on the same BFF: what a stranger's floods cost everyone else.
  const [floodSession, placedOn] = await readSessions(bff.url, 2);
  const placed = await fetch(`${bff.url}/v1/checkout-sessions/${placedOn}/orders`, {
    method: 'POST',
    headers: widgetOrderHeaders(),
    body: SHOPPER,
  });
  const { orderReference } = (await placed.json()) as { orderReference: string };
  await hostileFloods(bff, floodSession!, orderReference, record);
  for (const server of [bff, express, http, ...lists.values()]) await server.stop();
}

// Every ledger's servers first, then the rounds, each ledger in turn within a round: a slow minute of the machine's
// falls on every ledger alike, and each is compared with the sandbox measured beside it.
const benches: Bench[] = [];
for (const ledger of ONLY_BACKLOG ? [] : ledgers) benches.push(await prepare(ledger));
const token = await sandboxToken();
for (let round = 1; round <= ROUNDS && benches.length > 0; round++) {
  for (const bench of benches) {
    await measureRound(bench, token);
    console.error(`${bench.ledger.name}: round ${round} of ${ROUNDS} done`);
  }
}
for (const bench of benches) await finish(bench);
await sandbox.stop();

// The reconciler under a flash sale's backlog, with the default settings: PGlite (one instance owns it) and
// PostgreSQL with two instances. A sandbox of its own each time, so its journal holds only the backlog.
for (const orders of BACKLOG_ORDERS) {
  for (const [ledger, count] of [
    [ledgers[0]!, 1],
    ...ledgers.filter((ledger) => ledger.name === 'PostgreSQL').map((ledger) => [ledger, 2] as const),
  ] as const) {
    const upstream = await startSandbox();
    const { env } = await ledger.make();
    const instances: BacklogInstance[] = [];
    for (let n = 0; n < count; n++) {
      const bff = await startServer(
        NODE,
        ['dist/server/main.js'],
        bffEnv({ ...env, OPI_METRICS_PORT: '0' }, upstream),
        /BFF listening on http:\/\/127\.0\.0\.1:(\d+)/,
        '/readyz',
      );
      const metricsPort = /metrics on http:\/\/127\.0\.0\.1:(\d+)\/metrics/.exec(bff.output())![1];
      instances.push({ bff, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics` });
    }
    const result = await measureBacklog(instances, upstream.url, orders, DEFAULT_POLL_INITIAL_MS);
    const target = `${orders.toLocaleString('en')} orders, ${count} instance${count > 1 ? 's' : ''}`;
    for (const [name, value] of Object.entries(backlogFigures(result)))
      samples.push({ ledger: ledger.name, case: `backlog: ${name}`, target, value });
    console.error(`backlog of ${target} on ${ledger.name}: ${JSON.stringify(result)}`);
    for (const instance of instances) await instance.bff.stop();
    await upstream.stop();
  }
}

const rows = toRows(samples);
const machine = `${cpus().length} x ${cpus()[0]?.model.trim()}, ${(totalmem() / 2 ** 30).toFixed(1)} GB, Node ${process.version}`;
console.log(
  `${machine}; ${ROUNDS} rounds of ${SECONDS} s, 10 connections unless said\n\n${markdownTable(rows, COMPARISONS)}`,
);
mkdirSync('.bench', { recursive: true });
writeFileSync(
  '.bench/latest.json',
  `${JSON.stringify({ machine, rounds: ROUNDS, seconds: SECONDS, at: new Date().toISOString(), rows, samples }, null, 2)}\n`,
);
