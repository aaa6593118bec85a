// POST /v1/checkout-sessions and PATCH /v1/checkout-sessions/:id (merchant key), GET /v1/checkout-sessions/:id and
// POST /v1/checkout-sessions/:id/orders (the widget's, CORS and rate limited).
import { Router, type Request, type RequestHandler } from 'express';
import { placeOrderRequestSchema } from '../../shared/schemas/checkout-api.js';
import { idempotencyKeySchema } from '../../shared/schemas/merchant-api.js';
import type { OrderPlacer } from '../checkout/place-order.js';
import { createCheckoutSession, sessionView, type SessionDeps, updateSessionCart } from '../checkout/sessions.js';
import { jsonBody } from '../http/json-body.js';
import { DomainError, parseOrRefuse } from '../domain/errors.js';

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
