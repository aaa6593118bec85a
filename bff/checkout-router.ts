// opi-checkout inside a merchant's own Express 5 app:
//   app.use('/checkout-api', createCheckoutRouter({ config: loadConfig(process.env), store: await openStore(...) }))
// The same app as the standalone server (createApp), with what bff/main.ts adds around it: the upstream client, a
// logger, the widget bundle of this package, the reconciler and the retention job running. OPI_PUBLIC_URL names the
// mount point (https://shop.example/checkout-api): the return and callback URLs given upstream are built from it.
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { createApp, type BffApp } from './app.js';
import type { Config } from './config.js';
import { readWidgetBundle } from './http/widget-asset.js';
import { createLogger, withSafetyNet } from './logger.js';
import type { Store } from './store/types.js';
import { createUpstreamClient } from './upstream/client.js';

export interface CheckoutRouterOptions {
  /** loadConfig(process.env), or your own values checked by it. */
  config: Config;
  /** openStore({ databaseUrl }); close it yourself after the router's close(). */
  store: Store;
  /** A pino logger (given the BFF's redaction and error serializer); one at config.logLevel on stdout otherwise. */
  logger?: Logger;
  /** Your own authentication for the merchant routes (sessions, orders), instead of OPI_MERCHANT_KEYS. */
  merchantAuth?: RequestHandler;
}

export type CheckoutRouter = BffApp & {
  /** Readiness turns 503, the reconciler stops (giving back its claims), notifications in flight finish. */
  close(): Promise<void>;
};

export function createCheckoutRouter({ config, store, logger, merchantAuth }: CheckoutRouterOptions): CheckoutRouter {
  const log = logger ? withSafetyNet(logger) : createLogger(config.logLevel);
  const widgetBundle = readWidgetBundle();
  const app = createApp({
    config,
    store,
    upstream: createUpstreamClient({ config: config.upstream, logger: log }),
    logger: log,
    ...(widgetBundle ? { widgetBundle } : {}),
    ...(merchantAuth ? { merchantAuth } : {}),
  });
  app.reconciler.start(config.reconcile.intervalMs);
  app.retention.start();
  return Object.assign(app, {
    async close() {
      app.startDraining();
      await Promise.all([app.reconciler.stop(), app.retention.stop()]);
      await app.notifier.stop();
    },
  });
}
