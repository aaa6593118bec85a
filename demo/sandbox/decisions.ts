// What happens after the shopper's choice on the provider's page (or the same choice made by a test): the order's
// final status, the ORDER_ASYNC_CALLBACK, and the signed return to dynamicRedirectUrl. Also the system's own
// cancellation when cancellationTimeout passes first. An order may show ERROR before its final status: the docs name
// ERROR among the redirect's statuses and not among the final ones.
import { createHmac, randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { authorisedMinor, captureStatusOf } from './authorisation.js';
import { notifyAccount, type SandboxContext } from './context.js';
import { HttpError } from './http.js';
import { orderNotification } from './order-view.js';
import type { SandboxOrder } from './order.js';
import type { Scenario } from './scenarios.js';
import type { Decision, DecisionOutcome, DecisionResult, OrderStatus, ReturnHashForm } from './types.js';

export const DECISION_OUTCOMES: readonly DecisionOutcome[] = [
  'approve',
  'decline',
  'cancel',
  'error',
  'error-then-approve',
  'error-then-decline',
];

export const decisionSchema = z.object({
  outcome: z.enum(DECISION_OUTCOMES as [DecisionOutcome, ...DecisionOutcome[]], {
    error: `must be one of: ${DECISION_OUTCOMES.join(', ')}`,
  }),
  mode: z.optional(z.enum(['instant', 'pending'], { error: 'must be one of: instant, pending' })),
});

/** The status the decision shows first, and (for the error-then outcomes) the final one that follows. */
const STATUSES: Record<DecisionOutcome, [OrderStatus] | [OrderStatus, OrderStatus]> = {
  approve: ['SUCCESSFUL'],
  decline: ['DECLINED'],
  cancel: ['CANCELLED'],
  error: ['ERROR'],
  'error-then-approve': ['ERROR', 'SUCCESSFUL'],
  'error-then-decline': ['ERROR', 'DECLINED'],
};

/**
 * The return's hash of `status|reference`, keyed by the merchant's payment secret: lower-case hex HMAC-SHA512 (the
 * vendor plugin's form), or the docs' sample form, 43 characters of base64, under the reading `form` names.
 */
export function redirectHash(paymentSecret: string, status: string, reference: string, form: ReturnHashForm = 'hex') {
  const hmac = (algorithm: string) => createHmac(algorithm, paymentSecret).update(`${status}|${reference}`).digest();
  if (form === 'hex') return hmac('sha512').toString('hex');
  const digest =
    form === 'base64'
      ? hmac('sha256')
      : form === 'base64-sha512-256'
        ? hmac('sha512-256')
        : hmac('sha512').subarray(0, 32);
  return digest.toString('base64').replace(/=+$/, '');
}

/** Where a shopper goes back to. Local choice: with no dynamicRedirectUrl, the sandbox's own result page. */
function returnUrl(ctx: SandboxContext, order: SandboxOrder, status: OrderStatus): string {
  const target = new URL(order.dynamicRedirectUrl ?? `${ctx.baseUrl()}/pay/${order.orderToken}/result`);
  target.searchParams.set('reference', order.reference);
  target.searchParams.set('status', status);
  target.searchParams.set('providerReference', order.bnplOrderId);
  target.searchParams.set('hash', redirectHash(ctx.paymentSecret, status, order.reference, ctx.returnHash));
  return target.href;
}

/** How a decision plays out: when a pending or erroring order settles, and who cancels (the shopper by default). */
interface Settling {
  settleMs?: number;
  cancelledBy?: 'user' | 'system';
}

export function decide(
  ctx: SandboxContext,
  order: SandboxOrder,
  decision: Decision,
  { settleMs = ctx.pendingSettleMs, cancelledBy = 'user' }: Settling = {},
): DecisionResult {
  if (order.decision || order.status !== 'PENDING') {
    const state = order.status === 'PENDING' ? 'waiting for its pending result' : order.status;
    throw new HttpError(409, `Order ${order.reference} was already decided (${state})`);
  }
  const mode = decision.mode ?? 'instant';
  order.decision = { outcome: decision.outcome, mode };
  order.updatedAt = ctx.now();
  const [status, then] = STATUSES[decision.outcome];
  // ERROR is not final: the upstream keeps asking its provider, and the order ends after settleMs more.
  const recover = () => {
    if (!then) return;
    ctx.scheduler.run(async () => {
      await ctx.scheduler.sleep(settleMs);
      if (order.status === 'ERROR') finalise(ctx, order, then);
    });
  };
  if (mode === 'instant') {
    finalise(ctx, order, status, cancelledBy);
    recover();
    return { redirectTo: returnUrl(ctx, order, status) };
  }
  // Pending, as the docs' simulator: the redirect says PENDING and the final status follows by callback.
  // Local choice: one callback, when the order settles (none for the PENDING itself).
  ctx.scheduler.run(async () => {
    await ctx.scheduler.sleep(settleMs);
    if (order.status !== 'PENDING') return;
    finalise(ctx, order, status, cancelledBy);
    recover();
  });
  return { redirectTo: returnUrl(ctx, order, 'PENDING') };
}

/** What the order's test data chose (scenarios.ts), as if the shopper had picked it on the page. */
export function decideByScenario(ctx: SandboxContext, order: SandboxOrder, scenario: Scenario): DecisionResult {
  switch (scenario.name) {
    case 'pending':
      return decide(
        ctx,
        order,
        { outcome: 'approve', mode: 'pending' },
        scenario.settleMs === undefined ? {} : { settleMs: scenario.settleMs },
      );
    case 'late-cancel':
      // checkoutTimeout's way (§10): the shopper completed, no final status came, the system cancels.
      return decide(ctx, order, { outcome: 'cancel', mode: 'pending' }, { cancelledBy: 'system' });
    case 'lost-answer':
      return decide(ctx, order, { outcome: 'approve' });
    default:
      return decide(ctx, order, { outcome: scenario.name });
  }
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
    order.failureReason = null; // an order that showed ERROR first
  } else if (status === 'CANCELLED') {
    order.cancelledBy = cancelledBy;
  } else if (status === 'DECLINED') {
    order.rejectReason = 'Declined by the provider (sandbox decision)';
  } else if (status === 'ERROR') {
    order.failureReason = 'The provider reported an error (sandbox decision)';
  }
  order.history.push({ id: randomUUID(), status, at: order.updatedAt });
  ctx.store.changed();
  // The docs: a notification "for every status change or update".
  if (order.dynamicCallbackUrl) {
    ctx.notifications.send(
      order.dynamicCallbackUrl,
      order.reference,
      orderNotification(ctx, 'ORDER_ASYNC_CALLBACK', order),
    );
  }
  notifyAccount(ctx, order.reference, orderNotification(ctx, 'ORDER_STATUS_UPDATE', order));
}
