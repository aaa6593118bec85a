// What happens after the shopper's choice on the provider's page (or the same choice made by a test): the order's
// final status, the ORDER_ASYNC_CALLBACK, and the signed return to dynamicRedirectUrl. Also the system's own
// cancellation when cancellationTimeout passes first.
import { createHmac } from 'node:crypto';
import * as z from 'zod/mini';
import { authorisedMinor, captureStatusOf } from './authorisation.js';
import { notifyAccount, type SandboxContext } from './context.js';
import { HttpError } from './http.js';
import { orderCallbackData } from './order-view.js';
import type { SandboxOrder } from './order.js';
import type { Decision, DecisionOutcome, DecisionResult, OrderStatus } from './types.js';

export const decisionSchema = z.object({
  outcome: z.enum(['approve', 'decline', 'cancel', 'error'], {
    error: 'must be one of: approve, decline, cancel, error',
  }),
  mode: z.optional(z.enum(['instant', 'pending'], { error: 'must be one of: instant, pending' })),
});

const FINAL_STATUS: Record<DecisionOutcome, OrderStatus> = {
  approve: 'SUCCESSFUL',
  decline: 'DECLINED',
  cancel: 'CANCELLED',
  error: 'ERROR',
};

/** Lower-case hex HMAC-SHA512 of `status|reference`, keyed by the merchant's payment secret. */
export function redirectHash(paymentSecret: string, status: string, reference: string): string {
  return createHmac('sha512', paymentSecret).update(`${status}|${reference}`).digest('hex');
}

/** Where a shopper goes back to. Local choice: with no dynamicRedirectUrl, the sandbox's own result page. */
function returnUrl(ctx: SandboxContext, order: SandboxOrder, status: OrderStatus): string {
  const target = new URL(order.dynamicRedirectUrl ?? `${ctx.baseUrl()}/pay/${order.orderToken}/result`);
  target.searchParams.set('reference', order.reference);
  target.searchParams.set('status', status);
  target.searchParams.set('providerReference', order.bnplOrderId);
  target.searchParams.set('hash', redirectHash(ctx.paymentSecret, status, order.reference));
  return target.href;
}

export function decide(ctx: SandboxContext, order: SandboxOrder, decision: Decision): DecisionResult {
  if (order.decision || order.status !== 'PENDING') {
    const state = order.status === 'PENDING' ? 'waiting for its pending result' : order.status;
    throw new HttpError(409, `Order ${order.reference} was already decided (${state})`);
  }
  const mode = decision.mode ?? 'instant';
  order.decision = { outcome: decision.outcome, mode };
  order.updatedAt = ctx.now();
  const status = FINAL_STATUS[decision.outcome];
  if (mode === 'instant') {
    finalise(ctx, order, status);
    return { redirectTo: returnUrl(ctx, order, status) };
  }
  // Pending, as the docs' simulator: the redirect says PENDING and the final status follows by callback.
  // Local choice: one callback, when the order settles (none for the PENDING itself).
  ctx.scheduler.run(async () => {
    await ctx.scheduler.sleep(ctx.pendingSettleMs);
    if (order.status === 'PENDING') finalise(ctx, order, status);
  });
  return { redirectTo: returnUrl(ctx, order, 'PENDING') };
}

/**
 * When the system cancels after `minutes`: the docs say only that it cancels at its own time (§10). Local choices:
 * the unit is minutes, and a lag drawn uniformly from [0, cancellationLagMs] follows the timeout.
 */
export function cancellationDelayMs(
  ctx: Pick<SandboxContext, 'cancellationUnitMs' | 'cancellationLagMs' | 'random'>,
  minutes: number,
): number {
  return minutes * ctx.cancellationUnitMs + ctx.random.cancellation() * ctx.cancellationLagMs;
}

/** The system cancels an order nobody paid within cancellationTimeout. */
export function scheduleCancellation(ctx: SandboxContext, order: SandboxOrder, minutes: number): void {
  ctx.scheduler.later(cancellationDelayMs(ctx, minutes), () => {
    if (order.status === 'PENDING') finalise(ctx, order, 'CANCELLED', 'system');
  });
}

function finalise(
  ctx: SandboxContext,
  order: SandboxOrder,
  status: OrderStatus,
  cancelledBy: 'user' | 'system' = 'user',
): void {
  order.status = status;
  order.updatedAt = ctx.now();
  if (status === 'SUCCESSFUL') {
    // Local choice: autoCapture defaults to true; all of it (surcharge included) captured at once, else AUTHORIZED
    // until captures and voids close it.
    order.capturedMinor = order.autoCapture ? authorisedMinor(order) : 0;
    order.captureStatus = captureStatusOf(order);
  } else if (status === 'CANCELLED') {
    order.cancelledBy = cancelledBy;
  } else if (status === 'DECLINED') {
    order.rejectReason = 'Declined by the provider (sandbox decision)';
  } else if (status === 'ERROR') {
    order.failureReason = 'The provider reported an error (sandbox decision)';
  }
  order.history.push({ status, at: order.updatedAt });
  ctx.store.changed();
  if (order.dynamicCallbackUrl) {
    ctx.callbacks.send(order.dynamicCallbackUrl, { event: 'ORDER_ASYNC_CALLBACK', data: orderCallbackData(order) });
  }
  notifyAccount(ctx, { event: 'ORDER_STATUS_UPDATE', data: orderCallbackData(order) });
}
