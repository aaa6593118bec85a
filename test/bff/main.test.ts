// The BFF as a real process, both ways it runs: `npm run bff` (the TypeScript sources through tsx) and the
// production start (`npm run serve`, `opi-bff`: the JavaScript that `npm run build` bundles with vite.server.config.ts,
// built here into a temporary folder). Each refuses a bad configuration by name, serves on the configured port with
// its ledger in the data folder, and on SIGTERM finishes the requests in flight before it exits.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../demo/sandbox/sandbox.js';
import { call, createSession, json, shopper } from '../support/checkout.js';
import { compileServer, type CompiledServer } from '../support/compiled-server.js';
import { startOtlpReceiver } from '../support/otlp-receiver.js';
import { REAL_UPSTREAM_ENV } from '../support/real-upstream.js';
import { startSandbox } from '../support/servers.js';
import { waitUntil } from '../support/wait.js';
import { type Running, startChild } from '../support/child.js';

const BIN = join(process.cwd(), 'node_modules/.bin');
let sandbox: Sandbox;
let dataDir: string;
let compiled: CompiledServer;

beforeAll(async () => {
  sandbox = await startSandbox();
  dataDir = mkdtempSync(join(tmpdir(), 'opi-bff-main-'));
  // Outside the repository, as a deployed copy.
  compiled = compileServer();
}, 120_000);
afterAll(async () => {
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
  compiled.remove();
});

/** The command and arguments that start the BFF. */
const LAUNCHERS: [string, () => [string, string[]]][] = [
  ['npm run bff (tsx)', () => [join(BIN, 'tsx'), ['bff/main.ts']]],
  ['compiled JavaScript (node)', () => [process.execPath, [join(compiled.dir, 'dist/server/main.js')]]],
];

function startMain(launcher: () => [string, string[]], env: Record<string, string>, cwd?: string): Running {
  const [command, args] = launcher();
  return startChild(command, args, { ...(cwd ? { cwd } : {}), env: { PATH: process.env.PATH, ...env } });
}

async function waitFor(read: () => string, pattern: RegExp): Promise<RegExpExecArray> {
  let match: RegExpExecArray | null = null;
  await waitUntil(() => {
    match = pattern.exec(read());
    return match !== null;
  }, 60_000);
  return match!;
}

/** What a BFF serving the test sandbox needs: a free port, the sandbox, the data folder, info logs. */
const serving = () => ({
  PORT: '0',
  OPI_UPSTREAM_URL: sandbox.url,
  OPI_TOKEN_URL: sandbox.tokenUrl,
  OPI_ENVIRONMENT: 'sandbox',
  OPI_UPSTREAM_SANDBOX: 'true',
  OPI_DATA_DIR: dataDir,
  OPI_LOG_LEVEL: 'info',
});

