// The merchant's refunds, captures and voids. Each runs in three steps so that no amount is ever spent twice:
//  1. one transaction with the order row locked: check what is left (open requests count), record the request and
//     schedule the reconciler's look at it (so a crash before step 3 leaves nothing unsettled);
//  2. the upstream call, outside any transaction, with a reference derived from the Idempotency-Key, so a retry
//     of the same key sends the same reference and the upstream's uniqueness rule stops a double;
//  3. record the answer. A refund whose answer is lost stays pending and is settled from the upstream's refund
//     list later; a capture or void whose answer is lost keeps its amount reserved until a retry of the same key
//     or the reconciler sends it again (bff/after-payment/capture-void.ts).
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { CaptureOrVoidView } from '../../shared/merchant-api.js';
import { currencyExponent, payableDecimalsMessage, toMajor, toMinor, toPayableMinor } from '../../shared/money.js';
import { once, type IdempotencyDeps, type StoredAnswer } from '../http/idempotency.js';
import { HttpProblem, upstreamProblem, type ProblemCode } from '../http/problem.js';
import type { OperationKind, OrderOperation } from '../store/after-payment-types.js';
import { requireOrder } from '../store/require-order.js';
import type { LedgerOrder } from '../store/types.js';
import type { UpstreamClient } from '../upstream/client.js';
import { refusesUsedReference, UpstreamError, UpstreamValidationError } from '../upstream/errors.js';
import { isRecordOf } from '../upstream/refund-match.js';
import { refundableMinor, uncapturedMinor } from '../orders/amounts.js';
import { finishOperation, journalOperation, sendCaptureOrVoid, type CaptureVoidDeps } from './capture-void.js';
import { pollBy, settleRefunds, type SettlementDeps } from './refund-settlement.js';
import { refundView } from '../orders/views.js';

export interface OperationsDeps extends SettlementDeps {
  upstream: UpstreamClient;
  logger: Logger;
  idempotency: IdempotencyDeps;
  captureVoid: CaptureVoidDeps;
}

export interface OperationRequest {
  /** Major units; required for refunds, "all that is left" when absent for capture and void. */
  amount?: number;
  description?: string;
}

const PREFIX: Record<OperationKind, string> = { refund: 'rf', capture: 'cp', void: 'vd' };
const NOT_POSSIBLE: Record<OperationKind, ProblemCode> = {
  refund: 'order_not_refundable',
  capture: 'order_not_capturable',
  void: 'order_not_voidable',
};

/** The upstream reference for this key: the same key always sends the same reference. */
const operationReference = (kind: OperationKind, key: string) =>
  `${PREFIX[kind]}_${createHash('sha256').update(`${kind}\u0000${key}`).digest('base64url').slice(0, 24)}`;

// The API reference marks refundDescription required: a refund without the merchant's own words says this (local choice).
const DEFAULT_REFUND_DESCRIPTION = 'Refund requested by the merchant';

const money = (minor: number, currency: string) =>
  `${toMajor(minor, currency).toFixed(currencyExponent(currency))} ${currency}`;

const reused = () =>
  new HttpProblem('idempotency_key_reused', 'This Idempotency-Key was used with a different request.');

function problemAnswer(problem: HttpProblem): StoredAnswer {
  return { status: problem.status, body: problem.body() };
}

const refusedUpstream = (kind: OperationKind) =>
  new HttpProblem('operation_refused', `The payment service refused the ${kind}.`, { retryable: false });

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
    throw new HttpProblem('validation_failed', 'The request body is not valid.', {
      errors: [{ path: 'amount', message: payableDecimalsMessage(order.currency) }],
    });
  }
  if (!takesOperations(order)) {
    throw new HttpProblem(
      NOT_POSSIBLE[kind],
      `Only a paid order can take a ${kind}; this one is ${order.status === 'unknown' ? 'pending' : order.status}.`,
    );
  }
  if (kind === 'refund') {
    if (order.capturedMinor === 0) {
      throw new HttpProblem(
        'order_not_refundable',
        'Nothing of this order is captured yet: capture or void it instead.',
      );
    }
    const left = refundableMinor(order, operations);
    if (requested! > left) {
      throw new HttpProblem(
        'refund_exceeds_refundable',
        `At most ${money(left, order.currency)} of this order can still be refunded.`,
      );
    }
    return requested!;
  }
  const left = uncapturedMinor(order, operations);
  if (left === 0) throw new HttpProblem(NOT_POSSIBLE[kind], `Nothing of this order is left to ${kind}.`);
  if (requested !== undefined && requested > left) {
    throw new HttpProblem(
      'amount_exceeds_remaining',
      `At most ${money(left, order.currency)} of this order is left to ${kind}.`,
    );
  }
  return requested ?? left;
}

