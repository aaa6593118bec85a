// GET /orders/{reference}: the public docs' GetOrderResponse, which the order callbacks also carry.
import { toMajor } from '../../shared/money.js';
import type { CallbackEnvelope } from './notifications.js';
import { isoTime, type SandboxContext } from './context.js';
import { HttpError } from './http.js';
import type { SandboxOrder } from './order.js';

// Local choice: one 404 text naming the order on every route; the docs show a text only for the refund's 404
// ("Original OrderID doesn't exist").
export function requireOrder(ctx: SandboxContext, reference: string): SandboxOrder {
  const order = ctx.store.get(reference);
  if (!order) throw new HttpError(404, `Order ${reference} not found`);
  return order;
}

export function orderView(ctx: Pick<SandboxContext, 'captureStatus'>, order: SandboxOrder) {
  return {
    merchantReference: order.reference,
    status: order.status,
    amount: order.orderAmount,
    surcharge: toMajor(order.surchargeMinor, order.currency),
    currency: order.currency,
    provider: order.provider.name,
    updatedAt: isoTime(order.updatedAt),
    failureReason: order.failureReason,
    bnplOrderId: order.bnplOrderId,
    transactionReference: order.transactionReference,
    rejectReason: order.rejectReason,
    partnerConfiguration: {},
    cancelledBy: order.cancelledBy,
    // The docs document captureStatus only as AUTHORIZED; an upstream may leave it null (SandboxOptions).
    captureStatus: ctx.captureStatus === 'null' ? null : order.captureStatus,
  };
}

/** The order's reference fields a notification carries (SandboxOptions.notificationReferences). */
function references(ctx: SandboxContext, order: SandboxOrder): Record<string, string> {
  return Object.fromEntries(ctx.notificationReferences.map((field) => [field, order.reference]));
}

/**
 * A notification in the docs' form: `status` and `transactionId` first (the docs' field table starts with event,
 * status, transactionId and is cut off), then `fields` unless notificationFields is bare, and an order reference only
 * where notificationReferences asks for one. transactionId as notificationTransactionId says.
 */
export function notification(
  ctx: SandboxContext,
  event: CallbackEnvelope['event'],
  order: SandboxOrder,
  status: string,
  fields: Record<string, unknown>,
): CallbackEnvelope {
  return {
    event,
    data: {
      status,
      transactionId:
        ctx.notificationTransactionId === 'history-entry' ? order.history.at(-1)!.id : order.transactionReference,
      ...(ctx.notificationFields === 'bare' ? {} : fields),
      ...references(ctx, order),
    },
  };
}

/** Local choice: an order's notification carries the GET fields, its reference as notificationReferences says. */
export function orderNotification(ctx: SandboxContext, event: CallbackEnvelope['event'], order: SandboxOrder) {
  const { merchantReference: _reference, ...fields } = orderView(ctx, order);
  return notification(ctx, event, order, order.status, fields);
}
