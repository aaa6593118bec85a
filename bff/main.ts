#!/usr/bin/env node
// `npm run bff`, `npm run serve` and the package's `opi-bff`: the only file that reads the environment, listens and
// handles signals.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { createApp } from './app.js';
import { ConfigError, loadConfig, withListeningPort, type Config } from './config.js';
import { readWidgetBundle } from './http/widget-asset.js';
import { answerClientErrors } from './http/client-errors.js';
import { createLogger } from './logger.js';
import { createMetrics } from './metrics/metrics.js';
import { openStore } from './store/open-store.js';
import { createUpstreamClient } from './upstream/client.js';

// Above common load balancers' idle timeouts (AWS ALB 60 s), so they, not we, close idle connections.
const KEEP_ALIVE_MS = 65_000;

/** A URL as a log line may show it: a query may carry a gateway's key. */
const withoutQuery = (text: string) => {
  const url = new URL(text);
  return `${url.origin}${url.pathname}`;
};

// Every way the process ends goes through the logger: its error serializer keeps a database error's statement and
// parameters (shoppers' details, session ids) out of the line, and its redaction covers the rest. Until the
// configuration is read, at the default level.
let logger = createLogger('info');
const crash = (message: string, error: unknown) => {
  logger.fatal({ err: error }, message);
  process.exit(1);
};

async function main() {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      // The message names the variable and what it must be, never its value.
      logger.fatal({ code: 'config' }, error.message);
      process.exit(1);
    }
    throw error;
  }
  logger = createLogger(config.logLevel);
  // Loaded only with an exporter to send to: without one, the OpenTelemetry API's no-ops cost nothing.
  const tracing = config.tracesEndpoint
    ? (await import('./telemetry/sdk.js')).startTracing(config.tracesEndpoint)
    : undefined;
  if (tracing) logger.info({ tracesTo: new URL(config.tracesEndpoint!).origin }, 'tracing: spans sent over OTLP/HTTP');
  // Local choice: by default the embedded ledger's WebAssembly is compiled by V8's baseline compiler (Liftoff) only,
  // never again by its optimising one. Measured on 2 cores (docs/internals/performance.md): a start 0.2 s sooner and
  // 70 MB less resident, for up to 2.5 ms more per order and 15-40% fewer orders per second at full load. Set before
  // PGlite compiles its module. V8's flag holds for the whole process: the HTTP parser of Node's fetch (llhttp,
  // WebAssembly too), which delivers the merchant's notifications, is compiled the same way. The upstream calls parse
  // natively (bff/upstream/http-client.ts).
  if (!config.databaseUrl && config.pgliteCompiler === 'baseline') setFlagsFromString('--liftoff-only');
  if (config.upstream.environment === 'production' && !config.databaseUrl && !config.dataDirChosen)
    logger.warn(
      { code: 'ledger_not_persistent' },
      'production on the embedded ledger in the default folder (.data): set OPI_DATA_DIR to a persistent volume, or DATABASE_URL for PostgreSQL; a ledger lost is payments nobody can refund',
    );
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    schema: config.databaseSchema,
    dataDir: join(config.dataDir, 'pglite'),
    pgliteThread: config.pgliteThread,
    logger,
  });
  const metrics = config.metricsPort === undefined ? undefined : createMetrics({ store, logger });
  const upstream = createUpstreamClient({
    config: config.upstream,
    logger,
    ...(metrics ? { observe: metrics.upstreamCall } : {}),
  });
  const widgetBundle = readWidgetBundle();
  if (!widgetBundle) logger.warn('dist/widget/ is not built: the widget elements answer 404 until npm run build');

  const server = createServer();
  answerClientErrors(server);
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  const failed = (error: Error) => {
    logger.fatal({ err: error }, 'server failed');
    process.exit(1);
  };
  server.on('error', failed);
  // Listening first: with PORT=0 the default public URL (return and callback URLs) needs the port we got.
  await new Promise<void>((resolve) => server.listen(config.port, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const listening = withListeningPort(config, port);
  const app = createApp({ config: listening, store, upstream, logger, widgetBundle, ...(metrics ? { metrics } : {}) });
  server.on('request', app);
  // Metrics on their own listener, so the public port never serves them.
  const metricsServer = metrics ? createServer(metrics.serve) : undefined;
  if (metricsServer) {
    metricsServer.on('error', failed);
    await new Promise<void>((resolve) => metricsServer.listen(config.metricsPort, config.metricsHost, resolve));
    const metricsPort = (metricsServer.address() as AddressInfo).port;
    // Every interface includes loopback: the address to try from this machine.
    const local = ['0.0.0.0', '::'].includes(config.metricsHost) ? '127.0.0.1' : config.metricsHost;
    logger.info({ metricsPort, metricsHost: config.metricsHost }, `metrics on http://${local}:${metricsPort}/metrics`);
  }
  // Polls orders and refunds still waiting for their result, and delivers merchant notifications.
  app.reconciler.start(config.reconcile.intervalMs);
  app.retention.start();
  logger.info(
    {
      port,
      publicUrl: listening.publicUrl,
      environment: config.upstream.environment,
      upstream: withoutQuery(config.upstream.baseUrl),
      tokenUrl: withoutQuery(config.upstream.tokenUrl),
      sandbox: config.upstream.isLocalSandbox,
      store: config.databaseUrl ? 'postgresql' : 'pglite',
      ...(config.databaseUrl ? {} : { pgliteCompiler: config.pgliteCompiler, pgliteThread: config.pgliteThread }),
    },
    `opi-checkout BFF listening on http://127.0.0.1:${port}`,
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.startDraining();
    logger.info({ signal }, 'shutting down: draining in-flight requests');
    const jobsStopped = Promise.all([app.reconciler.stop(), app.retention.stop()]);
    setTimeout(() => {
      logger.warn('drain timeout: closing remaining connections');
      server.closeAllConnections();
    }, config.drainMs).unref();
    server.close(async (error) => {
      await jobsStopped;
      metricsServer?.close();
      metricsServer?.closeAllConnections();
      // Reads the last returns and notices started record what they learn (and the notifications it makes).
      await app.inboundReads.settled();
      await app.notifier.stop();
      await store.close().catch((closeError: unknown) => logger.error({ err: closeError }, 'store close failed'));
      await tracing?.shutdown().catch((traceError: unknown) => logger.warn({ err: traceError }, 'spans not sent'));
      logger.info('stopped');
      process.exit(error ? 1 : 0);
    });
    server.closeIdleConnections();
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

process.on('uncaughtException', (error) => crash('uncaught exception', error));
process.on('unhandledRejection', (error) => crash('unhandled rejection', error));
main().catch((error: unknown) => crash('BFF failed to start', error));
