// When the BFF stops waiting for an order at the usual pace (the reconciler's plan, bff/reconcile/schedule.ts).

/**
 * An order's deadline: its cancellation timeout (minutes, as sent upstream; the BFF's default when the session had
 * none) plus the grace for the upstream to record its own cancellation.
 */
export function orderDeadline(createdAt: Date, cancellationTimeoutMinutes: number, graceMs: number): Date {
  return new Date(createdAt.getTime() + cancellationTimeoutMinutes * 60_000 + graceMs);
}
