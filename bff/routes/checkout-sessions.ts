// POST /v1/checkout-sessions and PATCH /v1/checkout-sessions/:id (merchant key), GET /v1/checkout-sessions/:id and
// POST /v1/checkout-sessions/:id/orders (the widget's, CORS and rate limited).
import { Router, type Request, type RequestHandler } from 'express';
import { placeOrderRequestSchema } from '../../shared/schemas/checkout-api.js';
import { idempotencyKeySchema } from '../../shared/schemas/merchant-api.js';
import type { OrderPlacer } from '../checkout/place-order.js';
import { createCheckoutSession, sessionView, type SessionDeps, updateSessionCart } from '../checkout/sessions.js';
import { jsonBody } from '../http/json-body.js';
import { DomainError, parseOrRefuse } from '../domain/errors.js';
import { BODY_REFUSALS, operation, SESSION, UPSTREAM_FAILURES, WIDGET_GUARDS } from '../http/openapi-operation.js';

export function merchantSessionRoutes(sessions: SessionDeps, auth: RequestHandler): Router {
  const router = Router();
  router.post('/', auth, ...jsonBody, async (req, res) => {
    res.status(201).json(await createCheckoutSession(sessions, req.body));
  });
  return router;
}

/**
 * PATCH /v1/checkout-sessions/:id, for the app itself rather than a router: a router mounted on that path would
 * answer the widget's CORS preflights there with its own Allow list before the widget's CORS could.
 */
export const updateSessionRoute = (sessions: SessionDeps, auth: RequestHandler): RequestHandler[] => [
  auth,
  ...jsonBody,
  async (req, res) => {
    res.json(await updateSessionCart(sessions, String(req.params.id), req.body));
  },
];

function idempotencyKey(req: Request): string | undefined {
  const header = req.get('idempotency-key');
  if (header === undefined) return undefined;
  const parsed = idempotencyKeySchema.safeParse(header);
  if (parsed.success) return parsed.data;
  throw new DomainError('validation_failed', 'The Idempotency-Key header is not valid.', {
    errors: [{ path: 'Idempotency-Key', message: parsed.error.issues[0]?.message ?? 'is not valid' }],
  });
}

/** GET /v1/checkout-sessions/:id, the widget's read, on the app's own router. */
export const readSessionRoute =
  (sessions: SessionDeps): RequestHandler<{ id: string }> =>
  async (req, res) => {
    const { view, json } = await sessionView(sessions, req.params.id);
    sessions.funnel.countEach(
      'shown',
      view.providers.map((provider) => provider.name),
      view.locale,
    );
    res.type('json').send(json);
  };

/** Mounted at /v1/checkout-sessions/:id (mergeParams). */
export function widgetSessionRoutes(placer: OrderPlacer): Router {
  const router = Router({ mergeParams: true });
  router.post('/orders', ...jsonBody, async (req: Request<{ id: string }>, res) => {
    const key = idempotencyKey(req);
    const body = parseOrRefuse(placeOrderRequestSchema, req.body);
    const placed = await placer.place(req.params.id, body, key);
    if (placed.replayed) res.setHeader('Idempotent-Replayed', 'true');
    res.status(201).json({ orderReference: placed.orderReference, redirectUrl: placed.redirectUrl });
  });
  return router;
}

/** These routes in the OpenAPI document (bff/routes/openapi.ts assembles it). */
export const checkoutSessionPaths = () => ({
  '/v1/checkout-sessions': {
    post: operation({
      operationId: 'createCheckoutSession',
      summary: 'Create a checkout session with the cart (merchant server)',
      auth: 'merchant',
      body: 'CreateSessionRequest',
      answers: [{ status: 201, description: 'Created', json: 'CreateSessionResponse' }],
      problems: [...BODY_REFUSALS, 'malformed_request', 'merchant_reference_in_use', 'ledger_unavailable'],
    }),
  },
  '/v1/checkout-sessions/{id}': {
    patch: operation({
      operationId: 'updateCheckoutSessionCart',
      summary:
        "Replace an open session's cart and amounts before an order may take the payment (a coupon, a delivery choice; merchant server); the fields fixed at creation (currency, country, locale, returnUrl, prefill, channel, capture) are refused as unknown_field. Then the page calls the element's refresh()",
      auth: 'merchant',
      params: SESSION,
      body: 'UpdateSessionCart',
      answers: [{ status: 200, description: 'Replaced', json: 'CreateSessionResponse' }],
      problems: [
        ...BODY_REFUSALS,
        'malformed_request',
        'session_not_found',
        'session_completed',
        'session_order_placed',
        'session_expired',
        'ledger_unavailable',
      ],
    }),
    get: operation({
      operationId: 'getCheckoutSession',
      summary: 'Everything the widget needs: amount, prefill and the providers for this cart',
      params: SESSION,
      answers: [{ status: 200, description: 'The session', json: 'SessionView' }],
      problems: [
        'session_not_found',
        'session_completed',
        'session_expired',
        ...WIDGET_GUARDS,
        'ledger_unavailable',
        ...UPSTREAM_FAILURES,
      ],
    }),
  },
  '/v1/checkout-sessions/{id}/orders': {
    post: operation({
      operationId: 'placeOrder',
      summary: "Place the order with the shopper's choices; a double submit gets the same order",
      params: SESSION,
      idempotencyKey: 'optional',
      body: 'PlaceOrderRequest',
      answers: [{ status: 201, description: 'Placed: send the shopper to redirectUrl', json: 'PlaceOrderResponse' }],
      problems: [
        ...BODY_REFUSALS,
        'malformed_request',
        'session_not_found',
        'session_completed',
        'order_in_progress',
        'session_changed',
        'session_exhausted',
        'session_expired',
        'provider_not_eligible',
        'idempotency_key_reused',
        'idempotency_key_in_flight',
        ...WIDGET_GUARDS,
        'upstream_invalid_redirect',
        'ledger_unavailable',
        ...UPSTREAM_FAILURES,
      ],
    }),
  },
});
