// When to ask the upstream again about an order that is still pending: the backoff of bff/lib/backoff.ts, up to
// the order's deadline.
import { backoffDelay, type BackoffOptions } from '../lib/backoff.js';

/**
 * The time after which polling stops: the order's cancellation timeout (minutes, as sent upstream; the BFF's
 * default when the session had none) plus a grace period for the upstream to record its own cancellation.
 */
export function pollDeadline(createdAt: Date, cancellationTimeoutMinutes: number, graceMs: number): Date {
  return new Date(createdAt.getTime() + cancellationTimeoutMinutes * 60_000 + graceMs);
}

/**
 * When to poll next after `attempt` polls, or null when the deadline has passed. The last poll lands exactly on
 * the deadline, so an order the upstream cancelled by timeout is read once more before polling stops.
 */
export function nextPollAt(
  attempt: number,
  now: Date,
  deadline: Date,
  options: BackoffOptions,
  random?: () => number,
): Date | null {
  if (now.getTime() >= deadline.getTime()) return null;
  const at = now.getTime() + backoffDelay(attempt, options, random);
  return new Date(Math.min(at, deadline.getTime()));
}
