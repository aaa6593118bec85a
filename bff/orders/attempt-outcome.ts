// How a session's latest attempt ended, for the shopper back from the provider (the session view's lastAttempt), and
// why, in classes of the BFF's own: the upstream's reasons are free text (rejectReason, failureReason, cancelledBy in
// the docs' order read, ../shared/spec/upstream-public-docs.md §6) with no list of values, and the shopper never
// reads the upstream's own words.
import type { AttemptOutcome, AttemptReason, LastAttempt } from '../../shared/schemas/checkout-api.js';
import type { CurrentStatus } from '../../shared/status.js';
import type { OutcomeReason } from '../store/types.js';
import type { OrderStatusRecord } from '../upstream/contract.js';

// Local choice: the words that class a reason, lower-cased, first match wins; a reason that matches none is kept as
// none, and the shopper reads only the outcome ("did not approve this payment").
const REASON_WORDS: readonly [AttemptReason, RegExp][] = [
  ['verification', /verif|identity|kyc|document/],
  ['credit_check', /credit|afford|limit|insufficient|funds|score|balance|risk/],
];

/**
 * The class of why an order read says it ended (or has not gone through yet): a named reason first, the provider's
 * failure where the upstream shows an error with a reason, and `timed_out` for a cancellation by the upstream's
 * system ("cancelled by user, merchant or system"), which only a cancellation timeout makes.
 */
export function outcomeReason(
  read: Pick<OrderStatusRecord, 'status' | 'rejectReason' | 'failureReason' | 'cancelledBy'>,
): OutcomeReason | null {
  const text = `${read.rejectReason ?? ''} ${read.failureReason ?? ''}`.toLowerCase();
  for (const [reason, words] of REASON_WORDS) if (words.test(text)) return reason;
  const status = read.status.toLowerCase();
  if (status.startsWith('cancel') && read.cancelledBy?.toLowerCase() === 'system') return 'timed_out';
  if (read.failureReason && (status === 'error' || status === 'failed')) return 'provider_error';
  return null;
}

interface Attempt {
  attempt: number;
  provider: string;
  status: CurrentStatus;
  outcomeReason: OutcomeReason | null;
  /** The shopper's return or a callback spoke of it: an order pending before that is only waiting for the shopper. */
  heard: boolean;
}

function outcomeOf({ status, outcomeReason: reason, heard }: Attempt): AttemptOutcome | undefined {
  switch (status) {
    case 'declined':
      return 'declined';
    case 'cancelled':
      return reason === 'timed_out' ? 'expired' : 'cancelled';
    case 'failed':
      return 'failed';
    case 'pending':
    case 'error':
      // The create's answer is pending too (the docs: "the order has been created with the relevant payment
      // provider"): only once the shopper is back, or the provider called, is it the payment still being confirmed.
      return heard ? 'pending' : undefined;
    default:
      // initiated or unknown: the shopper has not come back yet; paid or on hold: the session is completed.
      return undefined;
  }
}

/**
 * The session view's lastAttempt for its latest attempt, the provider named as `displayName` names it (its upstream
 * name when the session's lists no longer have it); undefined while that attempt has no outcome to tell.
 */
export function lastAttemptView(
  latest: Attempt | undefined,
  displayName: (provider: string) => string | undefined,
): LastAttempt | undefined {
  const outcome = latest && outcomeOf(latest);
  if (!latest || !outcome) return undefined;
  const { attempt, provider, outcomeReason: reason } = latest;
  // A cancellation is the shopper's own or the clock's: no provider's reason explains it.
  const told = reason && reason !== 'timed_out' && outcome !== 'cancelled' && outcome !== 'expired';
  return {
    attempt,
    provider,
    displayName: displayName(provider) ?? provider,
    outcome,
    ...(told ? { reason } : {}),
  };
}