describe.each(LAUNCHERS)('bff/main.ts as %s', (_name, launcher) => {
  it('refuses to start with a bad configuration, naming the variable', async () => {
    const run = startMain(launcher, {
      OPI_UPSTREAM_URL: 'https://api.example-upstream.com',
      OPI_UPSTREAM_TIMEOUT_MS: 'soon',
    });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('OPI_UPSTREAM_TIMEOUT_MS must be a whole number of milliseconds');
  });

  it('refuses to start with nothing set, in one line naming OPI_ENVIRONMENT: never the sandbox by accident', async () => {
    const run = startMain(launcher, {});
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('OPI_ENVIRONMENT must be set: sandbox, qa, production');
    expect(run.output()).not.toMatch(/listening/);
  });

  it('ends a failed start through the logger: one fatal line, its error serialized, nothing of it raw', async () => {
    // A data folder that is a file: the embedded ledger cannot open.
    const blocked = join(dataDir, 'not-a-folder');
    writeFileSync(blocked, 'x');
    const run = startMain(launcher, { OPI_ENVIRONMENT: 'sandbox', OPI_DATA_DIR: blocked, PORT: '0' });
    expect(await run.exited).toBe(1);
    const lines = run
      .output()
      .split('\n')
      .filter((line) => line.trim().length > 0);
    const fatal = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.level === 60);
    expect(fatal).toMatchObject({ msg: 'BFF failed to start', err: { type: expect.any(String) } });
    expect(Object.keys(fatal!.err as object).sort()).not.toContain('params');
  });

  it('serves, then drains a request in flight on SIGTERM and exits 0', async () => {
    // A token URL whose query carries a key, as some gateways want: never in the start's log line.
    const env = { ...serving(), OPI_TOKEN_URL: `${sandbox.tokenUrl}?code=k3y-in-query`, OPI_METRICS_PORT: '0' };
    const run = startMain(launcher, env);
    const [, port] = await waitFor(run.output, /BFF listening on http:\/\/127\.0\.0\.1:(\d+)/);
    expect(run.output()).toContain(`"tokenUrl":"${sandbox.tokenUrl}"`);
    expect(run.output()).not.toContain('k3y-in-query');
    const url = `http://127.0.0.1:${port}`;
    expect(run.output(), 'the embedded ledger compiled by the baseline compiler').toMatch(
      /"store":"pglite","pgliteCompiler":"baseline","pgliteThread":"worker"/,
    );
    expect((await call(`${url}/readyz`)).status).toBe(200);
    // Metrics on their own port only.
    const [, metricsPort] = await waitFor(run.output, /metrics on http:\/\/127\.0\.0\.1:(\d+)\/metrics/);
    expect((await call(`http://127.0.0.1:${metricsPort}/metrics`)).text).toMatch(
      /^opi_http_request_duration_seconds_count\{method="GET",route="\/readyz",status="200"\} 1$/m,
    );
    expect((await call(`${url}/metrics`)).status).toBe(404);
    const id = await createSession(url);

    // With PORT=0 the return and callback URLs given upstream name the port the BFF got.
    expect((await call(`${url}/v1/checkout-sessions/${id}/orders`, json('POST', shopper()))).status).toBe(201);
    const create = sandbox.journal.findLast((entry) => entry.method === 'POST' && entry.path === '/orders');
    expect((create?.body as { dynamicRedirectUrl: string } | undefined)?.dynamicRedirectUrl).toMatch(
      new RegExp(`^${url}/v1/returns/`),
    );

    sandbox.setFault('options', { kind: 'latency', ms: 700 });
    const inFlight = call(`${url}/v1/checkout-sessions/${id}`);
    await waitFor(() => JSON.stringify(sandbox.journal), /"\/options"/);
    run.child.kill('SIGTERM');
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.body.id).toBe(id);
    expect(await run.exited).toBe(0);
    expect(run.output()).toMatch(/shutting down/);
    // No exporter configured: the OpenTelemetry SDK was never loaded.
    expect(run.output()).not.toMatch(/tracing:/);
    sandbox.clearFaults();
  }, 90_000);

  it('with OTEL_EXPORTER_OTLP_ENDPOINT, sends its spans over OTLP/HTTP, the last ones on SIGTERM', async () => {
    const receiver = await startOtlpReceiver();
    try {
      const run = startMain(launcher, {
        ...serving(),
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_SERVICE_NAME: 'shop-checkout',
      });
      const [, port] = await waitFor(run.output, /BFF listening on http:\/\/127\.0\.0\.1:(\d+)/);
      expect(run.output()).toMatch(/tracing: spans sent over OTLP\/HTTP/);
      const traceId = 'a'.repeat(31) + '1';
      const answer = await call(`http://127.0.0.1:${port}/readyz`, {
        headers: { traceparent: `00-${traceId}-${'b'.repeat(16)}-01` },
      });
      expect(answer.status).toBe(200);
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      const spans = receiver.spans.filter((span) => span.traceId === traceId);
      expect(spans.find((span) => span.name === 'GET /readyz')).toMatchObject({
        parentSpanId: 'b'.repeat(16),
        service: 'shop-checkout',
      });
      expect(receiver.contentTypes).toEqual(new Set(['application/json']));
    } finally {
      await receiver.close();
    }
  }, 90_000);
});

describe('bff/main.ts in production on the embedded ledger', () => {
  it('warns at start when the ledger would live in the default folder, and not once OPI_DATA_DIR names one', async () => {
    const production = { PORT: '0', OPI_ENVIRONMENT: 'production', ...REAL_UPSTREAM_ENV };
    const compiledMain = LAUNCHERS[1]![1];
    // In a folder of its own: the default `.data` is relative to where it starts.
    const defaulted = startMain(compiledMain, production, dataDir);
    const chosen = startMain(compiledMain, { ...production, OPI_DATA_DIR: join(dataDir, 'volume') }, dataDir);
    try {
      for (const run of [defaulted, chosen]) await waitFor(run.output, /BFF listening/);
      expect(defaulted.output()).toMatch(/"code":"ledger_not_persistent".*set OPI_DATA_DIR to a persistent volume/);
      expect(chosen.output()).not.toContain('ledger_not_persistent');
    } finally {
      for (const run of [defaulted, chosen]) run.child.kill('SIGTERM');
      await Promise.all([defaulted.exited, chosen.exited]);
    }
  }, 90_000);
});
