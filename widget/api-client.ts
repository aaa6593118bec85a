// The widget's only network client: two calls to the merchant's BFF. Every answer is parsed with the shared
// contract before use, and every failure becomes one CheckoutApiError with a stable code.
import {
  placeOrderResponseSchema,
  problemSchema,
  sessionViewSchema,
  type PlaceOrderRequest,
  type PlaceOrderResponse,
} from '../shared/checkout-api.js';
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

interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

export function createCheckoutApi({ baseUrl, fetch: fetchFn = fetch, timeoutMs = 15_000 }: CheckoutApiOptions): CheckoutApi {
  const base = baseUrl.replace(/\/?$/, '/');

  async function call<T>(schema: Schema<T>, path: string, init: RequestInit, signal?: AbortSignal): Promise<T> {
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
    if (!response.ok) {
      const problem = problemSchema.safeParse(body);
      if (problem.success) throw new CheckoutApiError(problem.data.code, problem.data.retryable, problem.data.errors);
      // Not our BFF speaking (a proxy's HTML 502, say): a server-side failure is worth retrying, anything else is not.
      throw response.status >= 500 ? new CheckoutApiError('bff_unreachable', true) : new CheckoutApiError('bad_response');
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new CheckoutApiError('bad_response');
    return parsed.data;
  }

  return {
    getSession: async (sessionId, signal) =>
      toCheckoutSession(await call(sessionViewSchema, encodeURIComponent(sessionId), { headers: { accept: 'application/json' } }, signal)),
    placeOrder: (sessionId, order, idempotencyKey) =>
      call(placeOrderResponseSchema, `${encodeURIComponent(sessionId)}/orders`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
        body: JSON.stringify(order),
      }),
  };
}
