// The merchant's refunds, captures and voids. Each runs in three steps so that no amount is ever spent twice:
//  1. one transaction with the order row locked: check what is left (open requests count), record the request and
//     schedule the reconciler's look at it (so a crash before step 3 leaves nothing unsettled);
//  2. the upstream call, outside any transaction, with a reference derived from the Idempotency-Key, so a retry
//     of the same key sends the same reference and the upstream's uniqueness rule stops a double;
//  3. record the answer; one whose answer was lost stays pending (outcome unknown) until the upstream's records,
//     read back, settle it (bff/after-payment/send-operation.ts, settle-operations.ts).
import { createHash } from 'node:crypto';
import {
  captureOrVoidRequestSchema,
  type CaptureOrVoidView,
  idempotencyKeySchema,
  refundRequestBodySchema,
  type RefundView,
} from '../../shared/merchant-api.js';
import { currencyExponent, payableDecimalsMessage, toMajor, toMinor, toPayableMinor } from '../../shared/money.js';
import { type Answer, type IdempotencyDeps, type KeptAnswer, once } from '../domain/idempotency.js';
import { DomainError, type ErrorCode, parseOrRefuse, upstreamRefusal } from '../domain/errors.js';
import type { OperationKind, OrderOperation } from '../store/after-payment-types.js';
import type { LedgerOrder } from '../store/types.js';
import { UpstreamError, UpstreamValidationError } from '../upstream/errors.js';
import { isOpenOperation, refundableMinor, uncapturedMinor } from '../orders/amounts.js';
import { refundView } from '../orders/views.js';
import { readBack, sendOperation, type SendDeps, type SendOutcome } from './send-operation.js';
import { journalOperation, NOT_FOUND_UPSTREAM, pollBy } from './settle-operations.js';

export interface OperationsDeps extends SendDeps {
  idempotency: IdempotencyDeps;
  /** After its settle window, how long an open operation may stay open before it is overdue. */
  graceMs: number;
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
const takesOperations = (order: LedgerOrder) =>
  order.status === 'paid' || (order.status === 'on_hold' && order.holdReason === 'session_already_paid');

function amountToSpend(
  kind: OperationKind,
  order: LedgerOrder,
  operations: readonly OrderOperation[],
  amount: number | undefined,
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
  // A void of all that is left is read back from the order's captureStatus alone (no record lists voids): while
  // another capture or void is unconfirmed, "all that is left" is unknown and the void could never be read back.
  if (kind === 'void' && operations.some((other) => other.kind !== 'refund' && isOpenOperation(other))) {
    throw new DomainError(
      'operation_in_doubt',
      'Another capture or void of this order is not confirmed yet; try again once it is.',
      { retryable: true, retryAfterSeconds: 60 },
    );
  }
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

export function createOperations(deps: OperationsDeps) {
  const { store, upstream } = deps;

  /** Step 1: the guard, under the order's lock. `send` is false when this key's operation already has its answer. */
  function reserve(kind: OperationKind, orderReference: string, request: OperationRequest, reference: string) {
    return store.transaction(async (tx) => {
      const order = await tx.getOrder(orderReference, { forUpdate: true });
      if (!order) throw new DomainError('order_not_found', 'There is no order with this reference.');
      const existing = await tx.getOperation(reference);
      if (existing) {
        const sameAmount =
          request.amount === undefined || toMinor(request.amount, order.currency) === existing.amountMinor;
        if (existing.orderReference !== orderReference || existing.kind !== kind || !sameAmount) throw reused();
        return { operation: existing, send: existing.status === 'requested', retry: true };
      }
      const amountMinor = amountToSpend(kind, order, await tx.listOperations(orderReference), request.amount);
      const createdAt = deps.now();
      const operation = await tx.insertOperation({
        reference,
        orderReference,
        kind,
        amountMinor,
        currency: order.currency,
        status: 'requested',
        description: request.description ?? null,
        createdAt,
        deadlineAt: new Date(createdAt.getTime() + deps.settleWindowMs + deps.graceMs),
      });
      await journalOperation(tx, order, operation, 'requested', createdAt);
      // Should this instance stop before the answer is recorded, the reconciler still looks at the order by then.
      await pollBy(tx, order, new Date(createdAt.getTime() + deps.firstCheckDelayMs));
      return { operation, send: true, retry: false };
    });
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
    if (operation.status !== 'succeeded') return { refusal: refusedUpstream(operation.kind) };
    const view: CaptureOrVoidView = {
      orderReference: operation.orderReference,
      amount: toMajor(operation.amountMinor, operation.currency),
      currency: operation.currency,
      reference: operation.reference,
    };
    return { result: view };
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
    return unknownAnswer(operation, outcome.cause);
  }

  /** Said as it is (upstreamOutcome: unknown), and not kept for the key: its retry asks the upstream again. */
  function unknownAnswer(operation: OrderOperation, cause?: UpstreamError): Answer<OperationView> {
    if (operation.kind === 'refund') return { ...answerFor(operation), provisional: true };
    if (cause?.retryable) throw upstreamRefusal(cause);
    throw new DomainError(
      'outcome_unknown',
      `The payment service has not confirmed this ${operation.kind} yet. Its amount stays reserved; try the same Idempotency-Key again later.`,
      { retryable: true, ...(cause ? { cause } : {}) },
    );
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
      return unknownAnswer(operation, error);
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
    run(
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
      return once(deps.idempotency, 'merchant-write', key, requestHash, async () => {
        const { operation, send, retry } = await reserve(kind, orderReference, request, operationReference(kind, key));
        if (!send) return answerFor(operation);
        return execute(operation, retry);
      });
    },
  };
}

export type Operations = ReturnType<typeof createOperations>;
