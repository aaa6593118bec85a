// Sending a recorded attempt upstream and recording what came back: its redirect, its status through the same
// observation as every other upstream answer, or why it failed. A refusal is final only for a first send; after a
// lost answer it tells nothing, and the upstream's own record decides.
import type { OrderStatusRecord, OrderRequest } from '../../upstream/contract.js';
import { DomainError, upstreamFieldErrors, upstreamRefusal } from '../../domain/errors.js';
import type { CreateAnswer } from '../../ledger/ledger.js';
import type { KeyAnswer, StoredOrder, OrderPatch } from '../../store/types.js';
import type { CreateOrderOutcome } from '../../upstream/client.js';
import { UpstreamError, UpstreamOutcomeUnknownError, UpstreamValidationError } from '../../upstream/errors.js';
import type { PlacementContext } from './context.js';
import { isSafeRedirect } from './order-request.js';
import { inProgress } from './decide.js';
import type { PlacementKey } from './placement-key.js';

export interface PlacedOrder {
  orderReference: string;
  redirectUrl: string;
  /** True when this answer repeats an earlier one (double submit or Idempotency-Key replay). */
  replayed: boolean;
}

/** The widget-body fields the shopper controls; an upstream message about anything else is not theirs to fix. */
const SHOPPER_FIELDS = new Set(['bnplProvider', 'customer', 'billingAddress', 'shippingAddress', 'shippingMethod']);

/**
 * Records what the create call learnt: its own columns (createState, redirectUrl) and any status through the same
 * observation as every other upstream answer.
 */
export async function record(
  ctx: PlacementContext,
  order: StoredOrder,
  step: {
    also: OrderPatch;
    /** null: a read found no such order (of one the upstream has shown, that contradicts its word). */
    upstream?: OrderStatusRecord | CreateAnswer | null;
    decided?: 'failed';
    refusalOfFirstSend?: boolean;
    /** The placement's Idempotency-Key, answered by the same statement where it can be (PlacementKey.kept says). */
    answer?: KeyAnswer;
  },
  reason: string,
  detail: Record<string, unknown> = {},
): Promise<{ order: StoredOrder; answered: boolean }> {
  // An attempt the upstream may hold is due for its first status check (the reconciler's schedule).
  const pollSoon =
    step.also.createState !== 'rejected' ? { nextPollAt: new Date(ctx.now().getTime() + ctx.pollInitialMs) } : {};
  const { order: updated, answered = false } = await ctx.ledger.observe(
    order.orderReference,
    {
      source: 'create',
      ...(step.upstream !== undefined ? { upstream: step.upstream } : {}),
      ...(step.decided ? { decided: step.decided } : {}),
      ...(step.refusalOfFirstSend ? { refusalOfFirstSend: true } : {}),
      also: { ...step.also, ...pollSoon },
      payload: { reason, attempt: order.attempt, provider: order.provider, ...detail },
    },
    order,
    step.answer,
  );
  return { order: updated, answered };
}

function refusedByUpstream(ctx: PlacementContext, error: UpstreamValidationError): DomainError {
  const errors = upstreamFieldErrors(error.messages);
  const shopper = errors.filter((entry) => SHOPPER_FIELDS.has(entry.path.split('.')[0]!));
  ctx.logger.warn({ upstreamMessages: errors.map((entry) => entry.path || '(unnamed)') }, 'upstream refused the order');
  if (shopper.length > 0)
    return new DomainError('validation_failed', 'The payment service refused some of the details.', {
      errors: shopper,
    });
  return new DomainError('upstream_rejected', 'The payment service refused the order.', {
    retryable: false,
    cause: error,
  });
}

/**
 * Sends the recorded attempt upstream and records what came back. `firstSend`: nothing was sent for this reference
 * before; a refusal of a later send tells nothing about an earlier one (the outcome stays unknown, and the
 * reconciler's read settles it). `key`: the placement's Idempotency-Key, answered with the redirect's record.
 */
