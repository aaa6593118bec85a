// Sandbox.records(): what the sandbox holds of each order, for tests to check what the upstream really did (a
// write whose answer was lost included). A frozen copy: a test cannot change the sandbox through it.
import type { SandboxOrder } from './order.js';
import type { OrderRecord } from './types.js';

function record(order: SandboxOrder): OrderRecord {
  return {
    reference: order.reference,
    status: order.status,
    provider: order.provider.name,
    currency: order.currency,
    amountMinor: order.amountMinor,
    surchargeMinor: order.surchargeMinor,
    capturedMinor: order.capturedMinor,
    voidedMinor: order.voidedMinor,
    autoCapture: order.autoCapture,
    refunds: Object.freeze(
      order.refunds.map(({ refundReference, amountMinor, status }) =>
        Object.freeze({ refundReference, amountMinor, status }),
      ),
    ),
    captures: Object.freeze(
      order.captures.map(({ captureReference, amountMinor }) => Object.freeze({ captureReference, amountMinor })),
    ),
    voids: Object.freeze(
      order.voids.map(({ voidReference, amountMinor }) => Object.freeze({ voidReference, amountMinor })),
    ),
  };
}

export function orderRecords(orders: Iterable<SandboxOrder>): readonly OrderRecord[] {
  return Object.freeze([...orders].map((order) => Object.freeze(record(order))));
}
