// When to ask the upstream again about an order still live, or an operation still open: the backoff of
// bff/lib/backoff.ts up to its deadline, then a slow pace up to a horizon, then no more (a merchant's read still
// asks). Nothing is dropped at its deadline: the upstream's own cancellation may land any time after it.
// nextRead() is an order's whole schedule after a poll, one rule per reason to read it again; the reconciler
// (./reconciler.ts) applies it under the order's lock.
import type { WriteTimings } from '../domain/write-timings.js';
import type { NextPoll } from '../ledger/ledger.js';
import { backoffDelay, type BackoffOptions } from '../lib/backoff.js';
import { isOpenOperation } from '../orders/amounts.js';
import type { OrderOperation, StoredOrder } from '../store/types.js';
import { isAwaitingUpstream } from '../../shared/status.js';
import { UNANSWERED_CREATES } from './refresh.js';

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

export interface ReadRules {
  plan: PollPlan;
  /** How long a write may still be on its way. */
  timings: Pick<WriteTimings, 'settleWindowMs'>;
  /** How long the reconciler's claim of an order lasts: the claim began this long before it ends. */
  leaseMs: number;
  random?: () => number;
}

/**
 * An order's next read after the poll that `claimed` (the order as the reconciler claimed it) was for, from the order
 * and its operations as they are now, at `at`: the soonest of every reason to read it again, null when none is left.
 * Also says, once, that the poll crossed the order's deadline or horizon, and which captures and voids are still in
 * doubt past their horizon (a person must settle them).
 */
export function nextRead(
  claimed: StoredOrder,
  order: StoredOrder,
  operations: readonly OrderOperation[],
  at: Date,
  { plan, timings: { settleWindowMs }, leaseMs, random }: ReadRules,
): NextPoll {
  const poll = (deadline: Date, createdAt: Date, attempts = order.pollAttempts) =>
    nextPollAt(attempts, at, deadline, createdAt, plan, random);
  const live = isAwaitingUpstream(order.status);
  const horizon = new Date(order.createdAt.getTime() + plan.horizonMs);
  const times: (Date | null)[] = [];
  // A live order: at its backoff up to its deadline, then slowly up to its horizon.
  if (live) times.push(poll(order.deadlineAt, order.createdAt));
  // A create never answered is read once more when its settle window closes: then a 404 means it never was.
  const windowCloses = new Date(order.createdAt.getTime() + settleWindowMs);
  if (live && UNANSWERED_CREATES.has(order.createState) && at < windowCloses) times.push(windowCloses);
  // An open operation at its own backoff; one opened while this poll held the order (the ledger timed nothing then)
  // at a new operation's pace, not at the order's.
  const claimedAt = (claimed.claimedUntil?.getTime() ?? 0) - leaseMs;
  for (const operation of operations.filter(isOpenOperation)) {
    const opened = operation.createdAt.getTime() >= claimedAt;
    times.push(poll(operation.deadlineAt, operation.createdAt, opened ? 0 : order.pollAttempts));
  }
  // An operation settled inside its settle window is read once more when it closes: the records are final about it
  // then, and totals that could not be compared yet are.
  for (const operation of operations) {
    const closes = new Date(operation.createdAt.getTime() + settleWindowMs);
    if (!isOpenOperation(operation) && at < closes) times.push(closes);
  }
  // A look asked for while this poll held the order (a notice's read that failed, one past the read gate's window).
  if (order.nextPollAt && order.nextPollAt.getTime() !== claimed.nextPollAt?.getTime()) times.push(order.nextPollAt);
  // A raised discrepancy is watched at the slow pace, so it clears once the records agree.
  if (order.discrepancy?.length) times.push(poll(at, order.createdAt));
  // A read asked for that this poll could not make (the upstream failed it) is tried again at the backoff.
  if (order.rereadAskedAt) times.push(poll(horizon, order.createdAt));
  const next = times.reduce<Date | null>(
    (soonest, time) => (time && (!soonest || time < soonest) ? time : soonest),
    null,
  );

  // Each said once, by the poll that crosses it: a poll asked for later (a notice, a sweep of the live orders) reads
  // the order again and says nothing new, so strangers' notices cannot multiply the journal's rows.
  const deadlinePassed = live && at >= order.deadlineAt && (claimed.nextPollAt ?? at) <= order.deadlineAt;
  const horizonPassed = live && times[0] === null && (claimed.nextPollAt ?? at) <= horizon;
  const reason = horizonPassed ? 'poll_horizon_passed' : deadlinePassed ? 'poll_deadline_passed' : undefined;
  // A capture or void in doubt that its reads never settled: past its horizon nothing will.
  const unconfirmed = operations.filter(
    (operation) =>
      operation.kind !== 'refund' &&
      operation.status === 'requested' &&
      at.getTime() >= operation.createdAt.getTime() + plan.horizonMs,
  );
  return { nextPollAt: next, ...(reason ? { reason } : {}), unconfirmed };
}
