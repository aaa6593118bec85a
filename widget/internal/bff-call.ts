// Every element's one way to its merchant's BFF: a JSON request bounded by a timeout, without cookies, and every
// failure turned into one CheckoutApiError with a stable code.
import type { Problem } from '../../shared/schemas/checkout-api.js';
import { CheckoutApiError } from './api-error.js';

export interface BffOptions {
  /** Base URL of the BFF (its origin, or origin and a path prefix). */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Bounds each request, body included. */
  timeoutMs?: number;
  /** The element's W3C trace id (32 hex digits): each call is a span of it, sent as `traceparent`. */
  traceId?: string;
}

/**
 * 32 random hex digits for a trace id (a span id takes the last 16): a UUID's, random in every digit W3C Trace Context
 * asks to be. crypto.randomUUID, as the order's Idempotency-Key: the fewest bytes.
 */
export const randomHex = () => crypto.randomUUID().replace(/-/g, '');

/**
 * A signal that aborts when `signal` does or after `ms`, made by hand: AbortSignal.any and AbortSignal.timeout are
 * newer than the support floor (Safari 17.4 and 16). `end` lets the timer go once the answer is read.
 */
function boundedSignal(ms: number, signal?: AbortSignal): { signal: AbortSignal; end: () => void } {
  const controller = new AbortController();
  const abort = () => controller.abort();
  const timer = setTimeout(abort, ms);
  if (signal?.aborted) abort();
  signal?.addEventListener('abort', abort);
  return {
    signal: controller.signal,
    end: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    },
  };
}

/** Calls `v1/<path>` on the BFF; an answer that `valid` refuses is a bad_response. */
export async function callBff<T>(
  { baseUrl, fetch: fetchFn = fetch, timeoutMs = 15_000, traceId }: BffOptions,
  valid: (body: unknown) => body is T,
  path: string,
  init: RequestInit,
  signal?: AbortSignal,
): Promise<T> {
  let response: Response;
  let body: unknown;
  const bounded = boundedSignal(timeoutMs, signal);
  try {
    response = await fetchFn(new URL(`v1/${path}`, baseUrl.replace(/\/?$/, '/')), {
      ...init,
      // Nothing personal: random ids, the parent span this call, `01`: the BFF may record it.
      headers: traceId ? { ...init.headers, traceparent: `00-${traceId}-${randomHex().slice(16)}-01` } : init.headers,
      credentials: 'omit',
      signal: bounded.signal,
    });
    body = await response.json().catch(() => undefined);
  } catch {
    // A network failure or our own timeout; an abort by the caller means the answer is no longer wanted.
    throw new CheckoutApiError(signal?.aborted ? 'aborted' : 'bff_unreachable', true);
  } finally {
    bounded.end();
  }
  if (response.ok && valid(body)) return body;
  const problem = body as Partial<Problem> | undefined;
  if (!response.ok && typeof problem?.code === 'string') {
    throw new CheckoutApiError(problem.code, problem.retryable, Array.isArray(problem.errors) ? problem.errors : []);
  }
  // Not our BFF speaking (a proxy's HTML 502, say): a server-side failure is worth retrying, anything else is not.
  throw response.status >= 500 ? new CheckoutApiError('bff_unreachable', true) : new CheckoutApiError('bad_response');
}
