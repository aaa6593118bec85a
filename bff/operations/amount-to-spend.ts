// The guard of a refund, capture or void: whether the order can take it and how much it spends, read under the
// order's lock with every operation of the order (those still open count against what is left) (bff/ledger/operations.ts reserveOperation).
import { currencyExponent, payableDecimalsMessage, toMajor, toPayableMinor } from '../../shared/money.js';
import { DomainError, type ErrorCode } from '../domain/errors.js';
import { isOpenOperation, refundableMinor, uncapturedMinor } from '../orders/amounts.js';
import type { OperationKind, OrderOperation, StoredOrder } from '../store/types.js';

const NOT_POSSIBLE: Record<OperationKind, ErrorCode> = {
  refund: 'order_not_refundable',
  capture: 'order_not_capturable',
  void: 'order_not_voidable',
};

const money = (minor: number, currency: string) =>
  `${toMajor(minor, currency).toFixed(currencyExponent(currency))} ${currency}`;

/**
 * A paid order, or a second payment of an already paid session (held, but paid in full): the merchant refunds
 * or voids that one. Other holds (underpaid, another currency) wait for a person outside this API.
 */
const takesOperations = (order: StoredOrder) =>
  order.status === 'paid' || (order.status === 'on_hold' && order.holdReason === 'session_already_paid');

/**
 * A capture or void refused while another is in doubt: when to ask again is when the BFF next reads the order (or,
 * past its poll horizon, once a person has settled the one in doubt).
 */
function inDoubt(order: StoredOrder, doubtful: OrderOperation, now: Date): DomainError {
  const next = order.nextPollAt;
  const message = `The ${doubtful.kind} ${doubtful.reference} of this order is not confirmed yet`;
  if (!next) {
    // Past its poll horizon: no read of ours will settle it, so asking again cannot help.
    return new DomainError(
      'operation_in_doubt',
      `${message}, and no record will settle it now: it is listed in the order's discrepancies for a person to check in the payment service's portal.`,
      { retryable: false },
    );
  }
  return new DomainError(
    'operation_in_doubt',
    `${message} (the BFF reads its records again at ${next.toISOString()}; ask again after that).`,
    { retryable: true, retryAfterSeconds: Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000)) },
  );
}

/** When amountToSpend asks: now, and since when a send begun is sure to have ended (its answer lost if none came). */
export interface Moment {
  now: Date;
  sendsEndedBy: Date;
}

/** The amount (minor units) the operation spends, or the refusal (thrown) of one the order cannot take. */
export function amountToSpend(
  kind: OperationKind,
  order: StoredOrder,
  operations: readonly OrderOperation[],
  amount: number | undefined,
  { now, sendsEndedBy }: Moment,
): number {
  const requested = amount === undefined ? undefined : toPayableMinor(amount, order.currency);
  if (requested === null) {
    throw new DomainError('validation_failed', 'The request body is not valid.', {
      errors: [{ path: 'amount', message: payableDecimalsMessage(order.currency) }],
    });
  }
  if (!takesOperations(order)) {
    throw new DomainError(
      NOT_POSSIBLE[kind],
      `Only a paid order can take a ${kind}; this one is ${order.status === 'unknown' ? 'pending' : order.status}.`,
    );
  }
  if (kind === 'refund') {
    if (order.capturedMinor === 0) {
      throw new DomainError(
        'order_not_refundable',
        'Nothing of this order is captured yet: capture or void it instead.',
      );
    }
    const left = refundableMinor(order, operations);
    if (requested! > left) {
      throw new DomainError(
        'refund_exceeds_refundable',
        `At most ${money(left, order.currency)} of this order can still be refunded.`,
      );
    }
    return requested!;
  }
  // While a capture or void is in doubt (sent, its send over and no answer: it may have been made), what is left is
  // not known, so neither may go; one still on its way holds its amount as any request does (two partial captures
  // at once both go). A void of all that is left waits for any capture or void still open.
  const isInDoubt = (other: OrderOperation) =>
    other.status === 'requested' && other.createdAt.getTime() <= sendsEndedBy.getTime();
  const doubtful = operations.find(
    (other) => other.kind !== 'refund' && (isInDoubt(other) || (kind === 'void' && isOpenOperation(other))),
  );
  if (doubtful) throw inDoubt(order, doubtful, now);
  const left = uncapturedMinor(order, operations);
  if (left === 0) throw new DomainError(NOT_POSSIBLE[kind], `Nothing of this order is left to ${kind}.`);
  if (requested !== undefined && requested > left) {
    throw new DomainError(
      'amount_exceeds_remaining',
      `At most ${money(left, order.currency)} of this order is left to ${kind}.`,
    );
  }
  return requested ?? left;
}
