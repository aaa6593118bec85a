// Sending a refund, capture or void upstream, and reading back what became of one whose answer was lost. The
// upstream keeps each reference unique, so sending the same one again is safe: it happens now (the first never
// arrived) or is refused. A refusal is final only for a first send; after a lost answer it tells nothing (the first
// may be the one refused as a duplicate, or still on its way), and only the records, read back, settle it.
import type { Logger } from 'pino';
import { toMajor } from '../../shared/money.js';
import { normaliseRefundStatus } from '../../shared/status.js';
import type { OrderStatusRecord } from '../../shared/upstream.js';
import { isOpenOperation } from '../orders/amounts.js';
import type { OrderOperation } from '../store/after-payment-types.js';
import type { EventSource } from '../store/types.js';
import type { UpstreamClient } from '../upstream/client.js';
import { UpstreamError, UpstreamValidationError } from '../upstream/errors.js';
import {
  type OperationResult,
  type SettlementDeps,
  settleFromRecords,
  settleOperation,
  settleVoids,
} from './settle-operations.js';

export interface SendDeps extends SettlementDeps {
  upstream: UpstreamClient;
  logger: Logger;
}

export type SendOutcome =
  /** Settled, or acknowledged (pending): `refusal` when the upstream refused a first send. */
  | { kind: 'settled'; operation: OrderOperation; refusal?: UpstreamError }
  /** Still unknown: its amount stays spent; the reconciler reads the records until they tell. */
  | { kind: 'unknown'; operation: OrderOperation; cause?: UpstreamError };

// The API reference marks refundDescription required: a refund without the merchant's own words says this (local choice).
const DEFAULT_REFUND_DESCRIPTION = 'Refund requested by the merchant';
// Reading back and sending again are worth it only with at least this much of the request's budget left.
const MIN_BUDGET_MS = 250;

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
  return { status: 'succeeded', upstreamReference: record.voidReference, upstreamId: record.voidedId };
}

/**
 * Reads the order's records of this operation's kind and settles what they show (the whole kind at once): answers
 * the operation as it now stands, and whether the records showed it absent while it may still be on its way.
 */
export async function readBack(
  deps: SendDeps,
  operation: OrderOperation,
  source: EventSource,
  deadline?: number,
): Promise<{ operation: OrderOperation; absent: boolean }> {
  const { upstream } = deps;
  const reference = operation.orderReference;
  const settled =
    operation.kind === 'void'
      ? await settleVoids(deps, reference, await upstream.getOrder(reference, deadline), source)
      : await settleFromRecords(
          deps,
          reference,
          operation.kind,
          operation.kind === 'refund'
            ? await upstream.readRefunds(reference, deadline)
            : await upstream.readCaptures(reference, deadline),
          source,
        );
  return {
    operation: settled.operations.find((candidate) => candidate.reference === operation.reference) ?? operation,
    absent: settled.absent.has(operation.reference),
  };
}

const refusalReason = (error: UpstreamError) =>
  error instanceof UpstreamValidationError && error.messages.length > 0 ? error.messages.join('; ') : error.code;

/**
 * Sends the operation (`firstSend`: its insert counted this send, nothing was sent for it before) and settles it from
 * the answer, or after a lost answer from the records: absent from them and still early in its settle window, it is
 * sent once more. Every send after the first is counted first, and only while the operation is still open.
 */
export async function sendOperation(
  deps: SendDeps,
  operation: OrderOperation,
  options: { firstSend: boolean; deadline: number },
): Promise<SendOutcome> {
  const { logger, upstream, store } = deps;
  const context = { orderReference: operation.orderReference, reference: operation.reference, kind: operation.kind };
  const budgetLeft = () => options.deadline - upstream.now() >= MIN_BUDGET_MS;
  // The same reference may go again only while any send of it is sure to end before its window does.
  const resendable = () => deps.now().getTime() - operation.createdAt.getTime() < deps.settleWindowMs / 2;
  const current = async () => (await store.getOperation(operation.reference)) ?? operation;
  let firstSend = options.firstSend;
  for (let sends = 0; ; sends++) {
    if (!firstSend) {
      if (!resendable()) return { kind: 'unknown', operation: await current() };
      // Settled meanwhile (another request, the reconciler): it must not go again.
      if ((await store.countSend(operation.reference)) === null) return { kind: 'settled', operation: await current() };
    }
    let cause: UpstreamError;
    try {
      const result = await call(deps, operation, options.deadline);
      return { kind: 'settled', operation: await settleOperation(deps, operation, result) };
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      cause = error;
    }
    if (!cause.retryable && firstSend) {
      logger.warn({ ...context, code: cause.code, status: cause.status }, 'the upstream refused an operation');
      const refused = await settleOperation(
        deps,
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
    return { kind: 'unknown', operation: read?.operation ?? operation, cause };
  }
}

/**
 * Reads back and settles everything of the order still open (or disputed): refunds and captures from their records,
 * voids from the order (`upstreamOrder` when the caller has just read it). Nothing is sent.
 */
export async function settleOpen(
  deps: SendDeps,
  orderReference: string,
  source: EventSource,
  upstreamOrder?: OrderStatusRecord | null,
): Promise<void> {
  const { store, upstream } = deps;
  const order = await store.getOrder(orderReference);
  if (!order) return;
  const operations = await store.listOperations(orderReference);
  const watched = (kind: OrderOperation['kind']) =>
    operations.some((operation) => operation.kind === kind && isOpenOperation(operation)) ||
    (order.discrepancy ?? []).some((entry) => entry.kind === (kind === 'refund' ? 'refunds' : 'captures'));
  if (watched('refund')) {
    await settleFromRecords(deps, orderReference, 'refund', await upstream.readRefunds(orderReference), source);
  }
  if (watched('capture')) {
    await settleFromRecords(deps, orderReference, 'capture', await upstream.readCaptures(orderReference), source);
  }
  if (operations.some((operation) => operation.kind === 'void' && isOpenOperation(operation))) {
    const read = upstreamOrder === undefined ? await upstream.getOrder(orderReference) : upstreamOrder;
    await settleVoids(deps, orderReference, read, source);
  }
}
