// `npm run walk`: the source files one order placement and one refund really open, counted by following the calls
// as they run: V8's precise coverage (call counts) around one request of each through the BFF's real app on a real
// port, after a warm-up of both, so only what the request itself calls is counted. Files of the BFF and of shared/;
// the HTTP edge every request passes (bff/app.ts, bff/http/) is listed apart. Prints the lists as
// docs/internals/architecture.md shows them; `--write` puts them there (npm run docs does), `--check` fails when the
// doc says otherwise (either takes another copy of the doc's path after it).
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createApp } from '../bff/app.js';
import { loadConfig } from '../bff/config.js';
import { createLogger } from '../bff/logger.js';
import { openStore } from '../bff/store/open-store.js';
import { createUpstreamClient } from '../bff/upstream/client.js';
import { createSandbox } from '../demo/sandbox/sandbox.js';
import { SANDBOX_DEFAULTS } from '../shared/sandbox-defaults.js';
import { DEMO_CART, DEMO_SHOPPER } from './bench/demo-order.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const inspector = new Session();
inspector.connect();
await inspector.post('Profiler.enable');
await inspector.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });

/** The project's files with a function called since the last take (which resets the counts). */
async function filesCalled(): Promise<string[]> {
  const { result } = await inspector.post('Profiler.takePreciseCoverage');
  return result
    .filter((script) => script.url.startsWith(`file://${ROOT}`))
    .filter((script) => script.functions.some((fn) => fn.ranges[0]!.count > 0))
    .map((script) => fileURLToPath(script.url).slice(ROOT.length))
    .filter((file) => file.startsWith('bff/') || file.startsWith('shared/'))
    .sort();
}

const sandbox = createSandbox({ refundSettlement: 'instant' });
await sandbox.listen(0, '127.0.0.1');
const server = createServer();
const url = await new Promise<string>((resolve) =>
  server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
);
const config = loadConfig({
  OPI_UPSTREAM_URL: sandbox.url,
  OPI_TOKEN_URL: sandbox.tokenUrl,
  OPI_ENVIRONMENT: 'sandbox',
  OPI_UPSTREAM_SANDBOX: 'true',
  OPI_PUBLIC_URL: url,
});
const logger = createLogger('silent', { write: () => {} });
const store = await openStore({});
server.on('request', createApp({ config, store, upstream: createUpstreamClient({ config: config.upstream }), logger }));

const merchant = { authorization: `Bearer ${SANDBOX_DEFAULTS.merchantKey}`, 'content-type': 'application/json' };
const cart = DEMO_CART;

async function post(path: string, body: unknown, headers: Record<string, string>) {
  const answer = await fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  if (answer.status >= 300) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as Record<string, string>;
}

/** A session the widget has read, ready for the shopper's submit. */
async function readySession(): Promise<string> {
  const { id } = await post('/v1/checkout-sessions', cart, merchant);
  await (await fetch(`${url}/v1/checkout-sessions/${id}`)).arrayBuffer();
  return id!;
}

const shopper = DEMO_SHOPPER;
const place = (id: string) =>
  post(`/v1/checkout-sessions/${id}/orders`, shopper, {
    'content-type': 'application/json',
    'idempotency-key': crypto.randomUUID(),
  });
/** A paid order (the shopper approved at the provider; the merchant's read records it). */
async function paidOrder(): Promise<string> {
  const { orderReference } = await place(await readySession());
  await sandbox.decide(orderReference!, { outcome: 'approve' });
  // The upstream's callback about it, handled by the BFF before the next walk is counted.
  await sandbox.idle();
  await (await fetch(`${url}/v1/orders/${orderReference}`, { headers: merchant })).arrayBuffer();
  return orderReference!;
}
const refund = (reference: string) =>
  post(`/v1/orders/${reference}/refunds`, { amount: 1 }, { ...merchant, 'idempotency-key': crypto.randomUUID() });

// Warm-up: both walks once, so nothing is counted for being loaded.
await refund(await paidOrder());

/** Files by folder, as sub-items: the folder, then its files' names. */
function byFolder(files: string[], lead = ''): string[] {
  const folders = new Map<string, string[]>();
  for (const file of files) {
    const at = file.lastIndexOf('/') + 1;
    const folder = file.slice(0, at);
    folders.set(folder, [...(folders.get(folder) ?? []), file.slice(at).replace(/\.ts$/, '')]);
  }
  return [...folders].map(([folder, names]) => `  - ${lead}\`${folder}\`: ${names.join(', ')}`);
}

/** One walk as a list item: the count, then the files by folder, then the HTTP edge. */
function walkItem(name: string, files: string[]): string {
  const edge = files.filter((file) => file === 'bff/app.ts' || file.startsWith('bff/http/'));
  const walked = files.filter((file) => !edge.includes(file));
  const shared = walked.filter((file) => file.startsWith('shared/')).length;
  return [
    `- ${name}: **${walked.length} files**, ${walked.length - shared} of the BFF's and ${shared} of \`shared/\`:`,
    ...byFolder(walked),
    ...byFolder(edge, 'and the HTTP edge, '),
  ].join('\n');
}

const id = await readySession();
await filesCalled();
await place(id);
const placement = walkItem('A placement (`POST /v1/checkout-sessions/:id/orders`)', await filesCalled());

const paid = await paidOrder();
await filesCalled();
await refund(paid);
const refunding = walkItem('A refund (`POST /v1/orders/:ref/refunds`)', await filesCalled());

const [mode, DOC = 'docs/internals/architecture.md'] = process.argv.slice(2);
const START = '<!-- The walk, generated by `npm run walk -- --write` (npm run docs) to the closing marker. -->';
const END = '<!-- End of the generated walk. -->';
const block = `${START}\n${placement}\n${refunding}\n${END}`;
const doc = readFileSync(DOC, 'utf8');
const [from, to] = [doc.indexOf(START), doc.indexOf(END)];
if (from < 0 || to < from) throw new Error(`${DOC} has no walk markers`);
const written = doc.slice(0, from) + block + doc.slice(to + END.length);
if (mode === '--write') writeFileSync(DOC, written);
else if (mode === '--check' && written !== doc) {
  process.stderr.write(`${DOC} shows another walk than the code's; run npm run docs. The code's:\n${block}\n`);
  process.exitCode = 1;
} else if (mode !== '--check') process.stdout.write(`${block}\n`);

server.closeAllConnections();
await new Promise((resolve) => server.close(resolve));
await sandbox.close();
await store.close();
process.exit();
