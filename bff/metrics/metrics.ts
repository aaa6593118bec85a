// Prometheus metrics (prom-client) for an operator, served by bff/main.ts on OPI_METRICS_PORT only, never on the
// public port. Requests and upstream calls are timed as they happen; the ledger's gauges are read at each scrape.
// One registry per app, so several apps in one process (the tests) never mix their series.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Funnel } from './funnel.js';
import type { Store } from '../store/types.js';

export interface Metrics {
  /** The prom-client registry holding every series: merge it with your own (Registry.merge) to serve one page. */
  readonly registry: Registry;
  /** Counts a request's time by method, route pattern and status (bff/http/request-metrics.ts times them). */
  observeRequest(request: { method: string; route: string; status: number }, seconds: number): void;
  /** The upstream client's hook (UpstreamClientDeps.observe). */
  upstreamCall(operation: string, outcome: string, seconds: number): void;
  /** Answers GET /metrics in Prometheus text format, 404 for anything else. */
  serve(req: IncomingMessage, res: ServerResponse): void;
  /**
   * What the app's services count (the app calls it once it has them): the conversion funnel, served as
   * opi_checkout_funnel_total, and the reconciler's read budget, as opi_reconciler_read_rate.
   */
  watchServices(services: { funnel: Funnel; readBudget: ReadRate; notifications: UnplacedNotices }): void;
}

export interface MetricsDeps {
  /** The ledger whose gauges each scrape reads and whose failures it counts. */
  store: Pick<Store, 'gauges' | 'connections' | 'failures'>;
  /** Where a scrape that cannot read the ledger is logged. */
  logger: Logger;
  now?: () => Date;
}

/** The upstream's notices that named no order the ledger knows, by kind (bff/inbound/upstream-notifications.ts). */
interface UnplacedNotices {
  readonly unplacedCounts: Readonly<Record<'orders' | 'refunds', number>>;
}

/** The reconciler's reads per second now (bff/reconcile/read-budget.ts). */
interface ReadRate {
  readonly rate: number;
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics({ store, logger, now = () => new Date() }: MetricsDeps): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const http = new Histogram({
    name: 'opi_http_request_duration_seconds',
    help: 'Requests to the BFF by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: SECONDS,
    registers,
  });
  const upstream = new Histogram({
    name: 'opi_upstream_call_duration_seconds',
    help: 'Calls to the upstream (retries included) by operation and outcome (ok, not_found or the error code).',
    labelNames: ['operation', 'outcome'],
    buckets: SECONDS,
    registers,
  });
  const orders = new Gauge({
    name: 'opi_orders',
    help: 'Orders in the ledger by status.',
    labelNames: ['status'],
    registers,
  });
  const open = new Gauge({
    name: 'opi_open_operations',
    help: 'Refunds, captures and voids waiting for their result, by kind.',
    labelNames: ['kind'],
    registers,
  });
  const overdue = new Gauge({
    name: 'opi_overdue',
    help: 'Orders still live, and refunds, captures and voids still open, past their deadline (order, refund, capture, void).',
    labelNames: ['kind'],
    registers,
  });
  const discrepancies = new Gauge({
    name: 'opi_order_discrepancies',
    help: "Orders whose ledger and the upstream's records disagree in a way no record settles (a person must look).",
    registers,
  });
  const lag = new Gauge({
    name: 'opi_reconciler_lag_seconds',
    help: 'Age of the oldest order poll that is due (0: none is due).',
    registers,
  });
  const outbox = new Gauge({
    name: 'opi_notification_outbox_depth',
    help: 'Merchant notifications neither delivered nor given up.',
    registers,
  });
  const connections = new Gauge({
    name: 'opi_ledger_connections',
    help: "The ledger's connections by state (total, idle) and queries waiting for one (waiting).",
    labelNames: ['state'],
    registers,
  });
  const ledgerErrors = new Counter({
    name: 'opi_ledger_errors_total',
    help: 'Failures of the ledger itself by code: connections ended or broken (57P01, ECONNRESET, ...), storage refusing writes (53100, ENOSPC, ...).',
    labelNames: ['code'],
    registers,
  });
  let funnel: Funnel | undefined;
  let readBudget: ReadRate | undefined;
  let notices: UnplacedNotices | undefined;
  new Counter({
    name: 'opi_upstream_notices_unplaced_total',
    help: "The upstream's notices that named no order the ledger knows (orders, refunds): each may sweep the recent live orders, once per window for the fleet.",
    labelNames: ['kind'],
    registers,
    collect() {
      this.reset();
      for (const [kind, value] of Object.entries(notices?.unplacedCounts ?? {})) this.inc({ kind }, value);
    },
  });
  new Gauge({
    name: 'opi_reconciler_read_rate',
    help: "Upstream reads per second this instance's reconciler may make now: its budget, lower while the upstream pushes back.",
    registers,
    collect() {
      this.set(readBudget?.rate ?? 0);
    },
  });
  new Counter({
    name: 'opi_checkout_funnel_total',
    help: 'The checkout by provider and locale: shown, chosen, placed, returned, then the outcome (paid, on_hold, declined, cancelled, error, failed), then recovered (paid after a declined or failed attempt of the session) and declined_recovered (per attempt so recovered, on its provider).',
    labelNames: ['step', 'provider', 'locale'],
    registers,
    collect() {
      this.reset();
      for (const { step, provider, locale, value } of funnel?.totals() ?? [])
        this.inc({ step, provider, locale }, value);
    },
  });
  const countedFailures = new Map<string, number>();
  const gaugeErrors = new Counter({
    name: 'opi_ledger_gauge_errors_total',
    help: 'Scrapes whose ledger gauges could not be read (they keep their last values).',
    registers,
  });

