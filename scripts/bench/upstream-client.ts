// `npm run bench:client`: what one upstream call costs the BFF's process, on Node's fetch and on the client it uses
// (bff/upstream/http-client.ts), through the BFF's own upstream client (its transport, schemas and token) against
// the sandbox in a process of its own, so this process's CPU is the client's alone. The call is the options lookup a
// session read makes, at the demo cart's amount. One at a time and 20 at once, the two clients taking turns round by
// round. Options: --calls N (3000), --rounds N (3), --liftoff-only (WebAssembly compiled as the BFF on PGlite has it,
// OPI_PGLITE_COMPILER=baseline, the default: fetch's parser is WebAssembly).
import { setFlagsFromString } from 'node:v8';
import { loadConfig } from '../../bff/config.js';
import { createUpstreamClient } from '../../bff/upstream/client.js';
import { toMajor } from '../../shared/money.js';
import { DEMO_TOTAL } from './demo-order.js';
import { numericOption } from './options.js';
import { startSandbox } from './processes.js';

const CALLS = numericOption('calls', 3_000);
const ROUNDS = numericOption('rounds', 3);
const WARM_UP = 300;

if (process.argv.includes('--liftoff-only')) setFlagsFromString('--liftoff-only');
const sandbox = await startSandbox();
const config = loadConfig({
  OPI_UPSTREAM_URL: sandbox.url,
  OPI_TOKEN_URL: sandbox.tokenUrl,
  OPI_ENVIRONMENT: 'sandbox',
  OPI_UPSTREAM_SANDBOX: 'true',
  OPI_PUBLIC_URL: 'http://127.0.0.1:1',
});
const query = { amount: toMajor(DEMO_TOTAL.minor, DEMO_TOTAL.currency), currency: DEMO_TOTAL.currency };
const clients = {
  "Node's fetch": createUpstreamClient({ config: config.upstream, fetch: globalThis.fetch }),
  'node:http (the default)': createUpstreamClient({ config: config.upstream }),
};

/** Microseconds of this process's CPU and of wall time per call, `parallel` calls in flight at once. */
async function measure(client: (typeof clients)[keyof typeof clients], parallel: number) {
  for (let i = 0; i < WARM_UP; i++) await client.getOptions(query);
  const cpu = process.cpuUsage();
  const started = performance.now();
  let left = CALLS;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (left-- > 0) await client.getOptions(query);
    }),
  );
  const used = process.cpuUsage(cpu);
  return { cpuUs: (used.user + used.system) / CALLS, wallUs: ((performance.now() - started) * 1000) / CALLS };
}

const results = new Map<string, { cpu: number[]; wall: number[] }>();
for (let round = 0; round < ROUNDS; round++)
  for (const parallel of [1, 20])
    for (const [name, client] of Object.entries(clients)) {
      const { cpuUs, wallUs } = await measure(client, parallel);
      const key = `${name}, ${parallel} at once`;
      const kept = results.get(key) ?? { cpu: [], wall: [] };
      kept.cpu.push(cpuUs);
      kept.wall.push(wallUs);
      results.set(key, kept);
    }
await sandbox.stop();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(`\nOne options lookup through the upstream client, ${CALLS} calls a round, median of ${ROUNDS} rounds\n`);
console.log('| client | CPU µs per call (this process) | wall µs per call |\n|---|---|---|');
for (const [key, { cpu, wall }] of results)
  console.log(`| ${key} | ${median(cpu).toFixed(0)} | ${median(wall).toFixed(0)} |`);
