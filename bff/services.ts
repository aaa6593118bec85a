// The BFF's services, each built once from the app's dependencies: the one place where the business is wired. The
// routes (bff/app.ts) and the in-process API (bff/in-process-api.ts) call these and nothing else; the jobs
// (the reconciler, the retention job) are started and stopped by bff/main.ts or a merchant's router.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { createOptionsCache } from './checkout/options-cache.js';
import { createOptionsSnapshots } from './checkout/options-snapshot.js';
import { createOrderPlacer } from './checkout/place-order.js';
import { createProviderCatalogue } from './checkout/provider-catalogue.js';
import type { SessionDeps } from './checkout/sessions.js';
import type { Config } from './config.js';
import { idempotencyLeaseMs } from './domain/idempotency.js';
import { createReadGate } from './inbound/read-gate.js';
import { createShopperReturns } from './inbound/shopper-return.js';
import { createUpstreamNotifications } from './inbound/upstream-notifications.js';
import { createLedger } from './ledger/ledger.js';
import { createRetentionJob } from './maintenance/retention.js';
import { createNotifier } from './notify/notifier.js';
import { createOperations } from './operations/operations.js';
import { createReadBudget } from './reconcile/read-budget.js';
import { createReconciler } from './reconcile/reconciler.js';
import { createOrderRefresher } from './reconcile/refresh.js';
import { cacheSessionReads } from './store/sql-store.js';
import type { Store } from './store/types.js';
import type { UpstreamClient } from './upstream/client.js';
import { createFunnel } from './metrics/funnel.js';

export interface ServiceDeps {
  config: Config;
  store: Store;
  upstream: UpstreamClient;
  logger: Logger;
  now: () => Date;
  /** For merchant notifications (tests inject one). */
  fetch?: typeof fetch;
}

export function createServices({ config, store: uncached, upstream, logger, now, fetch }: ServiceDeps) {
  const store = cacheSessionReads(uncached);
  const { reconcile } = config;
  /** The conversion funnel's counts (bff/metrics/funnel.ts). */
  const funnel = createFunnel(now);
  const timeoutMs = config.upstream.timeoutMs;
  const claimant = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

  const catalogue = createProviderCatalogue({ saved: store.providers, logger, now });
  const options = createOptionsCache(upstream, config.optionsCacheSeconds, now, catalogue);
  // Local choice: the public price pages' snapshots refresh at most once a minute each, 30 upstream calls a minute in all.
  const snapshots = createOptionsSnapshots({
    upstream,
    catalogue,
    now,
    maxAgeMs: Math.max(60, config.optionsCacheSeconds) * 1000,
    callsPerMinute: 30,
  });
  /** Checkout sessions: create, change and read (bff/checkout/sessions.ts). */
  const sessions: SessionDeps = {
    store,
    options,
    catalogue,
    now,
    sessionTtlMinutes: config.sessionTtlMinutes,
    offerDeclinedProvider: config.offerDeclinedProvider,
    publicUrl: config.publicUrl,
    uniqueMerchantReference: config.uniqueMerchantReference,
    funnel,
  };

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
            // About three days by default (OPI_NOTIFY_RETRY_HOURS): doubling to 6 hours apart, a quarter of jitter so
            // an endpoint back from an outage is not met by every notification at once.
            backoff: {
              initialDelayMs: config.notifications.retryDelayMs,
              maxDelayMs: 6 * 3_600_000,
              factor: 2,
              jitter: 0.25,
            },
            // Local choice: a merchant endpoint gets the same budget as the upstream.
            timeoutMs,
          },
        }
      : {}),
  });
  /** The only writer of orders and their operations (bff/ledger/). */
  const ledger = createLedger({
    store,
    notifier,
    now,
    logger,
    funnel,
    timings: reconcile,
  });
  /** What reads the upstream and hands it to the ledger needs. */
  const reading = { store, ledger, upstream, logger, now };
  // Local choices: whatever inbound traffic (returns, notices) prompts it, one upstream read per order and claimed
  // status in 5 s, 10,000 keys remembered; 20 such reads a second for the notices and 20 for the returns, of which
  // one client's returns start a quarter of its request limit a minute (30 by default: a shopper returns once or
  // twice an attempt; one address with many references of its own takes 1/40 of the returns' budget).
  const readGate = createReadGate({
    windowMs: 5_000,
    maxKeys: 10_000,
    noticesPerSecond: 20,
    returnsPerSecond: 20,
    perClientPerMinute: Math.max(1, Math.floor(config.rateLimitPerMinute / 4)),
    now,
  });
  const refresher = createOrderRefresher({
    ...reading,
    timings: reconcile,
    publicUrl: config.publicUrl,
  });
  const readBudget = createReadBudget({
    readsPerSecond: reconcile.readsPerSecond,
    maxPauseMs: reconcile.maxPauseMs,
    answers: upstream.takeAnswers,
  });

  return {
    /** The app's clock. */
    now,
    store,
    notifier,
    funnel,
    /** The reconciler's reads per second (its gauge). */
    readBudget,
    /** The upstream reads that returns and notices start, which outlive their answers (a shutdown waits for them). */
    inboundReads: { settled: readGate.settled },
    sessions,
    snapshots,
    placer: createOrderPlacer({
      store,
      ledger,
      upstream,
      options,
      now,
      logger,
      publicUrl: config.publicUrl,
      allowLoopbackRedirect: config.upstream.isLocalSandbox,
      upstreamTimeoutMs: timeoutMs,
      checkout: {
        cancellationTimeoutUnit: config.cancellationTimeoutUnit,
        sessionTtlMinutes: config.sessionTtlMinutes,
        customerSessions: config.customerSessions,
        offerDeclinedProvider: config.offerDeclinedProvider,
      },
      timings: reconcile,
      funnel,
    }),
    refresher,
    operations: createOperations({
      ...reading,
      timings: reconcile,
      idempotency: { store, now, waitMs: 2 * timeoutMs + 1_000, leaseMs: idempotencyLeaseMs(timeoutMs) },
    }),
    returns: createShopperReturns({
      ...reading,
      readGate,
      funnel,
      paymentSecret: config.paymentSecret,
      publicUrl: config.publicUrl,
    }),
    // Local choice: the upstream gets its answer within 2 s (or half our own upstream budget), done or not.
    notifications: createUpstreamNotifications({
      ...reading,
      readGate,
      answerWithinMs: Math.min(2_000, Math.floor(timeoutMs / 2)),
      sweepRecentMs: reconcile.horizonMs,
    }),
    reconciler: createReconciler({
      store,
      ledger,
      notifier,
      logger,
      now,
      refresher,
      timings: reconcile,
      claimant,
      plan: {
        initialDelayMs: reconcile.pollInitialMs,
        maxDelayMs: reconcile.pollMaxMs,
        factor: 2,
        jitter: 0.2,
        slowPollMs: reconcile.slowPollMs,
        horizonMs: reconcile.horizonMs,
      },
      // A round's reads start within a second, or within the longest pause under a Retry-After; each read takes a
      // few upstream calls.
      leaseMs: 10 * timeoutMs + reconcile.maxPauseMs + 5_000,
      readMs: 10 * timeoutMs,
      budget: readBudget,
    }),
    retention: createRetentionJob({ store, logger, now, settings: config.retention }),
  };
}

export type Services = ReturnType<typeof createServices>;