  async function readLedger() {
    const use = store.connections();
    for (const [state, value] of Object.entries(use)) connections.set({ state }, value);
    for (const [code, total] of Object.entries(store.failures())) {
      ledgerErrors.inc({ code }, total - (countedFailures.get(code) ?? 0));
      countedFailures.set(code, total);
    }
    try {
      const at = now();
      const gauges = await store.gauges(at);
      orders.reset();
      for (const [status, count] of Object.entries(gauges.ordersByStatus)) orders.set({ status }, count);
      open.reset();
      for (const kind of ['refund', 'capture', 'void']) open.set({ kind }, gauges.openOperationsByKind[kind] ?? 0);
      overdue.set({ kind: 'order' }, gauges.overdueOrders);
      for (const kind of ['refund', 'capture', 'void'])
        overdue.set({ kind }, gauges.overdueOperationsByKind[kind] ?? 0);
      discrepancies.set(gauges.discrepancies);
      lag.set(gauges.oldestDuePollAt ? Math.max(0, (at.getTime() - gauges.oldestDuePollAt.getTime()) / 1000) : 0);
      outbox.set(gauges.outboxDepth);
    } catch (error) {
      gaugeErrors.inc();
      logger.warn({ err: error }, 'metrics: ledger gauges not read');
    }
  }

  return {
    registry,
    observeRequest({ method, route, status }, seconds) {
      http.observe({ method, route, status: String(status) }, seconds);
    },
    watchServices(services) {
      ({ funnel, readBudget, notifications: notices } = services);
    },
    upstreamCall(operation, outcome, seconds) {
      upstream.observe({ operation, outcome }, seconds);
    },
    serve(req, res) {
      if (req.method !== 'GET' || new URL(req.url ?? '/', 'http://metrics').pathname !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
        return;
      }
      readLedger()
        .then(() => registry.metrics())
        .then(
          (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
          (error: unknown) => {
            logger.error({ err: error }, 'metrics: scrape failed');
            res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n');
          },
        );
    },
  };
}
