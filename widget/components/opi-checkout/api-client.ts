// <opi-checkout>'s network client: two calls to the merchant's BFF (internal/bff-call.ts makes them).
//
// Local choice: answers are checked by shape here rather than re-parsed with the shared zod schemas, which the
// widget does not ship (zod alone is a third of its budget): the BFF built them with those schemas. What the widget
// sends is checked with the rules placeOrderRequestSchema is built from (field-checks.ts), and every amount is
// re-checked against its currency's decimals (session-model.ts).
import type { PlaceOrderRequest, PlaceOrderResponse, SessionView } from '../../../shared/schemas/checkout-api.js';
import { type BffOptions, callBff } from '../../internal/bff-call.js';
import { toCheckoutSession, type CheckoutSession } from './session-model.js';

export { CheckoutApiError } from '../../internal/api-error.js';

export interface CheckoutApi {
  getSession(sessionId: string, signal?: AbortSignal): Promise<CheckoutSession>;
  /** Reuse idempotencyKey when retrying the same attempt, so the BFF answers with the same order. */
  placeOrder(sessionId: string, order: PlaceOrderRequest, idempotencyKey: string): Promise<PlaceOrderResponse>;
}

const isSessionView = (body: unknown): body is SessionView => {
  const view = body as Partial<SessionView> | undefined;
  return (
    typeof view?.id === 'string' &&
    Array.isArray(view.providers) &&
    Array.isArray(view.unavailableProviders) &&
    !!view.prefill
  );
};

const isOrder = (body: unknown): body is PlaceOrderResponse =>
  typeof (body as Partial<PlaceOrderResponse> | undefined)?.redirectUrl === 'string';

export function createCheckoutApi(options: BffOptions): CheckoutApi {
  const call = <T>(valid: (body: unknown) => body is T, path: string, init: RequestInit, signal?: AbortSignal) =>
    callBff(options, valid, `checkout-sessions/${path}`, init, signal);

  return {
    getSession: async (sessionId, signal) =>
      toCheckoutSession(
        await call(isSessionView, encodeURIComponent(sessionId), { headers: { accept: 'application/json' } }, signal),
      ),
    placeOrder: (sessionId, order, idempotencyKey) =>
      call(isOrder, `${encodeURIComponent(sessionId)}/orders`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
        body: JSON.stringify(order),
      }),
  };
}
