// POST /orders/{reference}/capture and /void: only on an approved order awaiting capture, never above what is left
// of the authorised amount (order amount + surcharge, which is always 0 here).
import { randomUUID } from 'node:crypto';
import { toMajor } from '../../shared/money.js';
import { codeAmount, minorAmount } from './amounts.js';
import type { SandboxContext } from './context.js';
import { HttpError, parseBody } from './http.js';
import { requireOrder } from './order-view.js';
import { captureRequestSchema, voidRequestSchema } from './schemas.js';
import type { SandboxOrder } from './order.js';

const remainingMinor = (order: SandboxOrder): number => order.amountMinor - order.capturedMinor - order.voidedMinor;

/** Checks shared by capture and void; answers the amount in minor units. */
function authorisedAmount(
  ctx: SandboxContext,
  order: SandboxOrder,
  action: 'capture' | 'void',
  amount: number,
): number {
  const done = action === 'capture' ? 'captured' : 'voided';
  if (order.status !== 'SUCCESSFUL') {
    throw new HttpError(400, `Order ${order.reference} cannot be ${done}: its status is ${order.status}`);
  }
  if (order.captureStatus !== 'AUTHORIZED' && order.captureStatus !== 'PARTIALLY_CAPTURED') {
    throw new HttpError(400, `Order ${order.reference} cannot be ${done}: its captureStatus is ${order.captureStatus}`);
  }
  const left = remainingMinor(order);
  if (left === 0)
    throw new HttpError(400, `Order ${order.reference} cannot be ${done}: nothing is left of its authorisation`);
  const minor = minorAmount(ctx, amount, order.currency, 'amount');
  if (minor > left) {
    throw new HttpError(400, `amount exceeds what is left to ${action} (${codeAmount(left, order.currency)})`);
  }
  return minor;
}

// Local choice: every provider here accepts partial captures and voids. The docs name only AUTHORIZED; here
// CAPTURED means all of the authorisation was captured, VOIDED none of it, and PARTIALLY_CAPTURED some of it, also
// when the rest was voided (the shopper paid only part).
function updateCaptureStatus(order: SandboxOrder): void {
  if (order.capturedMinor === 0) order.captureStatus = remainingMinor(order) > 0 ? 'AUTHORIZED' : 'VOIDED';
  else order.captureStatus = order.capturedMinor === order.amountMinor ? 'CAPTURED' : 'PARTIALLY_CAPTURED';
}

export function captureOrder(ctx: SandboxContext, reference: string, body: unknown) {
  const order = requireOrder(ctx, reference);
  const { captureReference, amount } = parseBody(captureRequestSchema, body);
  // The docs: captureReference is unique per merchant and transaction. Local choice: the refusal's shape.
  const namespace = `capture:${order.reference}`;
  if (ctx.store.referenceUsed(namespace, captureReference)) throw new HttpError(400, 'captureReference already exists');
  const minor = authorisedAmount(ctx, order, 'capture', amount);
  ctx.store.useReference(namespace, captureReference);
  order.capturedMinor += minor;
  order.updatedAt = ctx.now();
  order.captures.push({ captureReference, amountMinor: minor, at: order.updatedAt });
  ctx.store.changed();
  updateCaptureStatus(order);
  // As in the docs' example, captureId repeats the captureReference.
  return { captureReference, capturedAmount: toMajor(minor, order.currency), captureId: captureReference };
}

export function voidOrder(ctx: SandboxContext, reference: string, body: unknown) {
  const order = requireOrder(ctx, reference);
  const { voidReference, amount } = parseBody(voidRequestSchema, body);
  // The docs: voidReference is unique per merchant. Local choice: the refusal's shape.
  if (ctx.store.referenceUsed('void', voidReference)) throw new HttpError(400, 'voidReference already exists');
  const minor = authorisedAmount(ctx, order, 'void', amount);
  ctx.store.useReference('void', voidReference);
  order.voidedMinor += minor;
  order.updatedAt = ctx.now();
  updateCaptureStatus(order);
  ctx.store.changed();
  return { voidReference, amount: toMajor(minor, order.currency), voidedId: randomUUID() };
}
