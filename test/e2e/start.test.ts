// `npm start` (demo/start.ts) as a developer runs it: the real tsx process with the sandbox and the BFF as its
// children and the storefront in it, on free ports and a temporary data directory. It must answer on all three
// URLs, keep its logs and ledger in OPI_DATA_DIR, stop everything on SIGTERM with exit 0, and refuse a busy port
// with a clear message and exit 1.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureWidgetBuilt, REPO_ROOT } from '../../demo/storefront/widget-build.js';
import { type Running, startChild } from '../support/child.js';

const HOST = '127.0.0.1';
const TSX = join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs');

function listenOn(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ port, host: HOST, exclusive: true }, () => resolve(server));
  });
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** Ports nothing listens on right now (the OS picks them; they are released before the demo binds them). */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(Array.from({ length: count }, () => listenOn(0)));
  const ports = servers.map((server) => (server.address() as { port: number }).port);
  await Promise.all(servers.map(close));
  return ports;
}

const portIsFree = (port: number) =>
  listenOn(port)
    .then(close)
    .then(
      () => true,
      () => false,
    );

/** A developer's shell without their OPI_* settings, database or vitest's NODE_ENV: the demo's own wiring only. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const unset = /^(OPI_|SANDBOX_|DATABASE_URL$|PORT$|NODE_ENV$|VITEST)/;
  return { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !unset.test(name))), ...extra };
}

function startDemo(env: Record<string, string>): Running {
  return startChild(process.execPath, [TSX, 'demo/start.ts'], { cwd: REPO_ROOT, env: cleanEnv(env) });
}

async function until(what: string, demo: Running, done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (demo.child.exitCode !== null)
      throw new Error(`the demo exited (${demo.child.exitCode}) before ${what}:\n${demo.output()}`);
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs} ms:\n${demo.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let running: Running | undefined;
let dataDir: string | undefined;

beforeAll(async () => {
  // Built here, so the demo's own build check finds nothing to do and the test times only the start.
  await ensureWidgetBuilt();
});

afterEach(async () => {
  if (running && running.child.exitCode === null) {
    running.child.kill('SIGKILL');
    await running.exited;
  }
  running = undefined;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

/** Starts `npm start`'s script on these ports with a fresh data folder; afterEach stops it and removes the folder. */
async function startDemoOn([sandbox, bff, storefront, token]: [number, number, number, number]) {
  const folder = await mkdtemp(join(tmpdir(), 'opi-start-'));
  dataDir = folder;
  const demo = startDemo({
    SANDBOX_PORT: String(sandbox),
    SANDBOX_TOKEN_PORT: String(token),
    BFF_PORT: String(bff),
    STOREFRONT_PORT: String(storefront),
    OPI_DATA_DIR: folder,
    // A developer's own storefront, added to the demo shop's origins (never instead of them).
    OPI_ALLOWED_ORIGINS: 'https://shop.example',
  });
  running = demo;
  return { demo, folder };
}

describe('npm start (demo/start.ts)', () => {
  it('starts the sandbox, the BFF and the storefront on the given ports, and stops all three on SIGTERM', {
    timeout: 90_000,
  }, async () => {
    const [sandbox, bff, storefront, token] = (await freePorts(4)) as [number, number, number, number];
    const { demo, folder } = await startDemoOn([sandbox, bff, storefront, token]);
    await until('"Press Ctrl-C to stop."', demo, () => demo.output().includes('Press Ctrl-C to stop.'), 60_000);

    const printed = demo.output();
    expect(printed).toContain(`http://${HOST}:${storefront}/console`);
    expect(printed).toContain(`http://${HOST}:${bff} `);
    expect(printed).toContain(`http://${HOST}:${sandbox} `);
    expect(printed).toContain(`http://${HOST}:${token}/token`);

    const shop = await fetch(`http://${HOST}:${storefront}/`);
    expect(shop.status).toBe(200);
    expect(await shop.text()).toContain('Opi Souk');
    const health = await fetch(`http://${HOST}:${bff}/healthz`);
    expect(health.status).toBe(200);
    for (const origin of [`http://${HOST}:${storefront}`, 'https://shop.example']) {
      const preflight = await fetch(`http://${HOST}:${bff}/v1/checkout-sessions/cs_any`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET' },
      });
      expect(preflight.headers.get('access-control-allow-origin'), origin).toBe(origin);
    }
    const widget = (await (await fetch(`http://${HOST}:${bff}/v1/widget`)).json()) as {
      url: string;
      integrity: string;
    };
    expect(widget.integrity).toMatch(/^sha384-/);
    const logo = await fetch(`http://${HOST}:${sandbox}/logos/tabby.svg`);
    expect(logo.status).toBe(200);
    expect(await logo.text()).toContain('<svg');

    // Logs and ledger under OPI_DATA_DIR, nowhere else.
    for (const file of ['logs/sandbox.log', 'logs/bff.log', 'pglite'])
      expect(existsSync(join(folder, file)), file).toBe(true);
    expect(printed).toContain(`logs: ${relative(REPO_ROOT, join(folder, 'logs/sandbox.log'))}`);

    demo.child.kill('SIGTERM');
    expect(await demo.exited, `exit code after SIGTERM:\n${demo.output()}`).toBe(0);
    expect(demo.output()).toContain('SIGTERM: stopping the storefront, the BFF and the sandbox...');
    for (const port of [sandbox, token, bff, storefront])
      expect(await portIsFree(port), `port ${port} is free again`).toBe(true);
  });

  it('refuses a busy port with a message that names it and the variable to change, and starts nothing', {
    timeout: 30_000,
  }, async () => {
    const [sandbox, bff, storefront, token] = (await freePorts(4)) as [number, number, number, number];
    const squatter = await listenOn(storefront);
    try {
      const { demo } = await startDemoOn([sandbox, bff, storefront, token]);
      expect(await demo.exited, demo.output()).toBe(1);
      expect(demo.output().trim()).toBe(
        `Port ${storefront} (storefront) is already in use: stop what uses it, or choose another port with STOREFRONT_PORT=<port> npm start.`,
      );
      expect(await portIsFree(sandbox), 'no sandbox was started').toBe(true);
      expect(await portIsFree(bff), 'no BFF was started').toBe(true);
    } finally {
      await close(squatter);
    }
  });
});
