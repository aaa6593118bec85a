// Steps 2 and 3 of a refund, capture or void (the reserve is step 1): send it with the reference its key gives, and
// record what the answer says became of it. The upstream keeps each reference unique, so sending the same one again
// is safe: it happens now (the first never arrived) or is refused. A refusal is final only for a first send; after a
// lost answer it tells nothing, and only the records, read back, settle it (bff/reconcile/read-back.ts).
import type { WriteTimings } from '../domain/write-timings.js';
import type { Logger } from 'pino';
import { toMajor } from '../../shared/money.js';
import { normaliseRefundStatus } from '../../shared/status.js';
import type { OperationResult } from '../ledger/ledger.js';
import { isOpenOperation } from '../orders/amounts.js';
import { readBack, type ReadBackDeps } from '../reconcile/read-back.js';
import type { OrderOperation } from '../store/types.js';
import { UpstreamError, UpstreamValidationError } from '../upstream/errors.js';

export interface SendDeps extends ReadBackDeps {
  logger: Logger;
  now: () => Date;
  /** How long a write may still be on its way: resent only in its first half. */
  timings: Pick<WriteTimings, 'settleWindowMs'>;
}

/** What became of an operation once the upstream was asked (or its records read). */
export type SendOutcome =
  /** The ledger's record answers: settled, acknowledged (pending), or settled before this request. */
  | { kind: 'recorded'; operation: OrderOperation }
  /** The upstream refused its first send, and the refusal is recorded (the operation as the ledger now holds it). */
  | { kind: 'refused'; operation: OrderOperation; refusal: UpstreamError }
  /** Still unknown: its amount stays spent; the reconciler reads the records until they tell. */
  | { kind: 'unknown'; operation: OrderOperation };

/** A send whose error is all there is: no answer came, or a refusal (final only for a first send: `sendFirst`). */
interface Lost {
  kind: 'lost';
  cause: UpstreamError;
}

// The API reference marks refundDescription required: a refund without the merchant's own words says this (local choice).
const DEFAULT_REFUND_DESCRIPTION = 'Refund requested by the merchant';
// Reading back and sending again are worth it only with at least this much of the request's budget left.
const MIN_BUDGET_MS = 250;
/**
 * After a send whose answer was lost, the records showing it absent: how many more sends the request may make (a
 * retried key's own resend comes before these).
 */
const RESENDS_PER_REQUEST = 1;

/** The operation as a log line names it. */
const about = ({ orderReference, reference, kind }: OrderOperation) => ({ orderReference, reference, kind });

const recorded = (operation: OrderOperation): SendOutcome => ({ kind: 'recorded', operation });

const refusalReason = (error: UpstreamError) =>
  error instanceof UpstreamValidationError && error.messages.length > 0 ? error.messages.join('; ') : error.code;

/** The upstream call for an operation, and what its answer says became of it. */
async function call(deps: SendDeps, operation: OrderOperation, deadline: number): Promise<OperationResult> {
  const { upstream } = deps;
  const amount = toMajor(operation.amountMinor, operation.currency);
  const reference = operation.orderReference;
  if (operation.kind === 'refund') {
    const record = await upstream.refund(
      reference,
      {
        refundReference: operation.reference,
        refundAmount: { amount, currency: operation.currency },
        refundDescription: operation.description || DEFAULT_REFUND_DESCRIPTION,
      },
      deadline,
    );
    const status = normaliseRefundStatus(record.refundStatus).status;
    return {
      // The answer to our own request is that refund's record: a spelling we do not know means it exists, not final.
      status: status === 'unknown' ? 'pending' : status,
      upstreamStatus: record.refundStatus,
      upstreamReference: record.refundReference,
      upstreamId: record.bnplRefundId ?? null,
    };
  }
  const extra = operation.description ? { description: operation.description } : {};
  if (operation.kind === 'capture') {
    const record = await upstream.capture(
      reference,
      { captureReference: operation.reference, amount, ...extra },
      deadline,
    );
    return { status: 'succeeded', upstreamReference: record.captureReference, upstreamId: record.captureId };
  }
  const record = await upstream.void(reference, { voidReference: operation.reference, amount, ...extra }, deadline);
  return { status: 'succeeded', upstreamReference: record.voidReference ?? null, upstreamId: record.voidedId ?? null };
}

