// Everything after the shopper leaves for the provider, assembled from the app's dependencies: the services behind
// the return, callback, webhook and merchant order routes (bff/app.ts mounts those), the reconciler and the
// merchant notifications.
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { idempotencyLeaseMs } from '../domain/idempotency.js';
import { createNotifier, type Notifier } from '../notify/notifier.js';
import type { ObserveDeps } from '../orders/observe.js';
import { createReconciler, type Reconciler } from '../reconcile/reconciler.js';
import type { Store } from '../store/types.js';
import type { UpstreamClient } from '../upstream/client.js';
import { createOperations, type Operations } from './operations.js';
import type { SendDeps } from './send-operation.js';

export interface AfterPaymentDeps {
  config: Config;
  store: Store;
  upstream: UpstreamClient;
  logger: Logger;
  now: () => Date;
  /** For merchant notifications (tests inject one). */
  fetch?: typeof fetch;
}

/** The services of what follows the redirect; bff/app.ts mounts the routes on them. */
export interface AfterPayment {
  /** Recording what the upstream says about an order. */
  observe: ObserveDeps;
  /** Settling refunds, captures and voids by what the upstream says (and reading it back). */
  settlement: SendDeps;
  operations: Operations;
  /** What the per-order callbacks and the account webhook need: their answer is sent within `answerWithinMs`. */
  notifications: SendDeps & { answerWithinMs: number };
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
            backoff: {
              initialDelayMs: config.notifications.retryDelayMs,
              maxDelayMs: 3_600_000,
              factor: 2,
              jitter: 0.2,
            },
            // Local choice: a merchant endpoint gets the same budget as the upstream.
            timeoutMs,
          },
        }
      : {}),
  });
  const { reconcile } = config;
  const settlement: SendDeps = {
    store,
    notifier,
    now,
    logger,
    upstream,
    firstCheckDelayMs: reconcile.pollInitialMs,
    settleWindowMs: reconcile.settleWindowMs,
  };
  const reconciler = createReconciler({
    settlement,
    claimant,
    plan: {
      initialDelayMs: reconcile.pollInitialMs,
      maxDelayMs: reconcile.pollMaxMs,
      factor: 2,
      jitter: 0.2,
      slowPollMs: reconcile.slowPollMs,
      horizonMs: reconcile.horizonMs,
    },
    // Each worker polls 5 orders, a few upstream reads each, within one lease.
    leaseMs: 10 * timeoutMs + 5_000,
  });
  const operations = createOperations({
    ...settlement,
    graceMs: reconcile.graceMs,
    idempotency: { store, now, waitMs: 2 * timeoutMs + 1_000, leaseMs: idempotencyLeaseMs(timeoutMs) },
  });
  // Local choice: the upstream gets its answer within 2 s (or half our own upstream budget), done or not.
  const notifications = { ...settlement, answerWithinMs: Math.min(2_000, Math.floor(timeoutMs / 2)) };
  return { observe: { store, notifier, now }, settlement, operations, notifications, reconciler, notifier };
}
