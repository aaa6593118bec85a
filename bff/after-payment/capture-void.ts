// Sending a capture or a void, and settling one whose answer was lost. The upstream keeps capture and void
// references unique, so the same request can be sent again safely: it either goes through now (the first never
// arrived) or is refused. A refused resend counts as done only when the order as the upstream now shows it (its
// captureStatus) says so, or when the refusal is for the reference being used already; it counts as not done when
// the order shows it undone. Otherwise the amount stays reserved: the merchant's retry of the same
// Idempotency-Key and the reconciler both come through here again, until the order tells.
import type { Logger } from 'pino';
import { toMajor } from '../../shared/money.js';
import { normalisePaymentStatus } from '../../shared/status.js';
import type { OrderStatusRecord } from '../../shared/upstream.js';
import type { OrderOperation } from '../store/after-payment-types.js';
import { requireOrder } from '../store/require-order.js';
import type { LedgerOrder, Store, StoreTx } from '../store/types.js';
import type { UpstreamClient } from '../upstream/client.js';
import { refusesUsedReference, UpstreamError } from '../upstream/errors.js';
import { isOpenOperation } from '../orders/amounts.js';
import { pollBy } from './refund-settlement.js';

export interface CaptureVoidDeps {
  store: Store;
  upstream: UpstreamClient;
  logger: Logger;
  now: () => Date;
  /** An unanswered capture or void older than this is no longer in flight anywhere: the reconciler sends it again. */
  resendAfterMs: number;
}

export type SendResult =
  /** The operation as it now stands (succeeded or failed); `refusal` when the upstream refused a first send. */
  | { kind: 'settled'; operation: OrderOperation; refusal?: UpstreamError }
  /** Still `requested`: the answer was lost again, or the order does not tell. The reconciler tries again. */
  | { kind: 'unknown'; cause: UpstreamError };

/** Records an operation's result once: a second result for the same operation changes nothing. */
export function finishOperation(
  deps: Pick<CaptureVoidDeps, 'store' | 'now'>,
  operation: OrderOperation,
  status: 'succeeded' | 'failed',
  upstreamStatus: string | null,
): Promise<OrderOperation> {
  return deps.store.transaction(async (tx) => {
    const order = await requireOrder(tx, operation.orderReference, { forUpdate: true });
    const current = (await tx.getOperation(operation.reference))!;
    if (current.status !== 'requested') return current;
    const updated = await tx.updateOperation(operation.reference, {
      status,
      ...(upstreamStatus ? { upstreamStatus } : {}),
    });
    let after = order;
    if (status === 'succeeded' && operation.kind === 'capture') {
      after = await tx.updateOrder(order.orderReference, {
        capturedMinor: order.capturedMinor + operation.amountMinor,
      });
    } else if (status === 'succeeded' && operation.kind === 'void') {
      after = await tx.updateOrder(order.orderReference, { voidedMinor: order.voidedMinor + operation.amountMinor });
    }
    await journalOperation(tx, after, updated, status, deps.now());
    return updated;
  });
}

/** The order journal's line for a step of a refund, capture or void. */
export async function journalOperation(
  tx: StoreTx,
  order: LedgerOrder,
  operation: OrderOperation,
  result: string,
  at: Date,
) {
  await tx.appendEvent({
    orderReference: order.orderReference,
    source: 'merchant',
    status: order.status,
    upstreamStatus: order.upstreamStatus,
    payload: { operation: operation.kind, reference: operation.reference, amountMinor: operation.amountMinor, result },
    at,
  });
}

// Local choice: the docs name only AUTHORIZED; the sandbox (and this rule) says CAPTURED when all of the paid
// amount is captured, VOIDED when all of it is voided, PARTIALLY_CAPTURED when some is captured.
function captureStatusFor(paid: number, captured: number, voided: number): string {
  if (captured === 0) return paid - voided > 0 ? 'AUTHORIZED' : 'VOIDED';
  return captured >= paid ? 'CAPTURED' : 'PARTIALLY_CAPTURED';
}

/**
 * Whether the upstream's order shows this capture or void done ('succeeded'), not done ('failed'), or cannot
 * tell (null). Another unanswered capture or void on the order makes it unreadable.
 */
