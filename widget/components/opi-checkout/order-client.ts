// <opi-checkout>'s order, placed from the form's chunk: POST v1/checkout-sessions/:id/orders on the merchant's BFF.
import type { PlaceOrderRequest, PlaceOrderResponse } from '../../../shared/schemas/checkout-api.js';
import { type BffOptions, callBff } from '../../internal/bff-call.js';

const isOrder = (body: unknown): body is PlaceOrderResponse =>
  typeof (body as Partial<PlaceOrderResponse> | undefined)?.redirectUrl === 'string';

/** Reuse idempotencyKey when retrying the same attempt, so the BFF answers with the same order. */
export function placeOrder(
  options: BffOptions,
  sessionId: string,
  order: PlaceOrderRequest,
  idempotencyKey: string,
): Promise<PlaceOrderResponse> {
  return callBff(options, isOrder, `checkout-sessions/${encodeURIComponent(sessionId)}/orders`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
    body: JSON.stringify(order),
  });
}
