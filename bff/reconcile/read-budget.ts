// The reconciler's upstream reads within a budget per instance (OPI_RECONCILE_READS_PER_SECOND): evenly spaced, at a
// rate that is an adaptive limit. The upstream's rate limits are not documented, so its own answers set the pace: a
// 429, or a run of 5xx answers or calls that got none, halves the rate (and a Retry-After pauses reads for that long);
// other answers bring it back up. Every answer the upstream client sees counts, the shoppers' calls included: the
// pushback is the upstream's as a whole. The budget looks at them when it paces a read (the client keeps them till
// then, with when each came), so a shopper's call never runs the reconciler's pacing.
import { createAdaptiveLimit } from '../lib/adaptive-limit.js';
import type { TimedAnswer } from '../upstream/transport.js';

export interface ReadBudgetOptions {
  readsPerSecond: number;
  /** The longest a Retry-After pauses reads (OPI_RECONCILE_MAX_PAUSE_MS); the claim's lease sets as much aside. */
  maxPauseMs: number;
  /** The upstream's answers (or their absence) since the last look, oldest first (the upstream client's). */
  answers: () => readonly TimedAnswer[];
  /** Monotonic milliseconds, the answers' clock (performance.now()). */
  clock?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface ReadBudget {
  /** How many orders a round claims: one second's reads at the current rate. */
  batch(): number;
  /** Resolves true when one more read may start (first come, first served), false if cancel() came first. */
  take(): Promise<boolean>;
  /** Answers every read still waiting false (a stopping reconciler). */
  cancel(): void;
  /** Reads per second now (its gauge). */
  readonly rate: number;
}

/** 5xx answers or calls with no answer in a row that count as pushback. */
const FAILURE_RUN = 3;
/** Local choice: pushback never takes the reconciler below one read every two seconds. */
const FLOOR = 0.5;

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export function createReadBudget(options: ReadBudgetOptions): ReadBudget {
  const { readsPerSecond, maxPauseMs, answers, clock = () => performance.now(), sleep = sleepFor } = options;
  const limit = createAdaptiveLimit({ ceiling: readsPerSecond, floor: Math.min(FLOOR, readsPerSecond), clock });
  // A bucket of one read: reads are spaced evenly, never more than the rate in any second (a bucket of a second's
  // reads would let twice the rate through in the second after a quiet one).
  let tokens = 1;
  let refilledAt = clock();
  let pausedUntil = 0;
  let failures = 0;
  /** Reads waiting their turn, served in order by one loop: one timer however many wait. */
  const waiting: ((go: boolean) => void)[] = [];
  let serving = false;

  function answered({ status, retryAfterMs, at }: TimedAnswer) {
    if (status === 429) {
      failures = 0;
      limit.cut(at);
      if (retryAfterMs) pausedUntil = Math.max(pausedUntil, at + Math.min(retryAfterMs, maxPauseMs));
      return;
    }
    if (status === undefined || status >= 500) {
      if (++failures < FAILURE_RUN) return;
      failures = 0;
      limit.cut(at);
      return;
    }
    failures = 0;
    limit.ease();
  }

  /** The rate after the answers that came since the last look. */
  function rate(): number {
    for (const answer of answers()) answered(answer);
    return limit.value;
  }

  function refill() {
    const at = clock();
    tokens = Math.min(1, tokens + ((at - refilledAt) / 1000) * rate());
    refilledAt = at;
  }

  async function serve() {
    serving = true;
    while (waiting.length > 0) {
      refill();
      const wait = Math.max(pausedUntil - clock(), tokens >= 1 ? 0 : ((1 - tokens) / rate()) * 1000);
      if (wait > 0) {
        await sleep(wait);
        continue;
      }
      tokens -= 1;
      waiting.shift()!(true);
    }
    serving = false;
  }

  return {
    batch: () => Math.max(1, Math.floor(rate())),
    take() {
      return new Promise<boolean>((go) => {
        waiting.push(go);
        if (!serving) void serve();
      });
    },
    cancel() {
      for (const go of waiting.splice(0)) go(false);
    },
    get rate() {
      return rate();
    },
  };
}
