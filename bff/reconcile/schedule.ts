// When to ask the upstream again about an order still live, or an operation still open: the backoff of
// bff/lib/backoff.ts up to its deadline, then a slow pace up to a horizon, then no more (a merchant's read still
// asks). Nothing is dropped at its deadline: the upstream's own cancellation may land any time after it.
import { backoffDelay, type BackoffOptions } from '../lib/backoff.js';

export interface PollPlan extends BackoffOptions {
  /** The pace past a deadline. */
  slowPollMs: number;
  /** How long after its creation something is still polled at all. */
  horizonMs: number;
}

/**
 * When to poll next after `attempt` polls of something created at `createdAt`, or null past its horizon. Before the
 * deadline the backoff, its last poll landing on the deadline; after it the slow pace, the last on the horizon.
 */
export function nextPollAt(
  attempt: number,
  now: Date,
  deadline: Date,
  createdAt: Date,
  plan: PollPlan,
  random?: () => number,
): Date | null {
  const at = now.getTime();
  if (at < deadline.getTime()) return new Date(Math.min(at + backoffDelay(attempt, plan, random), deadline.getTime()));
  const horizon = createdAt.getTime() + plan.horizonMs;
  if (at >= horizon) return null;
  return new Date(Math.min(at + plan.slowPollMs, horizon));
}
