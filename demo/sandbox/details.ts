// POST /orders/{reference}/details: the docs' legacy "Transaction Details", the only documented place that lists an
// order's refunds and captures. The order's fields with `amount` as a string (as the docs' example sends it), its
// status history, refunds and captures, in the docs' sample form: a refund's `refundId` is the order's
// merchantReference (the merchant's refund reference appears nowhere), a capture's `captureId` its captureReference
// (the capture answer repeats it too). Each history entry's transactionId is the uuid it was given when it happened.
import { toMajor } from '../../shared/money.js';
import { isoTime, type SandboxContext } from './context.js';
import { orderView, requireOrder } from './order-view.js';

export function transactionDetails(ctx: SandboxContext, reference: string) {
  const order = requireOrder(ctx, reference);
  const amount = (minor: number) => String(toMajor(minor, order.currency));
  return {
    ...orderView(ctx, order),
    amount: String(order.orderAmount),
    transactionHistory: order.history.map((entry) => ({
      transactionId: entry.id,
      status: entry.status,
      createdAt: isoTime(entry.at),
    })),
    refunds: order.refunds.map((refund) => ({
      refundId: order.reference,
      amount: amount(refund.amountMinor),
      currency: order.currency,
      status: refund.status,
      createdAt: isoTime(refund.createdAt),
      refundReason: refund.description,
      refundFailureReason: refund.failureReason ?? null,
    })),
    orderCaptures: order.captures.map((capture) => ({
      captureId: capture.captureReference,
      amount: amount(capture.amountMinor),
      status: 'SUCCESSFUL',
      createdAt: isoTime(capture.at),
    })),
  };
}
