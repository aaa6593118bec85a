// What the merchant hears of a refund, capture or void: one place maps what became of it to its answer (a view, a
// refusal, or a provisional view that is not kept for the key).
import type { CaptureOrVoidView, RefundView } from '../../shared/schemas/merchant-api.js';
import { DomainError, upstreamRefusal } from '../domain/errors.js';
import type { Answer, KeptAnswer } from '../domain/idempotency.js';
import { NOT_FOUND_UPSTREAM } from '../ledger/ledger.js';
import { isOpenOperation } from '../orders/amounts.js';
import { captureOrVoidView, refundView } from '../orders/views.js';
import type { OperationKind, OrderOperation } from '../store/types.js';
import { UpstreamValidationError } from '../upstream/errors.js';
import type { SendOutcome } from './send-operation.js';

/** What a refund answers, or a capture or a void. */
export type OperationView = RefundView | CaptureOrVoidView;

const refusedUpstream = (kind: OperationKind) =>
  new DomainError('operation_refused', `The payment service refused the ${kind}.`, { retryable: false });

const view = (operation: OrderOperation, now: Date): OperationView =>
  operation.kind === 'refund' ? refundView(operation, now) : captureOrVoidView(operation);

/**
 * Said as it is: pending (202), with `upstreamOutcome` and, for a capture or void whose answer was lost, what to
 * check where; never "unavailable, try again" for something the upstream may have made. Not kept for the key: its
 * retry asks the upstream again. The key stays bound to the request it reserved the operation for, so another body
 * with it is refused.
 */
const unknown = (operation: OrderOperation, now: Date): Answer<OperationView> => ({
  result: view(operation, now),
  provisional: true,
});

/** The answer the ledger's record of an operation gives. */
function answerOfRecord(operation: OrderOperation, now: Date): Answer<OperationView> {
  if (operation.kind === 'refund') return { result: refundView(operation, now) };
  if (operation.status === 'failed' && operation.failureReason === NOT_FOUND_UPSTREAM) {
    return {
      refusal: new DomainError(
        'operation_not_found_upstream',
        `The payment service has no record of this ${operation.kind}: it did not happen, and its amount is free again.`,
        { retryable: false },
      ),
    };
  }
  // Still open (its records say pending, or its answer was lost): not refused, and not kept for the key.
  if (isOpenOperation(operation)) return unknown(operation, now);
  if (operation.status !== 'succeeded') return { refusal: refusedUpstream(operation.kind) };
  return { result: captureOrVoidView(operation) };
}

/** The answer to a request, from what became of its operation. */
export function operationAnswer(outcome: SendOutcome, now: Date): Answer<OperationView> {
  switch (outcome.kind) {
    case 'recorded':
      return answerOfRecord(outcome.operation, now);
    case 'unknown':
      return unknown(outcome.operation, now);
    case 'refused':
      // Refused for a reason other than the request's content: said as every route says that upstream error.
      if (!(outcome.refusal instanceof UpstreamValidationError)) return { refusal: upstreamRefusal(outcome.refusal) };
      if (outcome.operation.kind === 'refund') return { refusal: refusedUpstream('refund') };
      return answerOfRecord(outcome.operation, now);
  }
}

/**
 * A kept answer replayed as the ledger holds its operation now: the records may have settled it (a refund answered
 * PENDING) or contradicted it (one concluded not made, then shown) since. A refusal stays in its first words while
 * the operation stays failed, and one that recorded no operation (the guard's) stays as kept.
 */
export function replayedAnswer(
  kept: KeptAnswer<OperationView>,
  operation: OrderOperation | null,
  now: Date,
): KeptAnswer<OperationView> {
  if (!operation || ('refusal' in kept && operation.status === 'failed')) return kept;
  const answer = answerOfRecord(operation, now);
  return 'result' in answer ? { result: answer.result } : { refusal: answer.refusal };
}
