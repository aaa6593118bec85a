// The package's `opi-checkout/contract`: the schemas (zod/mini) and types of the BFF's API for the element and for
// merchants, the order and refund statuses, and the money helpers.
export * from './schemas/checkout-api.js';
export * from './schemas/merchant-api.js';
export * from './money.js';
// The statuses and their normalisation; how the ledger moves between them stays the BFF's.
export {
  FINAL_ORDER_STATUSES,
  type NormalisedStatus,
  normalisePaymentStatus,
  normaliseRefundStatus,
  ORDER_STATUSES,
  type OrderStatus,
  REFUND_STATUSES,
  type RefundStatus,
} from './status.js';
