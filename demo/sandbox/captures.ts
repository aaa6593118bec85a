// POST /orders/{reference}/capture and /void: only on an approved order awaiting capture, never above what is left
// open of its authorisation (order amount + surcharge, authorisation.ts).
import { randomUUID } from 'node:crypto';
import { toMajor } from '../../shared/money.js';
import { codeAmount, minorAmount } from './amounts.js';
import { captureStatusOf, openMinor } from './authorisation.js';
import type { SandboxContext } from './context.js';
import { duplicateReference } from './duplicates.js';
import { HttpError, parseBody } from './http.js';
import { requireOrder } from './order-view.js';
import { captureRequestSchema, voidRequestSchema } from './schemas.js';
import type { SandboxOrder } from './order.js';

/** Checks shared by capture and void; answers the amount in minor units. */
function openAmount(ctx: SandboxContext, order: SandboxOrder, action: 'capture' | 'void', amount: number): number {
  const done = action === 'capture' ? 'captured' : 'voided';
  if (order.status !== 'SUCCESSFUL') {
    throw new HttpError(400, `Order ${order.reference} cannot be ${done}: its status is ${order.status}`);
  }
  // Nothing is open once the status is CAPTURED or VOIDED (authorisation.ts).
  if (order.captureStatus !== 'AUTHORIZED' && order.captureStatus !== 'PARTIALLY_CAPTURED') {
    throw new HttpError(400, `Order ${order.reference} cannot be ${done}: its captureStatus is ${order.captureStatus}`);
  }
  const minor = minorAmount(ctx, amount, order.currency, 'amount');
  const left = openMinor(order);
  if (minor > left) {
    throw new HttpError(400, `amount exceeds what is left to ${action} (${codeAmount(left, order.currency)})`);
  }
  return minor;
}

// Local choice: every provider here accepts partial captures and voids (the docs: only if the APM supports them).
export function captureOrder(ctx: SandboxContext, reference: string, body: unknown) {
  const order = requireOrder(ctx, reference);
  const { captureReference, amount } = parseBody(captureRequestSchema, body);
  // The docs: captureReference is unique per merchant and transaction.
  const namespace = `capture:${order.reference}`;
  if (ctx.store.referenceUsed(namespace, captureReference))
    throw duplicateReference(ctx.random.duplicates, 'captureReference');
  const minor = openAmount(ctx, order, 'capture', amount);
  ctx.store.useReference(namespace, captureReference);
  order.capturedMinor += minor;
  order.updatedAt = ctx.now();
  order.captures.push({ captureReference, amountMinor: minor, at: order.updatedAt });
  order.captureStatus = captureStatusOf(order);
  ctx.store.changed();
  // As in the docs' example, captureId repeats the captureReference.
  return { captureReference, capturedAmount: toMajor(minor, order.currency), captureId: captureReference };
}

export function voidOrder(ctx: SandboxContext, reference: string, body: unknown) {
  const order = requireOrder(ctx, reference);
  const { voidReference, amount } = parseBody(voidRequestSchema, body);
  // The docs: voidReference is unique per merchant.
  if (ctx.store.referenceUsed('void', voidReference)) throw duplicateReference(ctx.random.duplicates, 'voidReference');
  const minor = openAmount(ctx, order, 'void', amount);
  ctx.store.useReference('void', voidReference);
  order.voidedMinor += minor;
  order.updatedAt = ctx.now();
  order.voids.push({ voidReference, amountMinor: minor, at: order.updatedAt });
  order.captureStatus = captureStatusOf(order);
  ctx.store.changed();
  return { voidReference, amount: toMajor(minor, order.currency), voidedId: randomUUID() };
}
