// The reconciler's settings: its pace and read budget, and each order's schedule of reads (the upstream's own
// polling: 30 s doubling to 600 s, its public docs), up to its deadline and horizon.
import * as z from 'zod/mini';
import type { WriteTimings } from '../domain/write-timings.js';
import { wholeNumber } from '../lib/setting-kinds.js';

const ms = 'a whole number of milliseconds';

export const reconcileVariables = {
  OPI_RECONCILE_INTERVAL_MS: z._default(wholeNumber(100, 3_600_000, ms), 5_000),
  // Local choice: the upstream's rate limits are not documented; 20 reads/s reads 1,000 due orders in 50 s.
  OPI_RECONCILE_READS_PER_SECOND: z._default(wholeNumber(1, 1_000, 'a whole number of reads per second'), 20),
  // Local choice: a Retry-After of more than 30 s is obeyed for 30 s, unless configured.
  OPI_RECONCILE_MAX_PAUSE_MS: z._default(wholeNumber(0, 300_000, ms), 30_000),
  OPI_POLL_INITIAL_MS: z._default(wholeNumber(1_000, 3_600_000, ms), 30_000),
  OPI_POLL_MAX_MS: z._default(wholeNumber(1_000, 86_400_000, ms), 600_000),
  OPI_POLL_GRACE_MINUTES: z._default(wholeNumber(0, 10_080, 'a whole number of minutes'), 30),
  OPI_POLL_SLOW_MS: z._default(wholeNumber(1_000, 86_400_000, ms), 3_600_000),
  OPI_POLL_HORIZON_DAYS: z._default(wholeNumber(1, 365, 'a whole number of days'), 7),
  OPI_SETTLE_WINDOW_SECONDS: z._default(wholeNumber(1, 86_400, 'a whole number of seconds'), 600),
};

type ReconcileValues = z.output<z.ZodMiniObject<typeof reconcileVariables>>;

/** Polling of orders and refunds still waiting for their result; the timings every write lives by among them. */
export interface ReconcileSettings extends WriteTimings {
  /** The pause between reconciliation rounds while nothing more is due (a round that took a full batch goes on). */
  intervalMs: number;
  /** This instance's budget of upstream reads per second for reconciliation, used fully while orders are due. */
  readsPerSecond: number;
  /** The longest an upstream Retry-After pauses the reconciler's reads; its claims last as much longer. */
  maxPauseMs: number;
  pollMaxMs: number;
  /** Past its deadline, a still-live order (or a still-open operation) is polled this seldom... */
  slowPollMs: number;
  /** ...until this long after it was created; then polling stops (a merchant's read still asks). */
  horizonMs: number;
}

export const reconcileSettings = (values: ReconcileValues): ReconcileSettings => ({
  intervalMs: values.OPI_RECONCILE_INTERVAL_MS,
  readsPerSecond: values.OPI_RECONCILE_READS_PER_SECOND,
  maxPauseMs: values.OPI_RECONCILE_MAX_PAUSE_MS,
  pollInitialMs: values.OPI_POLL_INITIAL_MS,
  pollMaxMs: values.OPI_POLL_MAX_MS,
  graceMs: values.OPI_POLL_GRACE_MINUTES * 60_000,
  slowPollMs: values.OPI_POLL_SLOW_MS,
  horizonMs: values.OPI_POLL_HORIZON_DAYS * 86_400_000,
  settleWindowMs: values.OPI_SETTLE_WINDOW_SECONDS * 1000,
});
