// POST /v1/callbacks/:orderReference/:secret: the upstream's notifications (the dynamicCallbackUrl). The secret
// in the URL is the only proof of origin (the upstream signs nothing), so a wrong one is a plain 404 and changes
// nothing. The cheap refusals come first: the per-client limit, then the order and its secret, and only then is the
// body read. What a notification does is bff/inbound/upstream-notifications.ts.
import express, { Router, type Request, type RequestHandler } from 'express';
import { readHint, type UpstreamNotifications } from '../inbound/upstream-notifications.js';
import { CALLBACK_ROUTE } from '../checkout/placement/order-request.js';
import { DomainError } from '../domain/errors.js';
import { secretMatches } from '../lib/secret-match.js';
import type { StoredOrder } from '../store/types.js';
import { operation, ORDER } from '../http/openapi-operation.js';

// Local choice: larger than the BFF's 16 KB JSON limit, since the upstream may add the provider's raw response.
const CALLBACK_BODY_LIMIT = '64kb';

/** The body of a notification, as text whatever its content type says (the upstream's is not documented). */
export const notificationBody = () => express.text({ type: () => true, limit: CALLBACK_BODY_LIMIT });

type CallbackRequest = Request<{ orderReference: string; secret: string }> & { order?: StoredOrder };

export function callbackRoutes(notifications: UpstreamNotifications, rateLimit: RequestHandler): Router {
  const router = Router();
  /** The order the address names, if its secret is right; before any of the body is read. */
  const addressedOrder: RequestHandler = async (req, _res, next) => {
    const { orderReference, secret } = (req as CallbackRequest).params;
    const order = await notifications.order(orderReference);
    if (!order || !secretMatches(order.callbackSecret, secret)) {
      throw new DomainError('not_found', 'There is nothing at this address.');
    }
    (req as CallbackRequest).order = order;
    next();
  };
  router.post(CALLBACK_ROUTE, rateLimit, addressedOrder, notificationBody(), async (req: CallbackRequest, res) => {
    // Whatever the body says (even nothing readable), the order is read again: the URL names it.
    const outcome = await notifications.answerFast(req.order!, readHint(req.body));
    res.status(outcome === 'done' ? 200 : 202).json({ received: true });
  });
  return router;
}

/** These routes in the OpenAPI document (bff/routes/openapi.ts assembles it). */
export const callbackPaths = () => ({
  '/v1/callbacks/{orderReference}/{secret}': {
    post: operation({
      operationId: 'upstreamCallback',
      summary:
        "The upstream's callback (dynamicCallbackUrl): the per-client limit, then the order and its secret, and only then the body (64 KB at most), which is only a hint: the order is re-read (one read per order and claimed status per 5 s), journalled when it changed",
      params: { ...ORDER, secret: "The order's callback secret, in the URL the BFF gave the upstream" },
      body: { description: 'Any body, read as text: never refused for what it carries' },
      answers: [
        { status: 200, description: 'Recorded (whatever the body holds)', json: 'Received' },
        { status: 202, description: 'Accepted: the re-read goes on', json: 'Received' },
      ],
      problems: ['not_found', 'rate_limited', 'ledger_unavailable'],
    }),
  },
});