export function createOperations(deps: OperationsDeps) {
  const { store, upstream, logger } = deps;

  /** Step 1: the guard, under the order's lock. `send` is false when this key's operation already has its answer. */
  function reserve(kind: OperationKind, orderReference: string, request: OperationRequest, reference: string) {
    return store.transaction(async (tx) => {
      const order = await tx.getOrder(orderReference, { forUpdate: true });
      if (!order) throw new HttpProblem('order_not_found', 'There is no order with this reference.');
      const existing = await tx.getOperation(reference);
      if (existing) {
        const sameAmount =
          request.amount === undefined || toMinor(request.amount, order.currency) === existing.amountMinor;
        if (existing.orderReference !== orderReference || existing.kind !== kind || !sameAmount) throw reused();
        return { operation: existing, send: existing.status === 'requested', retry: true };
      }
      const amountMinor = amountToSpend(kind, order, await tx.listOperations(orderReference), request.amount);
      const operation = await tx.insertOperation({
        reference,
        orderReference,
        kind,
        amountMinor,
        currency: order.currency,
        status: 'requested',
        description: request.description ?? null,
        createdAt: deps.now(),
      });
      await journalOperation(tx, order, operation, 'requested', deps.now());
      // Should this instance stop before the answer is recorded, the reconciler still looks at the order by then.
      const lookAfterMs = kind === 'refund' ? deps.firstCheckDelayMs : deps.captureVoid.resendAfterMs;
      await pollBy(tx, order, new Date(deps.now().getTime() + lookAfterMs));
      return { operation, send: true, retry: false };
    });
  }

  function answerFor(operation: OrderOperation): StoredAnswer {
    if (operation.kind === 'refund') return { status: 201, body: refundView(operation) };
    if (operation.status !== 'succeeded') return problemAnswer(refusedUpstream(operation.kind));
    const view: CaptureOrVoidView = {
      orderReference: operation.orderReference,
      amount: toMajor(operation.amountMinor, operation.currency),
      currency: operation.currency,
      reference: operation.reference,
    };
    return { status: 201, body: view };
  }

  async function refund(operation: OrderOperation, description: string, retry: boolean): Promise<StoredAnswer> {
    const settledAnswer = (settled: OrderOperation[]) =>
      answerFor(settled.find((candidate) => candidate.reference === operation.reference)!);
    try {
      if (retry) {
        // A retried key whose first request may have reached the upstream: ask before sending it again.
        const records = await upstream.listRefunds(operation.orderReference);
        if (records.some((record) => isRecordOf(record, operation.reference, operation.upstreamReference))) {
          return settledAnswer(
            await settleRefunds(deps, operation.orderReference, { kind: 'list', records }, 'merchant'),
          );
        }
      }
      const record = await upstream.refund(operation.orderReference, {
        refundReference: operation.reference,
        refundAmount: { amount: toMajor(operation.amountMinor, operation.currency), currency: operation.currency },
        refundDescription: description || DEFAULT_REFUND_DESCRIPTION,
      });
      return settledAnswer(
        await settleRefunds(
          deps,
          operation.orderReference,
          { kind: 'answer', reference: operation.reference, record },
          'merchant',
        ),
      );
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      // A refusal of its reference as used means the upstream has this refund (an earlier send; its list lags).
      if (!error.retryable && !refusesUsedReference(error, 'refundReference')) {
        logger.warn(
          {
            orderReference: operation.orderReference,
            refund: operation.reference,
            code: error.code,
            status: error.status,
          },
          'upstream refused a refund',
        );
        await finishOperation(deps, operation, 'failed', null);
        return problemAnswer(
          error instanceof UpstreamValidationError ? refusedUpstream('refund') : upstreamProblem(error),
        );
      }
      // The answer was lost, or the reference is taken, and the refund list could not tell: it stays pending until the list does.
      logger.warn(
        { orderReference: operation.orderReference, refund: operation.reference, code: error.code },
        'refund outcome unknown; left pending',
      );
      await store.transaction(async (tx) => {
        const order = await requireOrder(tx, operation.orderReference, { forUpdate: true });
        await pollBy(tx, order, new Date(deps.now().getTime() + deps.firstCheckDelayMs));
      });
      // Said as it is (upstreamOutcome: unknown), and not kept for the key: its retry asks the upstream again.
      return { ...answerFor(operation), provisional: true };
    }
  }

  async function captureOrVoid(operation: OrderOperation, retry: boolean): Promise<StoredAnswer> {
    const result = await sendCaptureOrVoid(deps.captureVoid, operation, retry);
    if (result.kind === 'unknown') {
      // The key is released: retrying it sends the same reference; the reconciler does too, later.
      if (result.cause.retryable) throw upstreamProblem(result.cause);
      throw new HttpProblem(
        'outcome_unknown',
        `The payment service has not confirmed this ${operation.kind} yet. Its amount stays reserved; try the same Idempotency-Key again later.`,
        {
          retryable: true,
          cause: result.cause,
        },
      );
    }
    const { refusal } = result;
    if (refusal && !(refusal instanceof UpstreamValidationError)) return problemAnswer(upstreamProblem(refusal));
    return answerFor(result.operation);
  }

  return {
    /** Runs a refund, capture or void once per Idempotency-Key; answers the HTTP status and body to send. */
    run(kind: OperationKind, orderReference: string, request: OperationRequest, key: string) {
      const requestHash = createHash('sha256')
        .update(JSON.stringify([kind, orderReference, request.amount ?? null, request.description ?? null]))
        .digest('hex');
      return once(deps.idempotency, 'merchant-write', key, requestHash, async () => {
        const { operation, send, retry } = await reserve(kind, orderReference, request, operationReference(kind, key));
        if (!send) return answerFor(operation);
        return kind === 'refund'
          ? refund(operation, request.description ?? '', retry)
          : captureOrVoid(operation, retry);
      });
    },
  };
}

export type Operations = ReturnType<typeof createOperations>;
