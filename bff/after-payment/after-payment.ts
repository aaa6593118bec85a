// Everything after the shopper leaves for the provider, assembled from the app's dependencies: the return and
// callback endpoints, the merchant's order API, the reconciler and the merchant notifications.
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { RequestHandler, Router } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { idempotencyLeaseMs } from '../http/idempotency.js';
import { perClientRateLimit } from '../http/rate-limit.js';
import { createNotifier, type Notifier } from '../notify/notifier.js';
import { createReconciler, type Reconciler } from '../reconcile/reconciler.js';
import { callbackRoutes } from '../routes/callbacks.js';
import { upstreamWebhookRoutes } from '../routes/upstream-webhook.js';
import { merchantOrderRoutes } from '../routes/merchant-orders.js';
import { returnRoutes } from '../routes/returns.js';
import type { Store } from '../store/types.js';
import type { UpstreamClient } from '../upstream/client.js';
import type { CaptureVoidDeps } from './capture-void.js';
import { createOperations } from './operations.js';
import type { SettlementDeps } from './refund-settlement.js';

export interface AfterPaymentDeps {
  config: Config;
  store: Store;
  upstream: UpstreamClient;
  logger: Logger;
  now: () => Date;
  /** For merchant notifications (tests inject one). */
  fetch?: typeof fetch;
}

export interface AfterPayment {
  /** The return and callback endpoints (no merchant key: the hash and the per-order secret guard them). */
  upstreamFacingRoutes: Router[];
  merchantRoutes(auth: RequestHandler): Router;
  reconciler: Reconciler;
  notifier: Notifier;
}

export function createAfterPayment({ config, store, upstream, logger, now, fetch }: AfterPaymentDeps): AfterPayment {
  const timeoutMs = config.upstream.timeoutMs;
  const claimant = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const notifier = createNotifier({
    store,
    claimant,
    now,
    logger,
    ...(fetch ? { fetch } : {}),
    ...(config.notifications
      ? {
          settings: {
            ...config.notifications,
            backoff: { initialDelayMs: config.notifications.retryDelayMs, maxDelayMs: 3_600_000, factor: 2, jitter: 0.2 },
            // Local choice: a merchant endpoint gets the same budget as the upstream.
            timeoutMs,
          },
        }
      : {}),
  });
  const backoff = { initialDelayMs: config.reconcile.pollInitialMs, maxDelayMs: config.reconcile.pollMaxMs, factor: 2, jitter: 0.2 };
  const settlement: SettlementDeps = {
    store,
    notifier,
    now,
    logger,
    firstCheckDelayMs: backoff.initialDelayMs,
  };
  // A capture or void unanswered for longer than any request can run is sent again by the reconciler.
  const captureVoid: CaptureVoidDeps = { store, upstream, logger, now, resendAfterMs: idempotencyLeaseMs(timeoutMs) };
  const reconciler = createReconciler({
    store,
    upstream,
    notifier,
    settlement,
    captureVoid,
    logger,
    now,
    claimant,
    backoff,
    defaultCancellationMinutes: config.sessionTtlMinutes,
    // Each worker polls 5 orders, two upstream reads each, within one lease.
    leaseMs: 10 * timeoutMs + 5_000,
  });
  const operations = createOperations({
    ...settlement,
    upstream,
    logger,
    idempotency: { store, now, waitMs: 2 * timeoutMs + 1_000, leaseMs: idempotencyLeaseMs(timeoutMs) },
    captureVoid,
  });
  const observe = { store, notifier, now };
  // Local choice: the upstream gets its answer within 2 s (or half our own upstream budget), done or not.
  const notifications = { ...settlement, upstream, logger, answerWithinMs: Math.min(2_000, Math.floor(timeoutMs / 2)) };
  return {
    upstreamFacingRoutes: [
      returnRoutes({ ...observe, upstream, paymentSecret: config.paymentSecret, logger, rateLimit: perClientRateLimit(config.rateLimitPerMinute) }),
      callbackRoutes(notifications),
      // Local choice: the account webhook serves the whole account: ten times the widget's per-client limit.
      upstreamWebhookRoutes(notifications, perClientRateLimit(10 * config.rateLimitPerMinute)),
    ],
    merchantRoutes: (auth) => merchantOrderRoutes({ ...observe, upstream, settlement, operations, logger }, auth),
    reconciler,
    notifier,
  };
}
