// `npm start`: the whole demo on three localhost origins. The sandbox and the BFF run as child processes through
// their own main.ts (their real configuration path); the storefront runs here. Ctrl-C or SIGTERM stops all three.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createConnection, createServer } from 'node:net';
import { join, relative, resolve } from 'node:path';
import pino from 'pino';
import { SANDBOX_DEFAULTS } from '../shared/sandbox-defaults.js';
import { createStorefront } from './storefront/storefront.js';
import { ensureWidgetBuilt, REPO_ROOT } from './storefront/widget-build.js';

const HOST = '127.0.0.1';
const STARTUP_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

interface PortSetting {
  variable: string;
  what: string;
  port: number;
}

class StartError extends Error {}

function readPort(variable: string, what: string, fallback: number): PortSetting {
  const raw = process.env[variable];
  if (raw === undefined || raw.trim() === '') return { variable, what, port: fallback };
  const port = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || port < 1 || port > 65_535) {
    throw new StartError(`${variable} must be a port number from 1 to 65535 (got "${raw}").`);
  }
  return { variable, what, port };
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' ? resolve(false) : reject(error),
    );
    probe.listen({ port, host: HOST, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

async function checkPorts(settings: readonly PortSetting[]): Promise<void> {
  const problems: string[] = [];
  for (const [index, setting] of settings.entries()) {
    const clash = settings.slice(0, index).find((other) => other.port === setting.port);
    if (clash)
      problems.push(`${clash.variable} and ${setting.variable} are both ${setting.port}; give each its own port.`);
    else if (!(await portIsFree(setting.port))) {
      problems.push(
        `Port ${setting.port} (${setting.what}) is already in use: stop what uses it, or choose another port with ${setting.variable}=<port> npm start.`,
      );
    }
  }
  if (problems.length > 0) throw new StartError(problems.join('\n'));
}

/** Resolves once something accepts connections on the port; fails if the child exits first. */
function waitForPort(port: number, child: ChildProcess, name: string, logFile: string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) =>
      reject(new StartError(`The ${name} stopped while starting (exit ${code}).\n${tail(logFile)}`));
    child.once('exit', onExit);
    const attempt = () => {
      const socket = createConnection({ port, host: HOST });
      socket.once('connect', () => {
        socket.destroy();
        child.off('exit', onExit);
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) {
          child.off('exit', onExit);
          reject(
            new StartError(
              `The ${name} did not start listening on port ${port} within ${STARTUP_TIMEOUT_MS / 1000} s; see ${relative(process.cwd(), logFile)}.`,
            ),
          );
        } else setTimeout(attempt, 150);
      });
    };
    attempt();
  });
}

function tail(file: string, lines = 15): string {
  try {
    return readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .slice(-lines)
      .map((line) => `  | ${line}`)
      .join('\n');
  } catch {
    return '';
  }
}

interface Child {
  name: string;
  process: ChildProcess;
  logFile: string;
}

/** Runs a server's own main.ts (through tsx) with its output in <data dir>/logs/<name>.log. */
function startChild(name: string, script: string, env: Record<string, string>, logDir: string): Child {
  const logFile = join(logDir, `${name}.log`);
  const log = createWriteStream(logFile, { flags: 'w' });
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return { name, process: child, logFile };
}

function stopChild(child: Child): Promise<void> {
  const proc = child.process;
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => proc.kill('SIGKILL'), STOP_TIMEOUT_MS);
    proc.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    proc.kill('SIGTERM');
  });
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