export async function send(
  ctx: PlacementContext,
  order: StoredOrder,
  request: OrderRequest,
  deadline: number,
  { firstSend = true, key }: { firstSend?: boolean; key?: PlacementKey } = {},
): Promise<PlacedOrder> {
  const { upstream } = ctx;
  let outcome: CreateOrderOutcome;
  try {
    outcome = await upstream.createOrder(request, deadline);
  } catch (caught) {
    const error =
      caught instanceof UpstreamValidationError && !firstSend
        ? new UpstreamOutcomeUnknownError('create-order: a resend was refused', {
            operation: caught.operation,
            status: caught.status,
            cause: caught,
          })
        : caught;
    if (error instanceof UpstreamError && !error.retryable) {
      // Whatever the refusal says, the upstream's record decides: a reference it holds (a ledger restored from an
      // old backup reuses one) is its order, never failed; the shopper's retry finds it and moves on. A record that
      // cannot be read decides nothing: the outcome stays unknown, for a read to settle.
      let held: OrderStatusRecord | null;
      try {
        held = await upstream.getOrder(order.orderReference, deadline);
      } catch (lookup) {
        await record(ctx, order, { also: { createState: 'unknown' } }, 'refused_and_unread', { status: error.status });
        throw upstreamRefusal(
          new UpstreamOutcomeUnknownError('create-order: refused, and its record could not be read', {
            operation: error.operation,
            cause: lookup,
          }),
        );
      }
      if (held) {
        await record(ctx, order, { also: { createState: 'unknown' }, upstream: held }, 'reference_exists_upstream', {
          status: error.status,
        });
        throw inProgress();
      }
      // The read found no such order: if the upstream showed it meanwhile, that read decides, not the refusal.
      const refused = {
        also: { createState: 'rejected' as const },
        upstream: null,
        decided: 'failed' as const,
        refusalOfFirstSend: true,
      };
      const detail =
        error instanceof UpstreamValidationError ? { messages: error.messages.length } : { status: error.status };
      const recorded = await record(
        ctx,
        order,
        refused,
        error instanceof UpstreamValidationError ? 'upstream_refused' : error.code,
        detail,
      );
      // Another request sent it again meanwhile: this refusal tells nothing about that send.
      if (recorded.order.status !== 'failed')
        throw upstreamRefusal(
          new UpstreamOutcomeUnknownError('create-order: refused after a resend', {
            operation: error.operation,
            cause: error,
          }),
        );
      throw error instanceof UpstreamValidationError ? refusedByUpstream(ctx, error) : upstreamRefusal(error);
    }
    await record(
      ctx,
      order,
      { also: { createState: 'unknown' } },
      error instanceof UpstreamError ? error.code : 'error',
    );
    throw error;
  }
  if (outcome.kind === 'exists') {
    await record(
      ctx,
      order,
      { also: { createState: 'unknown' }, upstream: outcome.status },
      'answer_lost_order_exists',
      {
        cause: outcome.cause.code,
      },
    );
    throw upstreamRefusal(outcome.cause);
  }
  const { redirectUrl, paymentStatus, transactionReference } = outcome.record;
  if (!isSafeRedirect(redirectUrl, ctx.allowLoopbackRedirect)) {
    // The upstream made it: its page reaches nobody (orphaned), and it is read until final, never shown failed.
    await record(
      ctx,
      order,
      {
        also: { createState: 'orphaned' },
        upstream: { kind: 'create-answer', status: paymentStatus, transactionReference },
      },
      'unsafe_redirect',
    );
    throw new DomainError(
      'upstream_invalid_redirect',
      'The payment service returned a payment page we cannot send you to.',
      { retryable: false },
    );
  }
  const placed = { orderReference: order.orderReference, redirectUrl };
  const { answered } = await record(
    ctx,
    order,
    {
      also: { createState: 'created', redirectUrl },
      upstream: { kind: 'create-answer', status: paymentStatus, transactionReference },
      ...(key ? { answer: key.answerWith(placed) } : {}),
    },
    'created',
  );
  key?.kept(answered);
  return { ...placed, replayed: false };
}