export function outcomeShownBy(
  order: LedgerOrder,
  operations: readonly OrderOperation[],
  operation: OrderOperation,
  upstream: OrderStatusRecord,
): 'succeeded' | 'failed' | 'unreadable' {
  if (normalisePaymentStatus(upstream.status).status !== 'paid') return 'unreadable';
  const others = operations.filter(
    (other) => other.reference !== operation.reference && other.kind !== 'refund' && isOpenOperation(other),
  );
  if (others.length > 0) return 'unreadable';
  const { paidMinor: paid, capturedMinor: captured, voidedMinor: voided } = order;
  const before = captureStatusFor(paid, captured, voided);
  const after =
    operation.kind === 'capture'
      ? captureStatusFor(paid, captured + operation.amountMinor, voided)
      : captureStatusFor(paid, captured, voided + operation.amountMinor);
  const shown = upstream.captureStatus?.trim().toUpperCase();
  if (before === after) return 'unreadable';
  if (shown === after) return 'succeeded';
  if (shown === before) return 'failed';
  return 'unreadable';
}

/** The outcome of a resend the upstream refused, from the refusal or the order as it now shows; null while neither tells. */
async function outcomeOfRefusedResend(
  deps: CaptureVoidDeps,
  operation: OrderOperation,
  refusal: UpstreamError,
): Promise<'succeeded' | 'failed' | null> {
  // A partial capture of a partly captured order looks the same before and after: only this refusal tells.
  if (refusesUsedReference(refusal, `${operation.kind}Reference`)) return 'succeeded';
  let upstreamOrder: OrderStatusRecord | null;
  try {
    upstreamOrder = await deps.upstream.getOrder(operation.orderReference);
  } catch (error) {
    if (error instanceof UpstreamError) return null;
    throw error;
  }
  if (!upstreamOrder || normalisePaymentStatus(upstreamOrder.status).status !== 'paid') return null;
  const order = await requireOrder(deps.store, operation.orderReference);
  const shown = outcomeShownBy(
    order,
    await deps.store.listOperations(operation.orderReference),
    operation,
    upstreamOrder,
  );
  // Unreadable (no or an unexpected captureStatus, another capture or void open): the amount stays reserved.
  return shown === 'unreadable' ? null : shown;
}

/** Makes the reconciler look at the order once the operation can no longer be in flight. */
async function resendLater(deps: CaptureVoidDeps, operation: OrderOperation) {
  await deps.store.transaction(async (tx) => {
    const order = await requireOrder(tx, operation.orderReference, { forUpdate: true });
    await pollBy(tx, order, new Date(deps.now().getTime() + deps.resendAfterMs));
  });
}

/** Sends a capture or void; `resend`: it may have reached the upstream before (a retried key, the reconciler). */
export async function sendCaptureOrVoid(
  deps: CaptureVoidDeps,
  operation: OrderOperation,
  resend: boolean,
): Promise<SendResult> {
  const { upstream, logger } = deps;
  const amount = toMajor(operation.amountMinor, operation.currency);
  const extra = operation.description ? { description: operation.description } : {};
  const context = { orderReference: operation.orderReference, reference: operation.reference };
  try {
    if (operation.kind === 'capture')
      await upstream.capture(operation.orderReference, { captureReference: operation.reference, amount, ...extra });
    else await upstream.void(operation.orderReference, { voidReference: operation.reference, amount, ...extra });
    const done = await finishOperation(
      deps,
      operation,
      'succeeded',
      operation.kind === 'capture' ? 'CAPTURED' : 'VOIDED',
    );
    return { kind: 'settled', operation: done };
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    if (error.retryable) {
      logger.warn({ ...context, code: error.code }, `${operation.kind} outcome unknown; amount stays reserved`);
      await resendLater(deps, operation);
      return { kind: 'unknown', cause: error };
    }
    if (!resend) {
      logger.warn({ ...context, code: error.code, status: error.status }, `upstream refused a ${operation.kind}`);
      return { kind: 'settled', operation: await finishOperation(deps, operation, 'failed', null), refusal: error };
    }
    const outcome = await outcomeOfRefusedResend(deps, operation, error);
    if (!outcome) {
      logger.warn(
        { ...context, code: error.code },
        `${operation.kind} resend refused and the order does not tell; amount stays reserved`,
      );
      await resendLater(deps, operation);
      return { kind: 'unknown', cause: error };
    }
    logger.info({ ...context, outcome }, `${operation.kind} resend refused; outcome read from the order`);
    return { kind: 'settled', operation: await finishOperation(deps, operation, outcome, null) };
  }
}

/** The reconciler's part: sends again every capture and void of the order left unanswered long enough. */
export async function resendStaleCapturesAndVoids(deps: CaptureVoidDeps, orderReference: string): Promise<void> {
  const staleBefore = deps.now().getTime() - deps.resendAfterMs;
  const stale = (await deps.store.listOperations(orderReference)).filter(
    (operation) =>
      operation.kind !== 'refund' && operation.status === 'requested' && operation.createdAt.getTime() <= staleBefore,
  );
  for (const operation of stale) await sendCaptureOrVoid(deps, operation, true);
}