async function main(): Promise<void> {
  const sandboxPort = readPort('SANDBOX_PORT', 'sandbox', SANDBOX_DEFAULTS.port);
  const tokenPort = readPort('SANDBOX_TOKEN_PORT', "sandbox's token endpoint", SANDBOX_DEFAULTS.tokenPort);
  const bffPort = readPort('BFF_PORT', 'BFF', 8787);
  const storefrontPort = readPort('STOREFRONT_PORT', 'storefront', 5173);
  await checkPorts([sandboxPort, tokenPort, bffPort, storefrontPort]);

  const sandboxUrl = `http://${HOST}:${sandboxPort.port}`;
  const tokenUrl = `http://${HOST}:${tokenPort.port}/token`;
  const bffUrl = `http://${HOST}:${bffPort.port}`;
  // A new one each start (the sandbox is told the whole URL each start), unless the developer set one.
  const webhookSecret = process.env.OPI_UPSTREAM_WEBHOOK_SECRET || randomBytes(24).toString('base64url');
  const storefrontUrl = `http://${HOST}:${storefrontPort.port}`;
  // The ledger and the logs live together: OPI_DATA_DIR (relative to where npm start runs), else .data/.
  const dataDir = process.env.OPI_DATA_DIR ? resolve(process.env.OPI_DATA_DIR) : join(REPO_ROOT, '.data');
  const logDir = join(dataDir, 'logs');
  mkdirSync(logDir, { recursive: true });

  const { built } = await ensureWidgetBuilt();
  if (built) console.log('Built the widget: dist/widget/');

  const children: Child[] = [];
  let storefront: Server | undefined;
  let stopping = false;
  const stopAll = async (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    storefront?.closeAllConnections();
    storefront?.close();
    await Promise.all(children.map(stopChild));
    process.exit(exitCode);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      console.log(`\n${signal}: stopping the storefront, the BFF and the sandbox...`);
      void stopAll(0);
    });
  }
  const watch = (child: Child) =>
    child.process.once('exit', (code, signal) => {
      if (stopping) return;
      console.error(
        `The ${child.name} stopped unexpectedly (${signal ?? `exit ${code}`}); stopping the demo.\n${tail(child.logFile)}`,
      );
      void stopAll(1);
    });

  try {
    const sandboxEnv = {
      SANDBOX_PORT: String(sandboxPort.port),
      SANDBOX_TOKEN_PORT: String(tokenPort.port),
      // The merchant account's webhook, as a merchant registers it in the upstream's portal: its secret included.
      SANDBOX_WEBHOOK_URL: process.env.SANDBOX_WEBHOOK_URL || `${bffUrl}/v1/webhooks/upstream/${webhookSecret}`,
      // Beside the BFF's ledger, so a restarted demo can still refund yesterday's order.
      SANDBOX_DATA_DIR: process.env.SANDBOX_DATA_DIR || join(dataDir, 'sandbox'),
    };
    const sandbox = startChild('sandbox', 'demo/sandbox/main.ts', sandboxEnv, logDir);
    children.push(sandbox);
    await waitForPort(sandboxPort.port, sandbox.process, 'sandbox', sandbox.logFile);
    watch(sandbox);

    // Local choice: a value the developer set in the environment wins over the demo's wiring, except the port and
    // the data directory (resolved here, so the BFF's ledger sits beside these logs).
    const bffEnv = {
      // The demo is the sandbox, said out loud: a BFF told nothing refuses to start.
      OPI_ENVIRONMENT: 'sandbox',
      OPI_UPSTREAM_WEBHOOK_SECRET: webhookSecret,
      OPI_UPSTREAM_URL: sandboxUrl,
      OPI_TOKEN_URL: tokenUrl,
      // The sandbox started above is a local sandbox on whatever port it got (the BFF trusts only its default URL).
      ...(process.env.OPI_UPSTREAM_URL ? {} : { OPI_UPSTREAM_SANDBOX: 'true' }),
      OPI_PUBLIC_URL: bffUrl,
      // The demo shop's origins always, and any the developer adds (their own storefront, say).
      OPI_ALLOWED_ORIGINS: [`${storefrontUrl},http://localhost:${storefrontPort.port}`, process.env.OPI_ALLOWED_ORIGINS]
        .filter(Boolean)
        .join(','),
      ...definedEnv(['OPI_ENVIRONMENT', 'OPI_UPSTREAM_URL', 'OPI_TOKEN_URL', 'OPI_UPSTREAM_SANDBOX', 'OPI_PUBLIC_URL']),
      // The merchant's notifications, to the sandbox's relay (its console lists them): the console's "Send again".
      OPI_MERCHANT_WEBHOOK_URL: process.env.OPI_MERCHANT_WEBHOOK_URL || `${sandboxUrl}/__sandbox/relay`,
      OPI_MERCHANT_WEBHOOK_SECRET: process.env.OPI_MERCHANT_WEBHOOK_SECRET || randomBytes(24).toString('base64url'),
      OPI_DATA_DIR: dataDir,
      PORT: String(bffPort.port),
    };
    const bff = startChild('bff', 'bff/main.ts', bffEnv, logDir);
    children.push(bff);
    await waitForPort(bffPort.port, bff.process, 'BFF', bff.logFile);
    watch(bff);

    const configuredKey = process.env.OPI_MERCHANT_KEYS?.split(',')[0]?.trim();
    const app = createStorefront({
      bffUrl,
      publicBffUrl: bffEnv.OPI_PUBLIC_URL,
      merchantKey: configuredKey || SANDBOX_DEFAULTS.merchantKey,
      imageOrigins: [bffEnv.OPI_UPSTREAM_URL],
      publicUrl: storefrontUrl,
      logger: pino({ name: 'storefront', level: process.env.OPI_LOG_LEVEL || 'info' }),
    });
    storefront = createHttpServer(app);
    await listen(storefront, storefrontPort.port);

    const logs = [sandbox, bff].map((child) => relative(process.cwd(), child.logFile)).join(', ');
    const row = (name: string, url: string, what: string) => `  ${name.padEnd(11)} ${url.padEnd(32)} ${what}`;
    console.log(
      [
        '',
        'opi-checkout demo is running:',
        row('storefront', storefrontUrl, 'the shop: add something to the cart, check out, pick an outcome'),
        row('console', `${storefrontUrl}/console`, 'the merchant console: orders, refunds, capture, void'),
        row('BFF', bffUrl, "the merchant's server (the widget loads from here)"),
        row('sandbox', sandboxUrl, "the local upstream and the providers' hosted pages"),
        row('token', tokenUrl, "the sandbox's token endpoint, on its own origin as upstream"),
        '',
        configuredKey
          ? '  merchant key: the first of OPI_MERCHANT_KEYS'
          : `  dev merchant key: ${SANDBOX_DEFAULTS.merchantKey} (local sandbox only)`,
        `  logs: ${logs}`,
        '',
        'Press Ctrl-C to stop.',
      ].join('\n'),
    );
  } catch (error) {
    await Promise.all(children.map(stopChild));
    throw error;
  }
}

function definedEnv(names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])));
}

main().catch((error: unknown) => {
  console.error(error instanceof StartError ? error.message : error);
  process.exit(1);
});
