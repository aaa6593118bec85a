// The widget's only network client: two calls to the merchant's BFF, every failure turned into one
// CheckoutApiError with a stable code.
//
// Local choice: answers are checked by shape here rather than re-parsed with the shared zod schemas. The BFF builds
// them with those schemas; re-parsing in the browser would cost about 1.5 KB of the widget's 20.5 KB gzip budget
// (the array, enum, nullable and partial schema types) for no check the BFF has not made. What the widget sends is
// still validated with the shared placeOrderRequestSchema (order-form.ts), and every amount is re-checked against
// its currency's decimals (session-model.ts).
import type { PlaceOrderRequest, PlaceOrderResponse, Problem, SessionView } from '../shared/checkout-api.js';
import { CheckoutApiError } from './api-error.js';
import { toCheckoutSession, type CheckoutSession } from './session-model.js';

export { CheckoutApiError } from './api-error.js';

export interface CheckoutApi {
  getSession(sessionId: string, signal?: AbortSignal): Promise<CheckoutSession>;
  /** Reuse idempotencyKey when retrying the same attempt, so the BFF answers with the same order. */
  placeOrder(sessionId: string, order: PlaceOrderRequest, idempotencyKey: string): Promise<PlaceOrderResponse>;
}

export interface CheckoutApiOptions {
  /** Base URL of the BFF (its origin, or origin and a path prefix). */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Bounds each request, body included. */
  timeoutMs?: number;
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

export function createCheckoutApi({
  baseUrl,
  fetch: fetchFn = fetch,
  timeoutMs = 15_000,
}: CheckoutApiOptions): CheckoutApi {
  const base = baseUrl.replace(/\/?$/, '/');

  async function call<T>(
    valid: (body: unknown) => body is T,
    path: string,
    init: RequestInit,
    signal?: AbortSignal,
  ): Promise<T> {
    let response: Response;
    let body: unknown;
    try {
      response = await fetchFn(new URL(`v1/checkout-sessions/${path}`, base), {
        ...init,
        credentials: 'omit',
        signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])]),
      });
      body = await response.json().catch(() => undefined);
    } catch {
      // A network failure or our own timeout; an abort by the caller means the answer is no longer wanted.
      throw new CheckoutApiError(signal?.aborted ? 'aborted' : 'bff_unreachable', true);
    }
    if (response.ok && valid(body)) return body;
    const problem = body as Partial<Problem> | undefined;
    if (!response.ok && typeof problem?.code === 'string') {
      throw new CheckoutApiError(problem.code, problem.retryable, Array.isArray(problem.errors) ? problem.errors : []);
    }
    // Not our BFF speaking (a proxy's HTML 502, say): a server-side failure is worth retrying, anything else is not.
    throw response.status >= 500 ? new CheckoutApiError('bff_unreachable', true) : new CheckoutApiError('bad_response');
  }

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
