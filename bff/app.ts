// The BFF's Express app, built from its dependencies only: no environment, no listening, no process handling
// (bff/main.ts does those), so every test builds its own app with its own config, store and upstream.
import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { bodyDeadline } from './http/body-deadline.js';
import { widgetCors } from './http/cors.js';
import { warnOnceForwarded } from './http/forwarded-warning.js';
import { merchantAuth } from './http/merchant-auth.js';
import { buildOpenApiDocument } from './routes/openapi.js';
import type { Metrics } from './metrics/metrics.js';
import { traceRequests } from './http/request-tracing.js';
import { timeRequests } from './http/request-metrics.js';
import { errorHandler, notFound } from './http/problem.js';
import { perClientRateLimit } from './http/rate-limit.js';
import { requestLogging } from './http/request-logging.js';
import { rejectBadTextInUrl } from './http/text-guard.js';
import { widgetAssetRoutes, type WidgetBundle } from './http/widget-asset.js';
import {
  merchantSessionRoutes,
  updateSessionRoute,
  widgetSessionRoutes,
  readSessionRoute,
} from './routes/checkout-sessions.js';
import { inProcessApi, type InProcessApi } from './in-process-api.js';
import { funnelRoutes } from './routes/funnel.js';
import { healthRoutes } from './routes/health.js';
import { instalmentsRoutes } from './routes/instalments.js';
import { callbackRoutes } from './routes/callbacks.js';
import { merchantEventRoutes } from './routes/merchant-events.js';
import { merchantOrderRoutes } from './routes/merchant-orders.js';
import { returnPageErrors, returnRoutes } from './routes/returns.js';
import { payPageRoutes } from './routes/pay-page.js';
import { upstreamWebhookRoutes } from './routes/upstream-webhook.js';
import type { RetentionJob } from './maintenance/retention.js';
import type { Notifier } from './notify/notifier.js';
import type { Reconciler } from './reconcile/reconciler.js';
import { createServices } from './services.js';
import type { Store } from './store/types.js';
import type { UpstreamClient } from './upstream/client.js';

export interface AppDeps {
  config: Config;
  store: Store;
  upstream: UpstreamClient;
  logger: Logger;
  now?: () => Date;
  widgetBundle?: WidgetBundle;
  /** For merchant notifications (tests inject one); the global fetch otherwise. */
  fetch?: typeof fetch;
  /** Times every request when given (bff/main.ts with OPI_METRICS_PORT). */
  metrics?: Metrics;
  /** Guards the merchant routes instead of the merchant keys: a merchant's own authentication. */
  merchantAuth?: RequestHandler;
  /** Runs before every route: createCheckoutRouter's check that it is mounted where OPI_PUBLIC_URL says. */
  firstOfAll?: RequestHandler;
}

/**
 * The app, the in-process merchant API, the jobs main.ts starts and stops (the reconciler, the retention job, the
 * notifier they drain, the inbound reads a shutdown waits for) and tests drive, and startDraining(), which main.ts
 * calls on SIGTERM so that /readyz answers 503 and a load balancer stops sending new requests.
 */
export type BffApp = Express &
  InProcessApi & {
    reconciler: Reconciler;
    retention: RetentionJob;
    notifier: Notifier;
    /** The upstream reads that returns and notices started: a shutdown waits until they have settled. */
    inboundReads: { settled(): Promise<void> };
    startDraining(): void;
  };

