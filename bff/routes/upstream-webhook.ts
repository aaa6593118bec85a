// POST /v1/webhooks/upstream/:secret: the merchant account's webhook, the one URL registered in the upstream's
// portal (Webhook/Callback Settings). The upstream sends REFUND_CALLBACK and ORDER_STATUS_UPDATE there, never to an
// order's dynamicCallbackUrl, flat or wrapped in `data`. The upstream signs nothing, so the URL carries a secret of
// the merchant's (OPI_UPSTREAM_WEBHOOK_SECRET): a wrong one is a plain 404 before the limiter, the ledger or the body
// is touched, and without one configured the account webhook is off. Even then the body is only a hint: the BFF
// re-reads the order or its refunds, exactly as for a per-order callback. One that names no order the ledger knows
// is acknowledged (202) and may make the recent live orders due for a read (../inbound/upstream-notifications.ts).
import { Router, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { DomainError } from '../domain/errors.js';
import { readHint, type UpstreamNotifications } from '../inbound/upstream-notifications.js';
import { secretMatches } from '../lib/secret-match.js';
import { notificationBody } from './callbacks.js';
import { operation } from '../http/openapi-operation.js';

export const UPSTREAM_WEBHOOK_ROUTE = '/v1/webhooks/upstream/:secret';

export function upstreamWebhookRoutes(
  notifications: UpstreamNotifications,
  deps: { logger: Logger; rateLimit: RequestHandler; secret: string | undefined },
): Router {
  const router = Router();
  const { secret } = deps;
  if (secret === undefined) return router;
  const rightSecret: RequestHandler = (req, _res, next) => {
    if (!secretMatches(secret, String(req.params.secret))) {
      throw new DomainError('not_found', 'There is nothing at this address.');
    }
    next();
  };
  router.post(UPSTREAM_WEBHOOK_ROUTE, rightSecret, deps.rateLimit, notificationBody(), async (req, res) => {
    const hint = readHint(req.body);
    const order = await notifications.place(hint);
    if (!order) {
      // Not ours (another integration on the same account), not recorded yet, or named by an id not learnt yet.
      deps.logger.info({ event: hint.event }, 'account webhook: no order in the ledger named; acknowledged');
      await notifications.unplaced(hint);
      res.status(202).json({ received: true });
      return;
    }
    deps.logger.info(
      { event: hint.event, orderReference: order.orderReference, hintStatus: hint.status },
      'account webhook: re-reading the order',
    );
    const outcome = await notifications.answerFast(order, hint);
    res.status(outcome === 'done' ? 200 : 202).json({ received: true });
  });
  return router;
}

/** These routes in the OpenAPI document (bff/routes/openapi.ts assembles it). */
export const upstreamWebhookPaths = () => ({
  '/v1/webhooks/upstream/{secret}': {
    post: operation({
      operationId: 'upstreamAccountWebhook',
      summary:
        "The merchant account's webhook (register it in the upstream's portal with its secret, OPI_UPSTREAM_WEBHOOK_SECRET; a wrong secret is 404 before any work, and without the setting the webhook is off): REFUND_CALLBACK and ORDER_STATUS_UPDATE, flat or in `data`; only a hint, the order or its refunds are re-read. A notice is placed by its merchantReference/orderReference, else by its refundReference (as sent, or as the upstream answers it, X-00), else by an id of the upstream's the ledger has learnt (transactionId, transactionReference, bnplOrderId); one that names nothing known is acknowledged and makes the recent live orders (created within the poll horizon) and those with a refund, capture or void open due for a read (at most 100 of each, once per 30 s for every instance together); a REFUND_CALLBACK also the recent ones with money to refund (100, once per 30 s). Never refused for a field it lacks",
      params: { secret: 'The secret of OPI_UPSTREAM_WEBHOOK_SECRET, as registered in the portal' },
      body: {
        type: 'object',
        properties: {
          event: { type: 'string' },
          status: { type: 'string' },
          transactionId: { type: 'string' },
          merchantReference: { type: 'string' },
          data: { type: 'object' },
        },
      },
      answers: [
        { status: 200, description: 'Acted on (or a repeat of one acted on within a minute)', json: 'Received' },
        {
          status: 202,
          description:
            'Accepted: still working, or no order here that it names (unreadable or unknown; the live orders are read again)',
          json: 'Received',
        },
      ],
      problems: ['not_found', 'rate_limited', 'ledger_unavailable'],
    }),
  },
});
