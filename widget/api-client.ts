// The widget's only network client: two calls to the merchant's BFF. Every answer is parsed with the shared
// contract before use, and every failure becomes one CheckoutApiError with a stable code.
import {
  placeOrderResponseSchema,
  problemSchema,
  sessionViewSchema,
  type PlaceOrderRequest,
  type PlaceOrderResponse,
} from '../shared/checkout-api.js';
import { toCheckoutSession, type CheckoutSession } from './session-model.js';

export interface FieldError {
  path: string;
  message: string;
}

export class CheckoutApiError extends Error {
  override name = 'CheckoutApiError';
  constructor(
    readonly code: string,
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
    readonly fieldErrors: readonly FieldError[] = [],
  ) {
    super(message);
  }
}

export interface CheckoutApi {
  getSession(sessionId: string, signal?: AbortSignal): Promise<CheckoutSession>;
  /** Reuse idempotencyKey when retrying the same attempt, so the BFF answers with the same order. */
  placeOrder(sessionId: string, order: PlaceOrderRequest, idempotencyKey: string): Promise<PlaceOrderResponse>;
}

export interface CheckoutApiOptions {
  /** Origin (and optional path prefix) of the BFF. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Bounds each request, body included. */
  timeoutMs?: number;
}

export function createCheckoutApi({ baseUrl, fetch: fetchFn = fetch, timeoutMs = 15_000 }: CheckoutApiOptions): CheckoutApi {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const sessionUrl = (id: string, suffix = '') => new URL(`v1/checkout-sessions/${encodeURIComponent(id)}${suffix}`, base);

  async function request(url: URL, init: RequestInit, signal?: AbortSignal): Promise<unknown> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let response: Response;
    let body: unknown;
    try {
      response = await fetchFn(url, { ...init, signal: combined, credentials: 'omit' });
      body = await response.json().catch(() => undefined);
    } catch (error) {
      if (signal?.aborted) throw new CheckoutApiError('aborted', 'request aborted', false);
      const timedOut = timeout.aborted;
      throw new CheckoutApiError(
        'bff_unreachable',
        timedOut ? `no answer within ${timeoutMs} ms` : `network error: ${String(error)}`,
        true,
      );
    }
    if (response.ok) return body;
    const problem = problemSchema.safeParse(body);
    if (problem.success) {
      const { code, title, detail, retryable = false, errors = [] } = problem.data;
      throw new CheckoutApiError(code, detail ?? title, retryable, response.status, errors);
    }
    // Not our BFF speaking (a proxy's HTML 502, say): a server-side failure is worth retrying, anything else is not.
    const serverSide = response.status >= 500;
    throw new CheckoutApiError(serverSide ? 'bff_unreachable' : 'bad_response', `HTTP ${response.status}`, serverSide, response.status);
  }

  function badResponse(what: string): CheckoutApiError {
    return new CheckoutApiError('bad_response', `the BFF sent ${what} the contract does not allow`, false);
  }

  return {
    async getSession(sessionId, signal) {
      const parsed = sessionViewSchema.safeParse(await request(sessionUrl(sessionId), { headers: { accept: 'application/json' } }, signal));
      if (!parsed.success) throw badResponse('a session');
      try {
        return toCheckoutSession(parsed.data);
      } catch {
        throw badResponse('an amount');
      }
    },
    async placeOrder(sessionId, order, idempotencyKey) {
      const body = await request(sessionUrl(sessionId, '/orders'), {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
        body: JSON.stringify(order),
      });
      const parsed = placeOrderResponseSchema.safeParse(body);
      if (!parsed.success) throw badResponse('an order');
      return parsed.data;
    },
  };
}
