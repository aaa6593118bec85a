// The timings every write to the upstream lives by (an order's create, a refund, a capture, a void): when it is first
// read back, how long it may still be on its way, and how long it is read at the usual pace past its end. Set with
// the reconciler's settings (bff/reconcile/settings.ts); declared here, low in the house, because the ledger, the
// placement, the operations and the reads below the reconciler all take them, as one slice with these names.

export interface WriteTimings {
  /** Delay before an order's first poll and after its first poll; it doubles up to pollMaxMs (OPI_POLL_INITIAL_MS). */
  pollInitialMs: number;
  /**
   * After an order's cancellation timeout, or an operation's settle window, how long it is still polled at the usual
   * pace (its deadline; OPI_POLL_GRACE_MINUTES).
   */
  graceMs: number;
  /**
   * How long a write may still be on its way (or lag in the upstream's records): an order, refund, capture or void
   * whose outcome is unknown is failed only when the records show nothing once this has passed since it was sent; it
   * is sent again (same reference) only within the first half of it (OPI_SETTLE_WINDOW_SECONDS).
   */
  settleWindowMs: number;
}
