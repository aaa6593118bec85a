// POST /v1/webhooks/upstream: the merchant account's webhook, the one URL registered in the upstream's portal
// (Webhook/Callback Settings). The upstream sends REFUND_CALLBACK and ORDER_STATUS_UPDATE there, never to an
// order's dynamicCallbackUrl, flat or wrapped in `data`. Nothing proves who sent it (the docs show no signature),
// so it is only a hint: the BFF re-reads the order or its refunds, exactly as for a per-order callback. No notice is
// refused: one that names no order the ledger knows is acknowledged (202) and makes the live orders due for a read.
import { Router, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { readHint, type UpstreamNotifications } from '../inbound/upstream-notifications.js';
import { notificationBody } from './callbacks.js';

export const UPSTREAM_WEBHOOK_ROUTE = '/v1/webhooks/upstream';

export function upstreamWebhookRoutes(
  notifications: UpstreamNotifications,
  deps: { logger: Logger; rateLimit: RequestHandler },
): Router {
  const router = Router();
  router.post(UPSTREAM_WEBHOOK_ROUTE, deps.rateLimit, notificationBody(), async (req, res) => {
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
