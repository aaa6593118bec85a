// The merchant's refunds, captures and voids. Each runs in three steps so that no amount is ever spent twice:
//  1. one transaction with the order row locked: check what is left (open requests count), record the request and
//     schedule the reconciler's look at it (so a crash before step 3 leaves nothing unsettled);
//  2. the upstream call, outside any transaction, with a reference derived from the Idempotency-Key, so a retry
//     of the same key sends the same reference and the upstream's uniqueness rule stops a double;
//  3. record the answer; one whose answer was lost stays pending (outcome unknown) until the upstream's records,
//     read back, settle it (bff/reconcile/read-back.ts, bff/ledger/operations.ts). The upstream keeps each reference unique, so sending the same
//     one again is safe: it happens now (the first never arrived) or is refused. A refusal is final only for a first
//     send; after a lost answer it tells nothing, and only the records, read back, settle it.
import { createHash } from 'node:crypto';
import {
  captureOrVoidRequestSchema,
  type CaptureOrVoidView,
  idempotencyKeySchema,
  refundRequestBodySchema,
  type RefundView,
} from '../../shared/schemas/merchant-api.js';
import { currencyExponent, payableDecimalsMessage, toMajor, toMinor, toPayableMinor } from '../../shared/money.js';
import { normaliseRefundStatus } from '../../shared/status.js';
import { type Answer, type IdempotencyDeps, type KeptAnswer, once } from '../domain/idempotency.js';
import { DomainError, type ErrorCode, orderNotFound, parseOrRefuse, upstreamRefusal } from '../domain/errors.js';
import type { Logger } from 'pino';
import { NOT_FOUND_UPSTREAM, type OperationResult } from '../ledger/ledger.js';
import { isOpenOperation, refundableMinor, uncapturedMinor } from '../orders/amounts.js';
import { captureOrVoidView, refundView } from '../orders/views.js';
import { readBack, type ReadBackDeps } from '../reconcile/read-back.js';
import type { OperationKind, OrderOperation } from '../store/types.js';
import type { StoredOrder } from '../store/types.js';
import { UpstreamError, UpstreamValidationError } from '../upstream/errors.js';

export interface OperationsDeps extends ReadBackDeps {
  logger: Logger;
  now: () => Date;
  idempotency: IdempotencyDeps;
  /** How long a write may still be on its way (OPI_SETTLE_WINDOW_SECONDS): resent only in its first half. */
  settleWindowMs: number;
}

interface OperationRequest {
  /** Major units; required for refunds, "all that is left" when absent for capture and void. */
  amount?: number;
  description?: string;
}

const PREFIX: Record<OperationKind, string> = { refund: 'rf', capture: 'cp', void: 'vd' };
const NOT_POSSIBLE: Record<OperationKind, ErrorCode> = {
  refund: 'order_not_refundable',
  capture: 'order_not_capturable',
  void: 'order_not_voidable',
};

/** The upstream reference for this key: the same key always sends the same reference. */
const operationReference = (kind: OperationKind, key: string) =>
  `${PREFIX[kind]}_${createHash('sha256').update(`${kind}\u0000${key}`).digest('base64url').slice(0, 24)}`;

const money = (minor: number, currency: string) =>
  `${toMajor(minor, currency).toFixed(currencyExponent(currency))} ${currency}`;

const reused = () =>
  new DomainError('idempotency_key_reused', 'This Idempotency-Key was used with a different request.');

/** What a refund answers, or a capture or a void. */
export type OperationView = RefundView | CaptureOrVoidView;

/** The Idempotency-Key every refund, capture and void needs (a header on the routes, an argument in-process). */
function requiredIdempotencyKey(key: string | undefined): string {
  if (key === undefined) {
    throw new DomainError(
      'idempotency_key_required',
      'Send an Idempotency-Key header with every refund, capture and void.',
      { errors: [{ path: 'Idempotency-Key', message: 'is required' }] },
    );
  }
  return parseOrRefuse(idempotencyKeySchema, key, 'Idempotency-Key header');
}

/** A refund's body, or a capture's or void's (an optional amount). */
function operationRequest(kind: OperationKind, body: unknown): OperationRequest {
  return kind === 'refund'
    ? parseOrRefuse(refundRequestBodySchema, body)
    : parseOrRefuse(captureOrVoidRequestSchema, body ?? {});
}

const refusedUpstream = (kind: OperationKind) =>
  new DomainError('operation_refused', `The payment service refused the ${kind}.`, { retryable: false });

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
interface Moment {
  now: Date;
  sendsEndedBy: Date;
}