/** One send, its answer recorded; or the upstream's error when none came. */
async function sendOnce(deps: SendDeps, operation: OrderOperation, deadline: number): Promise<SendOutcome | Lost> {
  try {
    return recorded(await deps.ledger.settleOperation(operation, await call(deps, operation, deadline)));
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return { kind: 'lost', cause: error };
  }
}

/**
 * A send after the first: only while any send of the reference is sure to end before its window does, and only while
 * it is still open (settled meanwhile by another request or the reconciler, it must not go again). Counted first.
 */
async function sendAgain(deps: SendDeps, operation: OrderOperation, deadline: number): Promise<SendOutcome | Lost> {
  const current = async () => (await deps.store.operations.get(operation.reference)) ?? operation;
  if (deps.now().getTime() - operation.createdAt.getTime() >= deps.timings.settleWindowMs / 2)
    return { kind: 'unknown', operation: await current() };
  if ((await deps.ledger.countOperationSend(operation.reference)) === null) return recorded(await current());
  return sendOnce(deps, operation, deadline);
}

/**
 * After a send without an answer: the records, read back, settle it; absent from them (and the error one that a
 * send again may cure), it goes again while `resends` last and the budget allows. Otherwise it stays unknown.
 */
async function afterLostAnswer(
  deps: SendDeps,
  operation: OrderOperation,
  { cause }: Lost,
  deadline: number,
  resends: number,
): Promise<SendOutcome> {
  const budgetLeft = () => deadline - deps.upstream.now() >= MIN_BUDGET_MS;
  const read = budgetLeft()
    ? await readBack(deps, operation, 'merchant', deadline).catch((error: unknown) => {
        if (error instanceof UpstreamError) return undefined;
        throw error;
      })
    : undefined;
  if (read && read.operation.status !== 'requested') return recorded(read.operation);
  if (read?.absent && cause.retryable && resends > 0 && budgetLeft()) {
    const again = await sendAgain(deps, operation, deadline);
    return again.kind === 'lost' ? afterLostAnswer(deps, operation, again, deadline, resends - 1) : again;
  }
  deps.logger.warn(
    { ...about(operation), code: cause.code },
    'operation outcome unknown; its amount stays spent until the records tell',
  );
  return { kind: 'unknown', operation: read?.operation ?? operation };
}

/** An operation just reserved: sent, and its answer recorded; a refusal of this first send is final. */
export async function sendFirst(deps: SendDeps, operation: OrderOperation, deadline: number): Promise<SendOutcome> {
  const sent = await sendOnce(deps, operation, deadline);
  if (sent.kind !== 'lost') return sent;
  if (!sent.cause.retryable) {
    const { cause } = sent;
    deps.logger.warn(
      { ...about(operation), code: cause.code, status: cause.status },
      'the upstream refused an operation',
    );
    const refused = await deps.ledger.settleOperation(
      operation,
      { status: 'failed', failureReason: refusalReason(cause) },
      { firstSendOnly: true },
    );
    if (!isOpenOperation(refused)) return { kind: 'refused', operation: refused, refusal: cause };
  }
  return afterLostAnswer(deps, operation, sent, deadline, RESENDS_PER_REQUEST);
}

/**
 * The same key again while its operation is still open: it may have reached the upstream already, so its records
 * are read first, and it goes again (same reference) only while they do not show it and it is early enough.
 */
export async function resume(deps: SendDeps, operation: OrderOperation, deadline: number): Promise<SendOutcome> {
  let read: Awaited<ReturnType<typeof readBack>>;
  try {
    read = await readBack(deps, operation, 'merchant', deadline);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    deps.logger.warn(
      { reference: operation.reference, code: error.code },
      'operation read back failed; still in doubt',
    );
    return { kind: 'unknown', operation };
  }
  if (read.operation.status !== 'requested') return recorded(read.operation);
  if (!read.absent) return { kind: 'unknown', operation: read.operation };
  const again = await sendAgain(deps, read.operation, deadline);
  return again.kind === 'lost' ? afterLostAnswer(deps, read.operation, again, deadline, RESENDS_PER_REQUEST) : again;
}
