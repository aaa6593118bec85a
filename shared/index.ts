// The package's `opi-checkout/contract`: the schemas (zod/mini) and types of the BFF's API for the element and for
// merchants, the order and refund statuses, and the money helpers.
export * from './schemas/checkout-api.js';
export * from './schemas/merchant-api.js';
export * from './money.js';
export * from './status.js';
