// What a merchant does to an order in the payment service's portal (UPP): refund, capture or void it by hand. The
// same rules as the API (amounts, what is left, uniqueness), with references the portal makes itself. The order's
// records (GET /orders, the transaction details) show it; a refund is also announced by REFUND_CALLBACK to the
// account webhook, as the docs send events whenever "a payment/refund/capture reaches a final state". The docs name
// no capture or void event, so those are told to nobody.
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { toMajor } from '../../shared/money.js';
import { openMinor } from './authorisation.js';
import { captureOrder, voidOrder } from './captures.js';
import type { SandboxContext } from './context.js';
import { HttpError } from './http.js';
import { requireOrder } from './order-view.js';
import { announceRefund, createRefund } from './refunds.js';
import type { PortalAction } from './types.js';

export const portalActionSchema = z.object({
  kind: z.enum(['refund', 'capture', 'void'], { error: 'must be one of: refund, capture, void' }),
  amount: z.optional(z.number({ error: 'must be a number' }).check(z.positive({ error: 'must be more than 0' }))),
});

/** Local choice: the portal's own references, unlike any a merchant's server sends. */
const portalReference = () => `PORTAL-${randomUUID()}`;

export function portalAction(ctx: SandboxContext, reference: string, action: PortalAction): unknown {
  const order = requireOrder(ctx, reference);
  if (action.kind === 'refund' && action.amount === undefined) throw new HttpError(400, ['amount must be a number']);
  const amount = action.amount ?? toMajor(openMinor(order), order.currency);
  if (action.kind === 'refund') {
    const body = {
      refundReference: portalReference(),
      refundDescription: 'Refunded in the portal',
      refundAmount: { amount },
    };
    // A refund made by hand in the portal settles at once (local choice), whatever the provider's API does.
    const record = createRefund(ctx, reference, body, 'instant');
    announceRefund(ctx, order, order.refunds.find((refund) => refund.refundReference === body.refundReference)!);
    return record;
  }
  if (action.kind === 'capture') return captureOrder(ctx, reference, { captureReference: portalReference(), amount });
  return voidOrder(ctx, reference, { voidReference: portalReference(), amount });
}
