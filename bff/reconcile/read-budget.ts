// The reconciler's upstream reads within a budget per instance (OPI_RECONCILE_READS_PER_SECOND): a token bucket whose
// rate is an adaptive limit. The upstream's rate limits are not documented, so its own answers set the pace: a 429,
// or a run of 5xx answers or calls that got none, halves the rate (and a Retry-After pauses reads for that long);
// other answers bring it back up. Every answer the upstream client sees counts, the shoppers' calls included: the
// pushback is the upstream's as a whole.
import { createAdaptiveLimit } from '../lib/adaptive-limit.js';
import type { UpstreamAnswer } from '../upstream/transport.js';

export interface ReadBudgetOptions {
  readsPerSecond: number;
  /** Monotonic milliseconds. */
  clock?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface ReadBudget {
  /** How many orders a round claims: one second's reads at the current rate. */
  batch(): number;
  /** Resolves when one more read may start. */
  take(): Promise<void>;
  /** One answer (or none) from the upstream. */
  answered(answer: UpstreamAnswer): void;
  /** Reads per second now (for the metrics and the logs). */
  readonly rate: number;
}

/** 5xx answers or calls with no answer in a row that count as pushback. */
const FAILURE_RUN = 3;
/** The longest a Retry-After pauses reads: under the claim's lease, so the orders claimed are still ours after it. */
const MAX_PAUSE_MS = 30_000;
/** Local choice: pushback never takes the reconciler below one read every two seconds. */
const FLOOR = 0.5;

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export function createReadBudget(options: ReadBudgetOptions): ReadBudget {
  const { readsPerSecond, clock = () => performance.now(), sleep = sleepFor } = options;
  const limit = createAdaptiveLimit({ ceiling: readsPerSecond, floor: Math.min(FLOOR, readsPerSecond), clock });
  let tokens = readsPerSecond;
  let refilledAt = clock();
  let pausedUntil = 0;
  let failures = 0;

  function refill() {
    const at = clock();
    tokens = Math.min(limit.value, tokens + ((at - refilledAt) / 1000) * limit.value);
    refilledAt = at;
  }

  return {
    batch: () => Math.max(1, Math.floor(limit.value)),
    async take() {
      for (;;) {
        refill();
        const wait = Math.max(pausedUntil - clock(), tokens >= 1 ? 0 : ((1 - tokens) / limit.value) * 1000);
        if (wait <= 0) {
          tokens -= 1;
          return;
        }
        await sleep(wait);
      }
    },
    answered({ status, retryAfterMs }) {
      if (status === 429) {
        failures = 0;
        limit.cut();
        if (retryAfterMs) pausedUntil = Math.max(pausedUntil, clock() + Math.min(retryAfterMs, MAX_PAUSE_MS));
        return;
      }
      if (status === undefined || status >= 500) {
        if (++failures < FAILURE_RUN) return;
        failures = 0;
        limit.cut();
        return;
      }
      failures = 0;
      limit.ease();
    },
    get rate() {
      return limit.value;
    },
  };
}
