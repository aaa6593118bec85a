// The reconciler under a flash sale's backlog (issue 37): `orders` checkouts placed as fast as the BFF instances take
// them, round robin, as the widget places them; their shoppers stay at the provider's page, so every order stays live
// and no callback comes: only the reconcilers learn how each ends. Measured from the sandbox's journal and the
// instances' /metrics, scraped every second: how long placing took, when each order was first read against when it
// fell due (its creation plus OPI_POLL_INITIAL_MS), the reads per second while the backlog lasted (mean, and the
// busiest second), and the peak of opi_reconciler_lag_seconds.
import { SANDBOX_DEFAULTS } from '../../shared/sandbox-defaults.js';
import { DEMO_CART, DEMO_SHOPPER, widgetHeaders, widgetOrderHeaders } from './demo-order.js';
import type { Started } from './processes.js';

export interface BacklogInstance {
  bff: Started;
  /** Its /metrics URL (OPI_METRICS_PORT). */
  metricsUrl: string;
}

export interface BacklogResult {
  orders: number;
  instances: number;
  placingSeconds: number;
  /** From the first order falling due until every order had been read once. */
  allReadSeconds: number;
  meanReadsPerSecond: number;
  busiestSecondReads: number;
  /** How late an order's first read came after it fell due: the median and the worst. */
  medianLateSeconds: number;
  worstLateSeconds: number;
  /** The highest opi_reconciler_lag_seconds any instance reported. */
  peakLagMetricSeconds: number;
}

interface JournalEntry {
  at: string;
  method: string;
  path: string;
}

const MERCHANT = { authorization: `Bearer ${SANDBOX_DEFAULTS.merchantKey}`, 'content-type': 'application/json' };
/** Checkouts placed at once: the widget's three calls each, in this many loops. */
const PLACING_LOOPS = 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function answer(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** One checkout as the merchant's server and the widget make it; when the order was placed. */
async function placeOne(bffUrl: string): Promise<[string, number]> {
  const session = await answer(`${bffUrl}/v1/checkout-sessions`, {
    method: 'POST',
    headers: MERCHANT,
    body: JSON.stringify(DEMO_CART),
  });
  await answer(`${bffUrl}/v1/checkout-sessions/${session.id}`, { headers: widgetHeaders() });
  const order = await answer(`${bffUrl}/v1/checkout-sessions/${session.id}/orders`, {
    method: 'POST',
    headers: widgetOrderHeaders(),
    body: JSON.stringify(DEMO_SHOPPER),
  });
  return [order.orderReference as string, Date.now()];
}

async function lagMetric(metricsUrl: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  return Number(/^opi_reconciler_lag_seconds (\S+)$/m.exec(text)?.[1] ?? 0);
}

export async function measureBacklog(
  instances: BacklogInstance[],
  sandboxUrl: string,
  orders: number,
  pollInitialMs: number,
): Promise<BacklogResult> {
  const placed = new Map<string, number>();
  const started = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: PLACING_LOOPS }, async () => {
      for (let n = next++; n < orders; n = next++) {
        const [reference, at] = await placeOne(instances[n % instances.length]!.bff.url);
        placed.set(reference, at);
      }
    }),
  );
  const placingSeconds = (Date.now() - started) / 1000;

  // Until every order has been read once: the lag metric every second, the journal every five.
  let peakLagMetricSeconds = 0;
  const firstRead = new Map<string, number>();
  const readTimes: number[] = [];
  for (let second = 1; firstRead.size < orders; second++) {
    await sleep(1_000);
    const lags = await Promise.all(instances.map((instance) => lagMetric(instance.metricsUrl)));
    peakLagMetricSeconds = Math.max(peakLagMetricSeconds, ...lags);
    // The journal is large (every order's body): read every five seconds.
    if (second % 5) continue;
    const journal = (await (await fetch(`${sandboxUrl}/__sandbox/journal`)).json()) as JournalEntry[];
    readTimes.length = 0;
    for (const entry of journal) {
      const reference = entry.method === 'GET' && /^\/orders\/([^/]+)$/.exec(entry.path)?.[1];
      if (!reference || !placed.has(reference)) continue;
      const at = Date.parse(entry.at);
      readTimes.push(at);
      if (!firstRead.has(reference)) firstRead.set(reference, at);
    }
  }

  const late = [...placed].map(([reference, at]) => (firstRead.get(reference)! - (at + pollInitialMs)) / 1000);
  late.sort((a, b) => a - b);
  const firstDue = Math.min(...placed.values()) + pollInitialMs;
  const lastFirstRead = Math.max(...firstRead.values());
  const backlogReads = readTimes.filter((at) => at <= lastFirstRead);
  const perSecond = new Map<number, number>();
  for (const at of backlogReads) perSecond.set(Math.floor(at / 1000), (perSecond.get(Math.floor(at / 1000)) ?? 0) + 1);
  const firstReadAt = Math.min(...backlogReads);
  return {
    orders,
    instances: instances.length,
    placingSeconds,
    allReadSeconds: (lastFirstRead - firstDue) / 1000,
    meanReadsPerSecond: backlogReads.length / Math.max(1, (lastFirstRead - firstReadAt) / 1000),
    busiestSecondReads: Math.max(...perSecond.values()),
    medianLateSeconds: late[Math.floor(late.length / 2)]!,
    worstLateSeconds: late.at(-1)!,
    peakLagMetricSeconds,
  };
}

/** The figures of a backlog run, by the name the bench's table gives them. */
export function backlogFigures(result: BacklogResult): Record<string, number> {
  return {
    'placing (s)': result.placingSeconds,
    'every order read once, from the first due (s)': result.allReadSeconds,
    'reads per second, mean': result.meanReadsPerSecond,
    'reads in the busiest second': result.busiestSecondReads,
    'first read after due, median (s)': result.medianLateSeconds,
    'first read after due, worst (s)': result.worstLateSeconds,
    'opi_reconciler_lag_seconds, peak': result.peakLagMetricSeconds,
  };
}
