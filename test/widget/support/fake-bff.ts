// A stand-in for the BFF's widget endpoints (the session, its orders, the public instalments), injected as the
// elements' fetch. The order endpoint refuses a
// body with the very schema the real BFF uses, so a widget that sends a wrong field fails here too.
import {
  issuesToFieldErrors,
  placeOrderRequestSchema,
  type SessionView,
} from '../../../shared/schemas/checkout-api.js';
import { sessionView } from './fixtures.js';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
  /** The call's abort signal: whether the element gave up on it. */
  signal?: AbortSignal;
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

export const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const problem = (status: number, code: string, extra: Record<string, unknown> = {}): Response =>
  new Response(JSON.stringify({ type: 'about:blank', title: code.replace(/_/g, ' '), status, code, ...extra }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });

export const created = (redirectUrl = 'https://provider.example/pay/ord_1'): Response =>
  json(201, { orderReference: 'ord_1', redirectUrl });

/** 201 for a body the BFF would take, 400 validation_failed with field paths otherwise. */
export const acceptValidOrder: Handler = ({ body }) => {
  const parsed = placeOrderRequestSchema.safeParse(body);
  if (!parsed.success) return problem(400, 'validation_failed', { errors: issuesToFieldErrors(parsed.error.issues) });
  return created();
};

export interface FakeBff {
  fetch: typeof fetch;
  requests: RecordedRequest[];
  /** The bodies the order endpoint received. */
  orders: () => RecordedRequest[];
}

export function fakeBff(options: { session?: SessionView | Handler; order?: Handler; instalments?: Handler }): FakeBff {
  const requests: RecordedRequest[] = [];
  const onSession: Handler =
    typeof options.session === 'function' ? options.session : () => json(200, options.session ?? sessionView());
  const onOrder = options.order ?? acceptValidOrder;
  const fetchFn = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input));
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      url,
      headers: new Headers(init.headers),
      body: text === undefined ? undefined : JSON.parse(text),
      ...(init.signal ? { signal: init.signal } : {}),
    };
    requests.push(request);
    const { signal } = init;
    signal?.throwIfAborted();
    const answer = (async () => {
      if (request.method === 'GET' && /^\/v1\/checkout-sessions\/[^/]+$/.test(url.pathname)) return onSession(request);
      if (request.method === 'GET' && url.pathname === '/v1/instalments' && options.instalments)
        return options.instalments(request);
      if (request.method === 'POST' && /^\/v1\/checkout-sessions\/[^/]+\/orders$/.test(url.pathname))
        return onOrder(request);
      return problem(404, 'not_found');
    })();
    // As fetch does: an abort rejects the call at once, however long its answer would take.
    const aborted = new Promise<never>((_, reject) =>
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true }),
    );
    return Promise.race([answer, aborted]);
  };
  return { fetch: fetchFn, requests, orders: () => requests.filter((request) => request.method === 'POST') };
}

/** A response that waits until the test lets it go, to look at in-between states. */
export function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}