function amountToSpend(
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

type SendOutcome =
  /** Settled, or acknowledged (pending): `refusal` when the upstream refused a first send. */
  | { kind: 'settled'; operation: OrderOperation; refusal?: UpstreamError }
  /** Still unknown: its amount stays spent; the reconciler reads the records until they tell. */
  | { kind: 'unknown'; operation: OrderOperation };

// The API reference marks refundDescription required: a refund without the merchant's own words says this (local choice).
const DEFAULT_REFUND_DESCRIPTION = 'Refund requested by the merchant';
// Reading back and sending again are worth it only with at least this much of the request's budget left.
const MIN_BUDGET_MS = 250;

/** The upstream call for an operation, and what its answer says became of it. */
async function call(deps: OperationsDeps, operation: OrderOperation, deadline: number): Promise<OperationResult> {
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

const refusalReason = (error: UpstreamError) =>
  error instanceof UpstreamValidationError && error.messages.length > 0 ? error.messages.join('; ') : error.code;

/**
 * Sends the operation (`firstSend`: its insert counted this send, nothing was sent for it before) and settles it from
 * the answer, or after a lost answer from the records: absent from them and still early in its settle window, it is
 * sent once more. Every send after the first is counted first, and only while the operation is still open.
 */
async function sendOperation(
  deps: OperationsDeps,
  operation: OrderOperation,
  options: { firstSend: boolean; deadline: number },
): Promise<SendOutcome> {
  const { logger, upstream, store, ledger } = deps;
  const context = { orderReference: operation.orderReference, reference: operation.reference, kind: operation.kind };
  const budgetLeft = () => options.deadline - upstream.now() >= MIN_BUDGET_MS;
  // The same reference may go again only while any send of it is sure to end before its window does.
  const resendable = () => deps.now().getTime() - operation.createdAt.getTime() < deps.settleWindowMs / 2;
  const current = async () => (await store.operations.get(operation.reference)) ?? operation;
  let firstSend = options.firstSend;
  for (let sends = 0; ; sends++) {
    if (!firstSend) {
      if (!resendable()) return { kind: 'unknown', operation: await current() };
      // Settled meanwhile (another request, the reconciler): it must not go again.
      if ((await ledger.countOperationSend(operation.reference)) === null)
        return { kind: 'settled', operation: await current() };
    }
    let cause: UpstreamError;
    try {
      const result = await call(deps, operation, options.deadline);
      return { kind: 'settled', operation: await ledger.settleOperation(operation, result) };
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      cause = error;
    }
    if (!cause.retryable && firstSend) {
      logger.warn({ ...context, code: cause.code, status: cause.status }, 'the upstream refused an operation');
      const refused = await ledger.settleOperation(
        operation,
        { status: 'failed', failureReason: refusalReason(cause) },
        { firstSendOnly: true },
      );
      if (!isOpenOperation(refused)) return { kind: 'settled', operation: refused, refusal: cause };
    }
    firstSend = false;
    let read: Awaited<ReturnType<typeof readBack>> | undefined;
    if (budgetLeft()) {
      read = await readBack(deps, operation, 'merchant', options.deadline).catch((error: unknown) => {
        if (error instanceof UpstreamError) return undefined;
        throw error;
      });
    }
    if (read && read.operation.status !== 'requested') return { kind: 'settled', operation: read.operation };
    if (read?.absent && cause.retryable && sends === 0 && budgetLeft()) continue;
    logger.warn(
      { ...context, code: cause.code },
      'operation outcome unknown; its amount stays spent until the records tell',
    );
    return { kind: 'unknown', operation: read?.operation ?? operation };
  }
}

export function createOperations(deps: OperationsDeps) {
  const { ledger, upstream, logger } = deps;
  /** Now, and since when a send begun has surely ended: one upstream budget ago. */
  const moment = (): Moment => {
    const now = deps.now();
    return { now, sendsEndedBy: new Date(now.getTime() - (upstream.requestDeadline() - upstream.now())) };
  };

  /** Step 1: the guard, under the order's lock. `send` is false when this key's operation already has its answer. */
  function reserve(kind: OperationKind, orderReference: string, request: OperationRequest, reference: string) {
    return ledger.reserveOperation(
      orderReference,
      {
        kind,
        reference,
        description: request.description ?? null,
        isSame: (existing, order) =>
          existing.kind === kind &&
          (request.amount === undefined || toMinor(request.amount, order.currency) === existing.amountMinor),
        spend: (order, operations) => amountToSpend(kind, order, operations, request.amount, moment()),
      },
      {
        missing: () => orderNotFound(),
        reused,
      },
    );
  }

  function answerFor(operation: OrderOperation): Answer<OperationView> {
    if (operation.kind === 'refund') return { result: refundView(operation, deps.now()) };
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
    if (isOpenOperation(operation)) return unknownAnswer(operation);
    if (operation.status !== 'succeeded') return { refusal: refusedUpstream(operation.kind) };
    return { result: captureOrVoidView(operation) };
  }

  /** The answer once the upstream was asked: settled, refused, or (for a retry to ask again) still unknown. */
  async function answerOf(outcome: SendOutcome): Promise<Answer<OperationView>> {
    const { operation } = outcome;
    if (outcome.kind === 'settled') {
      const { refusal } = outcome;
      if (refusal && !(refusal instanceof UpstreamValidationError)) return { refusal: upstreamRefusal(refusal) };
      if (refusal && operation.kind === 'refund') return { refusal: refusedUpstream('refund') };
      return answerFor(operation);
    }
    return unknownAnswer(operation);
  }

  /**
   * Said as it is: pending (202), with `upstreamOutcome` and, for a capture or void whose answer was lost, what to
   * check where; never "unavailable, try again" for something the upstream may have made. Not kept for the key: its
   * retry asks the upstream again. The key stays bound to the request it reserved the operation for, so another body
   * with it is refused.
   */
  function unknownAnswer(operation: OrderOperation): Answer<OperationView> {
    const view = operation.kind === 'refund' ? refundView(operation, deps.now()) : captureOrVoidView(operation);
    return { result: view, provisional: true };
  }

  /**
   * Steps 2 and 3. A retried key whose operation is still open may have reached the upstream already: its records
   * are read first, and it is sent again (same reference) only while they do not show it and it is early enough.
   */
  async function execute(operation: OrderOperation, retry: boolean): Promise<Answer<OperationView>> {
    const deadline = upstream.requestDeadline();
    if (!retry) return answerOf(await sendOperation(deps, operation, { firstSend: true, deadline }));
    let read: Awaited<ReturnType<typeof readBack>> | undefined;
    try {
      read = await readBack(deps, operation, 'merchant', deadline);
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      logger.warn({ reference: operation.reference, code: error.code }, 'operation read back failed; still in doubt');
      return unknownAnswer(operation);
    }
    if (read.operation.status !== 'requested') return answerFor(read.operation);
    if (!read.absent) return unknownAnswer(read.operation);
    return answerOf(await sendOperation(deps, read.operation, { firstSend: false, deadline }));
  }

  return {
    /**
     * Runs a refund, capture or void once per Idempotency-Key: its view, or the refusal it ended in (both replayed
     * for the same key). `body` is the request as the merchant sent it, checked here.
     */
    async run(
      kind: OperationKind,
      orderReference: string,
      body: unknown,
      idempotencyKey: string | undefined,
    ): Promise<KeptAnswer<OperationView> & { replayed: boolean }> {
      const key = requiredIdempotencyKey(idempotencyKey);
      const request = operationRequest(kind, body);
      const requestHash = createHash('sha256')
        .update(JSON.stringify([kind, orderReference, request.amount ?? null, request.description ?? null]))
        .digest('hex');
      const reference = operationReference(kind, key);
      const answer = await once(deps.idempotency, 'merchant-write', key, requestHash, async () => {
        const { operation, send, retry } = await reserve(kind, orderReference, request, reference);
        if (!send) return answerFor(operation);
        return execute(operation, retry);
      });
      return answer.replayed ? asItStandsNow(answer, reference) : answer;
    },
  };

  /**
   * A kept answer replayed as the ledger holds its operation now: the records may have settled it (a refund answered
   * PENDING) or contradicted it (one concluded not made, then shown) since. A refusal stays in its first words while
   * the operation stays failed, and one that recorded no operation (the guard's) stays as kept.
   */
  async function asItStandsNow(
    kept: KeptAnswer<OperationView>,
    reference: string,
  ): Promise<KeptAnswer<OperationView> & { replayed: boolean }> {
    const operation = await deps.store.operations.get(reference);
    if (!operation || ('refusal' in kept && operation.status === 'failed')) return { ...kept, replayed: true };
    const now = answerFor(operation);
    return 'result' in now ? { result: now.result, replayed: true } : { refusal: now.refusal, replayed: true };
  }
}

export type Operations = ReturnType<typeof createOperations>;
