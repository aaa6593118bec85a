// The reconciler under a flash sale's backlog (issue 37): `orders` checkouts placed as fast as the BFF instances take
// them, round robin, as the shop's server and the widget place them; their shoppers stay at the provider's page, so every order stays live
// and no callback comes: only the reconcilers learn how each ends. Measured from the sandbox's journal and the
// instances' /metrics, scraped every second: how long placing took, when each order was first read against when it
// fell due (its creation plus OPI_POLL_INITIAL_MS), the reads per second once every order was placed (mean) and in the
// busiest second, and the peak of opi_reconciler_lag_seconds.
import { placeCheckout } from './demo-order.js';
import { type Started, sleep } from './processes.js';

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
  /** Reads per second from the end of the placing (when the BFF does nothing else) until every order was read. */
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

/** Checkouts placed at once, each its three calls in turn. */
const PLACING_LOOPS = 20;
/** The sandbox keeps its latest 10,000 requests: read often enough that none is dropped before it is seen. */
const JOURNAL_EVERY_MS = 5_000;
/** Given up if the last order is not read this long after it fell due: something is broken, not slow. */
const GIVE_UP_MS = 60 * 60_000;

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
  /** Every read of a placed order the journal showed (each entry once), and each order's first. */
  const reads = new Set<string>();
  const firstRead = new Map<string, number>();
  let peakLagMetricSeconds = 0;
  let placing = true;

  async function readJournal() {
    const journal = (await (await fetch(`${sandboxUrl}/__sandbox/journal`)).json()) as JournalEntry[];
    for (const entry of journal) {
      const reference = entry.method === 'GET' && /^\/orders\/([^/]+)$/.exec(entry.path)?.[1];
      if (!reference) continue;
      reads.add(`${entry.at} ${reference}`);
      if (!firstRead.has(reference)) firstRead.set(reference, Date.parse(entry.at));
    }
  }

  // From the start, beside the placing: the lag metric every second, the journal every five.
  const watching = (async () => {
    for (let second = 1; placing || [...placed.keys()].some((reference) => !firstRead.has(reference)); second++) {
      await sleep(1_000);
      const lags = await Promise.all(instances.map((instance) => lagMetric(instance.metricsUrl)));
      peakLagMetricSeconds = Math.max(peakLagMetricSeconds, ...lags);
      if (second % (JOURNAL_EVERY_MS / 1_000) === 0) await readJournal();
      if (!placing && Date.now() > Math.max(...placed.values()) + pollInitialMs + GIVE_UP_MS)
        throw new Error(`backlog of ${orders}: ${orders - firstRead.size} orders never read`);
    }
  })();

  const started = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: PLACING_LOOPS }, async () => {
      for (let n = next++; n < orders; n = next++)
        placed.set(await placeCheckout(instances[n % instances.length]!.bff.url), Date.now());
    }),
  );
  const placedAll = Date.now();
  const placingSeconds = (placedAll - started) / 1000;
  placing = false;
  await watching;

  const late = [...placed].map(([reference, at]) => (firstRead.get(reference)! - (at + pollInitialMs)) / 1000);
  late.sort((a, b) => a - b);
  const firstDue = Math.min(...placed.values()) + pollInitialMs;
  const lastFirstRead = Math.max(...[...placed.keys()].map((reference) => firstRead.get(reference)!));
  const backlogReads = [...reads].map((read) => Date.parse(read.split(' ')[0]!)).filter((at) => at <= lastFirstRead);
  const perSecond = new Map<number, number>();
  for (const at of backlogReads) perSecond.set(Math.floor(at / 1000), (perSecond.get(Math.floor(at / 1000)) ?? 0) + 1);
  // Measured once nothing else runs: while placing, the BFF is busy with the checkouts too.
  const from = Math.max(placedAll, Math.min(...backlogReads));
  const readsAfterPlacing = backlogReads.filter((at) => at >= from).length;
  return {
    orders,
    instances: instances.length,
    placingSeconds,
    allReadSeconds: (lastFirstRead - firstDue) / 1000,
    meanReadsPerSecond: readsAfterPlacing / Math.max(1, (lastFirstRead - from) / 1000),
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
    'reads per second once placed, mean': result.meanReadsPerSecond,
    'reads in the busiest second': result.busiestSecondReads,
    'first read after due, median (s)': result.medianLateSeconds,
    'first read after due, worst (s)': result.worstLateSeconds,
    'opi_reconciler_lag_seconds, peak': result.peakLagMetricSeconds,
  };
}
