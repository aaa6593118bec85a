// GET /orders/{reference}: the public docs' GetOrderResponse, which the order callbacks also carry.
import { toMajor } from '../../shared/money.js';
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

export function orderView(order: SandboxOrder) {
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
    captureStatus: order.captureStatus,
  };
}

/** Local choice: what the order's callbacks carry, the GET fields plus orderReference. */
export function orderCallbackData(order: SandboxOrder) {
  return { ...orderView(order), orderReference: order.reference };
}
