// An approved order's authorisation: order amount + surcharge (docs §7: "full capture = order amount + surcharge"),
// what captures and voids leave open of it, and the captureStatus that follows.
import type { CaptureStatus, SandboxOrder } from './order.js';

export const authorisedMinor = (order: SandboxOrder): number => order.amountMinor + order.surchargeMinor;

/** What may still be captured or voided. */
export const openMinor = (order: SandboxOrder): number =>
  authorisedMinor(order) - order.capturedMinor - order.voidedMinor;

/**
 * The docs show only AUTHORIZED (nothing captured, some open). Local choice: PARTIALLY_CAPTURED while some is
 * captured and some still open; CAPTURED once nothing is open and something was captured (a capture of part and a
 * void of the rest included); VOIDED once all of it was voided.
 */
export function captureStatusOf(order: SandboxOrder): CaptureStatus {
  if (openMinor(order) > 0) return order.capturedMinor > 0 ? 'PARTIALLY_CAPTURED' : 'AUTHORIZED';
  return order.capturedMinor > 0 ? 'CAPTURED' : 'VOIDED';
}
