// opi-checkout inside a merchant's own Express 5 app:
//   app.use('/checkout-api', createCheckoutRouter({ config: loadConfig(process.env), store: await openStore(...) }))
// The same app as the standalone server (createApp), with what bff/main.ts adds around it: the upstream client, a
// logger, metrics when given, the widget bundle of this package, the reconciler and the retention job running.
// OPI_PUBLIC_URL names the mount point (https://shop.example/checkout-api): the return and callback URLs given
// upstream are built from it, so a router mounted anywhere else is refused when it is mounted.
import type { Express, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { createApp, type BffApp } from './app.js';
import type { Config } from './config.js';
import { readWidgetBundle } from './http/widget-asset.js';
import { createLogger, withSafetyNet } from './logger.js';
import type { Metrics } from './metrics/metrics.js';
import type { Store } from './store/types.js';
import { createUpstreamClient } from './upstream/client.js';

export interface CheckoutRouterOptions {
  /** loadConfig(process.env), or your own values checked by it. */
  config: Config;
  /** openStore({ databaseUrl, logger }); close it yourself after the router's close(). */
  store: Store;
  /** A pino logger (given the BFF's redaction and error serializer); one at config.logLevel on stdout otherwise. */
  logger?: Logger;
  /** createMetrics({ store, logger }): requests, upstream calls and the ledger's gauges; serve `metrics.serve`. */
  metrics?: Metrics;
  /** Your own authentication for the merchant routes (sessions, orders), instead of OPI_MERCHANT_KEYS. */
  merchantAuth?: RequestHandler;
  /**
   * A proxy in front rewrites the path (OPI_PUBLIC_URL's /checkout-api reaches the router at another path): the
   * mount check, which refuses a router mounted elsewhere than OPI_PUBLIC_URL's path, is then yours.
   */
  pathRewrittenByProxy?: boolean;
}

export type CheckoutRouter = BffApp & {
  /** Readiness turns 503, the reconciler stops (giving back its claims), notifications in flight finish. */
  close(): Promise<void>;
};

/** OPI_PUBLIC_URL's path, the one the router must be mounted at ('' for the root). */
const publicPath = (publicUrl: string) => new URL(publicUrl).pathname.replace(/\/+$/, '');

/**
 * Refuses a mount that shoppers' returns would miss: the upstream sends them back to OPI_PUBLIC_URL's path, so a
 * router mounted at another one answers them 404 after they paid. Express tells a mounted app its path so far (the
 * `mount` event, when a parent app's `use` mounts it); the parent may be mounted later under a prefix of its own, so
 * a path so far that cannot end the expected one is refused there and then, and the first request, which knows the
 * whole path (`req.baseUrl`, also under a Router, which tells no event), checks the rest and logs a mismatch.
 */
function mountPathCheck(
  expected: string,
  logger: Logger,
): { onMount(app: Express): void; firstRequest: RequestHandler } {
  const refusal = (mountedAt: string) =>
    `opi-checkout is mounted at '${mountedAt || '/'}' but OPI_PUBLIC_URL's path is '${expected || '/'}': the ` +
    `upstream would send shoppers back to a page that is not there. Mount it at '${expected || '/'}', or set ` +
    'OPI_PUBLIC_URL to where it is mounted.';
  let checked = false;
  return {
    onMount(app) {
      app.on('mount', () => {
        // Express joins a parent's path and a child's as they are ('/' + '/checkout-api'): '//' is one '/'.
        const soFar = app
          .path()
          .replace(/\/{2,}/g, '/')
          .replace(/\/+$/, '');
        if (!`${expected}/`.endsWith(`${soFar}/`)) throw new Error(refusal(soFar));
      });
    },
    firstRequest(req, _res, next) {
      if (!checked) {
        checked = true;
        // Express matches paths without regard to case, as a shopper's browser may send them.
        if (req.baseUrl.toLowerCase() !== expected.toLowerCase())
          logger.error({ code: 'mount_path' }, refusal(req.baseUrl));
      }
      next();
    },
  };
}

export function createCheckoutRouter({
  config,
  store,
  logger,
  metrics,
  merchantAuth,
  pathRewrittenByProxy = false,
}: CheckoutRouterOptions): CheckoutRouter {
  const log = logger ? withSafetyNet(logger) : createLogger(config.logLevel);
  const widgetBundle = readWidgetBundle();
  const mountCheck = pathRewrittenByProxy ? undefined : mountPathCheck(publicPath(config.publicUrl), log);
  const app = createApp({
    config,
    store,
    upstream: createUpstreamClient({
      config: config.upstream,
      logger: log,
      ...(metrics ? { observe: metrics.upstreamCall } : {}),
    }),
    logger: log,
    ...(widgetBundle ? { widgetBundle } : {}),
    ...(metrics ? { metrics } : {}),
    ...(merchantAuth ? { merchantAuth } : {}),
    ...(mountCheck ? { firstOfAll: mountCheck.firstRequest } : {}),
  });
  mountCheck?.onMount(app);
  app.reconciler.start(config.reconcile.intervalMs);
  app.retention.start();
  return Object.assign(app, {
    async close() {
      app.startDraining();
      await Promise.all([app.reconciler.stop(), app.retention.stop()]);
      await app.inboundReads.settled();
      await app.notifier.stop();
    },
  });
}
