// The upstream's records of an order's refunds and captures, in one form whatever route they came from: the answer to
// our own request, the refund list (seed spec only), or the transaction details (the docs). Every identifier a record
// carries is kept, because none is reliable alone: the refund answer names a suffixed reference ("X-00" for "X") and
// the provider's bnplRefundId, and the details' sample names each refund by the order's own reference.
import type { DetailsCapture, DetailsRefund, RefundRecord } from './contract.js';

export interface OperationRecord {
  /** Every identifier the record carries for this one refund or capture, as given (never the order's own reference). */
  ids: string[];
  /** The upstream's reference of it ("X-00" for our "X"), and its provider's id: what the ledger may learn of it. */
  reference: string | null;
  providerId: string | null;
  /** In major units, as the upstream writes it. */
  amount: number;
  currency: string | null;
  /** The upstream's spelling, verbatim. */
  status: string;
  /** When the upstream made it, when it says (ISO text, or whatever the upstream sent). */
  at: string | null;
  /** The upstream's own reason for a refusal or failure, when it gives one. */
  reason: string | null;
}

const present = (...values: (string | null | undefined)[]) =>
  values.filter((value): value is string => typeof value === 'string' && value.trim() !== '');

export const fromRefundRecord = (record: RefundRecord): OperationRecord => ({
  ids: present(record.refundReference, record.bnplRefundId),
  reference: present(record.refundReference)[0] ?? null,
  providerId: present(record.bnplRefundId)[0] ?? null,
  amount: record.refundedAmount,
  currency: null,
  status: record.refundStatus,
  at: null,
  reason: null,
});

/** `order`: the order read; a refundId naming it (the docs' sample, on every refund) names no one refund. */
export const fromDetailsRefund = (
  refund: DetailsRefund,
  order: { reference: string; currency: string | null },
): OperationRecord => ({
  ids: present(refund.refundId, refund.refundReference, refund.bnplRefundId).filter((id) => id !== order.reference),
  reference: present(refund.refundReference)[0] ?? null,
  providerId: present(refund.bnplRefundId)[0] ?? null,
  amount: refund.amount,
  currency: refund.currency ?? order.currency,
  status: refund.status,
  at: refund.createdAt ?? null,
  reason: refund.refundFailureReason ?? null,
});

export const fromDetailsCapture = (capture: DetailsCapture, orderCurrency: string | null): OperationRecord => ({
  ids: present(capture.captureId, capture.captureReference),
  reference: present(capture.captureReference)[0] ?? null,
  providerId: present(capture.captureId)[0] ?? null,
  amount: capture.amount,
  currency: orderCurrency,
  status: capture.status,
  at: capture.createdAt ?? null,
  reason: null,
});
