// Real servers on port 0 for integration and e2e tests: the sandbox as the upstream, and the BFF in this process
// with its log lines captured. Close what you start (afterAll / afterEach).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Services } from '../../bff/services.js';
import { createApp } from '../../bff/app.js';
import type { InProcessApi } from '../../bff/in-process-api.js';
import { answerClientErrors } from '../../bff/http/client-errors.js';
import { loadConfig, type Config } from '../../bff/config.js';
import type { WidgetBundle } from '../../bff/http/widget-asset.js';
import { createLogger } from '../../bff/logger.js';
import { createMetrics } from '../../bff/metrics/metrics.js';
import type { Store } from '../../bff/store/types.js';
import { createUpstreamClient, type UpstreamClient, type UpstreamClientDeps } from '../../bff/upstream/client.js';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../demo/sandbox/sandbox.js';
import { SANDBOX_DEFAULTS } from '../../shared/sandbox-defaults.js';

export const DEV_MERCHANT_KEY = SANDBOX_DEFAULTS.merchantKey;
export const STOREFRONT_ORIGIN = 'http://127.0.0.1:5173';
/** The account webhook's secret every test BFF is given (OPI_UPSTREAM_WEBHOOK_SECRET). */
export const TEST_WEBHOOK_SECRET = 'test-account-webhook-secret-0123456789';

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const sandbox = createSandbox(options);
  await sandbox.listen(0, '127.0.0.1');
  return sandbox;
}

export interface TestBff {
  /** http://127.0.0.1:<port>, also the BFF's public URL. */
  url: string;
  /** The account webhook's address, as registered in the upstream's portal (its secret included). */
  webhookUrl: string;
  config: Config;
  upstream: UpstreamClient;
  /** Every log line the BFF wrote (JSON text). */
  logs: string[];
  logger: Logger;
  /** reconcileOnce() for tests; the app does not start it (bff/main.ts does). */
  reconciler: Services['reconciler'];
  notifier: Services['notifier'];
  /** The upstream reads returns and notices started, which go on after their answers. */
  inboundReads: Services['inboundReads'];
  /** What bff/main.ts does on SIGTERM: /readyz turns 503. */
  startDraining(): void;
  /** The in-process merchant API of this app (bff/in-process-api.ts). */
  checkout: InProcessApi['checkout'];
  /** http://127.0.0.1:<port>/metrics when started with `metrics`. */
  metricsUrl?: string;
  close(): Promise<void>;
  /** As a SIGKILL would: the listeners close and every connection is cut at once, answered or not. */
  kill(): Promise<void>;
}

export interface BffOptions {
  /** The upstream base URL (a sandbox's url). */
  upstreamUrl: string;
  /** The token endpoint (a sandbox's tokenUrl): never derived from the API's URL. */
  tokenUrl: string;
  store: Store;
  /** Extra environment, e.g. { OPI_UPSTREAM_TIMEOUT_MS: '300' }. */
  env?: Record<string, string>;
  now?: () => Date;
  widgetBundle?: WidgetBundle;
  /** Injected into the upstream client (clock, sleep, random, fetch). */
  client?: Omit<UpstreamClientDeps, 'config' | 'logger'>;
  /** Serve Prometheus metrics on a listener of their own (TestBff.metricsUrl), as OPI_METRICS_PORT does. */
  metrics?: boolean;
}

/** Listens on a free port of 127.0.0.1; resolves with the server's base URL. */
export function listenOnPort0(server: Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

/** The BFF on a real port, configured as `npm run bff` would be from `env`, with its logs captured. */
export async function startBff(options: BffOptions): Promise<TestBff> {
  const server = createServer();
  answerClientErrors(server);
  const url = await listenOnPort0(server);
  const config = loadConfig({
    OPI_UPSTREAM_URL: options.upstreamUrl,
    OPI_TOKEN_URL: options.tokenUrl,
    // The test sandbox listens on port 0, never on the default sandbox URL: it is named as the sandbox.
    OPI_ENVIRONMENT: 'sandbox',
    OPI_UPSTREAM_SANDBOX: 'true',
    OPI_PUBLIC_URL: url,
    OPI_LOG_LEVEL: 'debug',
    OPI_RATE_LIMIT_PER_MINUTE: '10000',
    OPI_UPSTREAM_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    ...options.env,
  });
  const logs: string[] = [];
  const logger = createLogger(config.logLevel, { write: (line: string) => void logs.push(line) });
  const now = options.now ?? (() => new Date());
  const metrics = options.metrics ? createMetrics({ store: options.store, logger, now }) : undefined;
  const upstream = createUpstreamClient({
    config: config.upstream,
    logger,
    ...options.client,
    ...(metrics ? { observe: metrics.upstreamCall } : {}),
  });
  const app = createApp({
    config,
    store: options.store,
    upstream,
    logger,
    now,
    widgetBundle: options.widgetBundle,
    ...(metrics ? { metrics } : {}),
  });
  server.on('request', app);
  const metricsServer = metrics ? createServer(metrics.serve) : undefined;
  const metricsUrl = metricsServer ? `${await listenOnPort0(metricsServer)}/metrics` : undefined;
  const closeListeners = async () => {
    await Promise.all(
      [server, metricsServer].map(
        (listener) =>
          listener &&
          new Promise<void>((resolve) => {
            listener.close(() => resolve());
            listener.closeAllConnections();
          }),
      ),
    );
  };
  return {
    url,
    webhookUrl: `${url}/v1/webhooks/upstream/${config.upstreamWebhookSecret ?? ''}`,
    ...(metricsUrl ? { metricsUrl } : {}),
    config,
    upstream,
    logs,
    logger,
    reconciler: app.reconciler,
    notifier: app.notifier,
    inboundReads: app.inboundReads,
    startDraining: app.startDraining,
    checkout: app.checkout,
    async close() {
      await app.inboundReads.settled();
      await app.notifier.stop();
      await closeListeners();
    },
    kill: closeListeners,
  };
}