export function createApp({
  config,
  store: given,
  upstream,
  logger,
  now = () => new Date(),
  widgetBundle,
  fetch,
  metrics,
  merchantAuth: merchantGuard = merchantAuth(config.merchantKeys),
  firstOfAll,
}: AppDeps): BffApp {
  const services = createServices({ config, store: given, upstream, logger, now, ...(fetch ? { fetch } : {}) });
  const { store, sessions, placer } = services;
  metrics?.watchServices(services);
  const app = express();
  app.disable('x-powered-by');
  // Answers are no-store (the API) or carry their own validator (the widget): hashing each body for an ETag is waste.
  app.set('etag', false);
  app.set('trust proxy', config.trustProxy);

  // With DATABASE_URL, instances may share the ledger: rate limits count there, not per process.
  const shared = config.databaseUrl ? store.rateLimits : undefined;
  const limit = (name: string, perMinute: number) => perClientRateLimit({ name, perMinute, shared, now });

  if (firstOfAll) app.use(firstOfAll);
  // First: everything a request does runs inside its span.
  app.use(traceRequests);
  if (metrics) app.use(timeRequests(metrics));
  app.use(requestLogging(logger));
  if (config.trustProxy === false) app.use(warnOnceForwarded(logger));
  app.use(rejectBadTextInUrl);
  app.use(bodyDeadline(config.bodyTimeoutMs));
  // A JSON API: nothing on it may load, frame or submit anything.
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
      },
    }),
  );
  // The session routes first: the widget's session read is the hottest request. Session data includes the
  // shopper's prefill: never cached anywhere.
  app.use('/v1', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // A page on the BFF's own origin (OPI_PUBLIC_URL's) is the merchant's: its writes are same-origin, always allowed.
  const cors = widgetCors([...config.allowedOrigins, new URL(config.publicUrl).origin]);
  const widgetGuards = [cors, limit('widget', config.rateLimitPerMinute)];
  // The widget's session read on the app's own router, the hottest request: no second router to walk, and no other
  // route's path tried before it.
  app.get('/v1/checkout-sessions/:id', ...widgetGuards, readSessionRoute(sessions));
  // The merchant's cart change before the widget's guards: a merchant server is never counted against their limits.
  app.patch('/v1/checkout-sessions/:id', ...updateSessionRoute(sessions, merchantGuard));
  app.use(
    '/v1/checkout-sessions/:id',
    // The metrics' route label: the pattern, never a session id.
    (_req, res, next) => {
      res.locals.mountPattern = '/v1/checkout-sessions/:id';
      next();
    },
    ...widgetGuards,
    widgetSessionRoutes(placer),
  );
  app.use('/v1/checkout-sessions', merchantSessionRoutes(sessions, merchantGuard));
  app.use(
    '/v1/instalments',
    cors,
    limit('instalments', config.rateLimitPerMinute),
    instalmentsRoutes(services.snapshots, config.optionsCacheSeconds),
  );
  let draining = false;
  app.use(healthRoutes(store, upstream, logger, () => draining, now));
  app.use(widgetAssetRoutes(widgetBundle, config.publicUrl));
  // Written once: the document does not change while the process runs, so anyone's reads of it cost no serialising.
  const openApiDocument = JSON.stringify(buildOpenApiDocument(config.publicUrl));
  app.get('/openapi.json', (_req, res) => {
    res.type('json').send(openApiDocument);
  });
  // The upstream's ways in (no merchant key: the hash, the per-order secret and re-reads guard them).
  app.use(returnRoutes(services.returns, { logger, rateLimit: limit('return', config.rateLimitPerMinute) }));
  app.use(
    payPageRoutes({
      store,
      widgetBundle,
      publicUrl: config.publicUrl,
      merchant: config.merchant,
      imageOrigins: [
        ...(config.merchant.logoUrl ? [new URL(config.merchant.logoUrl).origin] : []),
        // The local sandbox serves its providers' logos itself, over http.
        ...(config.upstream.isLocalSandbox ? [new URL(config.upstream.baseUrl).origin] : []),
      ],
      rateLimit: limit('pay-page', config.rateLimitPerMinute),
      logger,
      now,
    }),
  );
  // Local choice: the upstream's notifications serve the whole account, from few addresses: ten times the widget's
  // per-client limit, the per-order callbacks and the account webhook each.
  app.use(callbackRoutes(services.notifications, limit('callback', 10 * config.rateLimitPerMinute)));
  app.use(
    upstreamWebhookRoutes(services.notifications, {
      logger,
      rateLimit: limit('webhook', 10 * config.rateLimitPerMinute),
      secret: config.upstreamWebhookSecret,
    }),
  );
  app.use('/v1/orders', merchantOrderRoutes(services, merchantGuard));
  app.use(merchantEventRoutes(services, merchantGuard));
  app.use(funnelRoutes(services.funnel, merchantGuard));
  app.use(notFound);
  app.use('/v1/returns', returnPageErrors);
  app.use('/pay', returnPageErrors);
  app.use(errorHandler);
  return Object.assign(app, {
    ...inProcessApi(services, { publicUrl: config.publicUrl, ...(widgetBundle ? { widgetBundle } : {}) }),
    reconciler: services.reconciler,
    retention: services.retention,
    notifier: services.notifier,
    inboundReads: services.inboundReads,
    startDraining: () => {
      draining = true;
    },
  });
}
