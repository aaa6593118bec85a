// POST and GET /orders/{reference}/refund: partial refunds of what was paid (captured), never above it; some
// providers answer PENDING and settle later with a REFUND_CALLBACK to the merchant account's webhook.
import { randomUUID } from 'node:crypto';
import { toMajor } from '../../shared/money.js';
import { codeAmount, minorAmount } from './amounts.js';
import { notifyAccount, type SandboxContext } from './context.js';
import { duplicateReference } from './duplicates.js';
import { HttpError, parseBody } from './http.js';
import { notification, requireOrder } from './order-view.js';
import { refundRequestSchema } from './schemas.js';
import type { SandboxOrder, SandboxRefund } from './order.js';
import type { RefundSettlement } from './types.js';

function refundRecord(order: SandboxOrder, refund: SandboxRefund) {
  return {
    refundReference: refund.upstreamReference,
    bnplProvider: order.provider.name,
    refundedAmount: toMajor(refund.amountMinor, order.currency),
    refundStatus: refund.status,
    // Empty, as in the docs' example.
    description: {},
    refundDate: new Date(refund.createdAt).toUTCString(),
    bnplRefundId: refund.bnplRefundId,
  };
}

/**
 * Never above what was captured (surcharge included); pending refunds count (the money is on its way back), and so
 * do those in ERROR (not final: they may still go through); a declined one gave nothing back.
 */
function refundableMinor(order: SandboxOrder): number {
  return (
    order.capturedMinor -
    order.refunds.reduce((sum, refund) => sum + (refund.status === 'DECLINED' ? 0 : refund.amountMinor), 0)
  );
}

export function createRefund(ctx: SandboxContext, reference: string, body: unknown, settlement?: RefundSettlement) {
  const order = requireOrder(ctx, reference);
  const { refundReference, refundAmount, refundDescription } = parseBody(refundRequestSchema, body);
  // The docs ask for a new refundReference every time.
  if (ctx.store.referenceUsed('refund', refundReference))
    throw duplicateReference(ctx.random.duplicates, 'refundReference');
  // The docs describe refunds of SUCCESSFUL orders with a paid amount. Local choice: a refund needs both, status
  // SUCCESSFUL and something captured (an authorised-only order is pointed to void), refused with these texts.
  if (order.status !== 'SUCCESSFUL') {
    throw new HttpError(400, `Order ${order.reference} cannot be refunded: its status is ${order.status}`);
  }
  if (refundAmount.currency !== undefined && refundAmount.currency !== order.currency) {
    throw new HttpError(400, [`refundAmount.currency must be ${order.currency}, the order's currency`]);
  }
  const minor = minorAmount(ctx, refundAmount.amount, order.currency, 'refundAmount.amount');
  if (order.capturedMinor === 0) {
    throw new HttpError(400, `Order ${order.reference} has nothing captured to refund; void the authorisation instead`);
  }
  const left = refundableMinor(order);
  if (minor > left) throw new HttpError(400, `Over refund limit: ${codeAmount(left, order.currency)} left to refund`);
  ctx.store.useReference('refund', refundReference);
  const pending = (settlement ?? ctx.refundSettlement ?? order.provider.refundSettlement) === 'pending';
  const refund: SandboxRefund = {
    refundReference,
    // The docs' example answers "TgEHcPtpN2HSrTMK-0-00" to a request for "TgEHcPtpN2HSrTMK-0".
    upstreamReference: ctx.strictDocs ? `${refundReference}-00` : refundReference,
    bnplRefundId: randomUUID(),
    amountMinor: minor,
    description: refundDescription,
    status: pending ? 'PENDING' : 'SUCCESSFUL',
    createdAt: ctx.now(),
  };
  order.refunds.push(refund);
  ctx.store.changed();
  if (pending) settleLater(ctx, order, refund);
  return refundRecord(order, refund);
}

/**
 * A pending refund ends after pendingSettleMs: SUCCESSFUL, or the failure path pendingRefundOutcome chooses (DECLINED;
 * ERROR, which stays ERROR: a refund the provider is still stuck on). As the docs say, its REFUND_CALLBACK goes to the
 * account-level webhook, never to the order's dynamicCallbackUrl; without a webhook configured nobody is told (read
 * the details). Local choice: the payload, which the docs do not show beyond event, status and transactionId.
 */
function settleLater(ctx: SandboxContext, order: SandboxOrder, refund: SandboxRefund): void {
  ctx.scheduler.run(async () => {
    await ctx.scheduler.sleep(ctx.pendingSettleMs);
    refund.status = ctx.pendingRefundOutcome;
    refund.failureReason = refund.status === 'SUCCESSFUL' ? null : `The provider reported ${refund.status} (sandbox)`;
    ctx.store.changed();
    announceRefund(ctx, order, refund);
  });
}

/** REFUND_CALLBACK to the account webhook (when one is set), as the docs send it for a refund's outcome. */
export function announceRefund(ctx: SandboxContext, order: SandboxOrder, refund: SandboxRefund): void {
  notifyAccount(
    ctx,
    order.reference,
    notification(ctx, 'REFUND_CALLBACK', order, refund.status, {
      currency: order.currency,
      ...refundRecord(order, refund),
    }),
  );
}

/**
 * Local choice (the endpoint is in the seed spec, not the public docs): an array of refund records, oldest first; or,
 * `by-reference`, the one refund a `refundReference` query names (400 in the NestJS validation form without it).
 * Without refundListRoute it does not exist, as the real service may not have it.
 */
export function listRefunds(ctx: SandboxContext, reference: string, query: URLSearchParams) {
  if (!ctx.refundListRoute) throw new HttpError(404, `Cannot GET /orders/${encodeURIComponent(reference)}/refund`);
  const order = requireOrder(ctx, reference);
  if (ctx.refundListRoute === true) return order.refunds.map((refund) => refundRecord(order, refund));
  const wanted = query.get('refundReference');
  if (!wanted) throw new HttpError(400, ['refundReference should not be empty']);
  const refund = order.refunds.find((candidate) => candidate.refundReference === wanted);
  if (!refund) throw new HttpError(404, 'Refund not found');
  return refundRecord(order, refund);
}
