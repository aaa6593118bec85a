// When to ask the upstream again about an order that is still pending (and, with other options, when to retry an
// upstream read or a merchant notification): exponential, capped, jittered.

export interface BackoffOptions {
  /** Delay before the first retry. */
  initialDelayMs: number;
  /** No delay is ever longer than this. */
  maxDelayMs: number;
  /** Growth per attempt (2 doubles). */
  factor: number;
  /** Share of each delay taken off at random (0..1), so many orders created together do not poll together. */
  jitter: number;
}

/** Delay before retry number `attempt` (0 for the first): exponential, capped at maxDelayMs, jittered downwards. */
export function backoffDelay(attempt: number, options: BackoffOptions, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(attempt, 0), 64);
  const base = Math.min(options.maxDelayMs, options.initialDelayMs * options.factor ** exponent);
  return Math.round(base * (1 - options.jitter * random()));
}

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
export function nextPollAt(attempt: number, now: Date, deadline: Date, options: BackoffOptions, random?: () => number): Date | null {
  if (now.getTime() >= deadline.getTime()) return null;
  const at = now.getTime() + backoffDelay(attempt, options, random);
  return new Date(Math.min(at, deadline.getTime()));
}
