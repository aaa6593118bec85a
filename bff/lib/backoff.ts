// Exponential, capped, jittered delays: for polling pending orders, retrying upstream reads and redelivering
// merchant notifications alike.

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
