// <opi-checkout>'s read of its session from the merchant's BFF (internal/bff-call.ts makes the call); the order is
// placed from the form's chunk (order-client.ts).
//
// Local choice: answers are checked by shape here rather than re-parsed with the shared zod schemas, which the
// widget does not ship (zod alone is a third of its budget): the BFF built them with those schemas. What the widget
// sends is checked with the rules placeOrderRequestSchema is built from (field-checks.ts), and every amount is
// re-checked against its currency's decimals (session-model.ts).
import type { SessionView } from '../../../shared/schemas/checkout-api.js';
import { type BffOptions, callBff } from '../../internal/bff-call.js';
import { toCheckoutSession, type CheckoutSession } from './session-model.js';

export { CheckoutApiError } from '../../internal/api-error.js';

const isSessionView = (body: unknown): body is SessionView => {
  const view = body as Partial<SessionView> | undefined;
  return (
    typeof view?.id === 'string' &&
    Array.isArray(view.providers) &&
    Array.isArray(view.unavailableProviders) &&
    !!view.prefill
  );
};

/** GET v1/checkout-sessions/:id, with every amount in minor units. */
export async function readSession(
  options: BffOptions,
  sessionId: string,
  signal?: AbortSignal,
): Promise<CheckoutSession> {
  const path = `checkout-sessions/${encodeURIComponent(sessionId)}`;
  return toCheckoutSession(
    await callBff(options, isSessionView, path, { headers: { accept: 'application/json' } }, signal),
  );
}
