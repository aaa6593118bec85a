// POST /v1/webhooks/upstream: the merchant account's webhook, the one URL registered in the upstream's portal
// (Webhook/Callback Settings). The upstream sends REFUND_CALLBACK and ORDER_STATUS_UPDATE there, never to an
// order's dynamicCallbackUrl, flat or wrapped in `data`. Nothing proves who sent it (the docs show no signature),
// so it is only a hint: the BFF re-reads the order or its refunds, exactly as for a per-order callback. Repeats
// of one notification within a minute are answered without work; unknown orders are acknowledged and ignored.
import { Router, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { type Hint, readHint, type UpstreamNotifications } from '../inbound/upstream-notifications.js';
import { DomainError } from '../domain/errors.js';
import { invalidText } from '../domain/text.js';
import { notificationBody } from './callbacks.js';
import { remember } from '../lib/bounded.js';

export const UPSTREAM_WEBHOOK_ROUTE = '/v1/webhooks/upstream';

// Local choice: how long a repeat counts as the same delivery, and how many recent ones are remembered.
const REPEAT_WINDOW_MS = 60_000;
const REMEMBERED = 10_000;

/** Recently seen notifications, oldest first. */
function repeatFilter(now: () => Date) {
  const seen = new Map<string, number>();
  return (hint: Hint): boolean => {
    const key = JSON.stringify([hint.event, hint.orderReference, hint.status ?? null, hint.refundReference ?? null]);
    const at = now().getTime();
    const last = seen.get(key);
    remember(seen, key, at, REMEMBERED);
    return last !== undefined && at - last < REPEAT_WINDOW_MS;
  };
}

export function upstreamWebhookRoutes(
  notifications: UpstreamNotifications,
  deps: { logger: Logger; now: () => Date; rateLimit: RequestHandler },
): Router {
  const router = Router();
  const { rateLimit } = deps;
  const isRepeat = repeatFilter(deps.now);
  router.post(UPSTREAM_WEBHOOK_ROUTE, rateLimit, notificationBody(), async (req, res) => {
    const hint = readHint(req.body);
    if (hint.invalidText) {
      deps.logger.warn({ event: hint.event }, 'account webhook: a notification with text that cannot be stored');
      throw invalidText(hint.invalidText);
    }
    if (hint.event === 'unreadable' || !hint.orderReference) {
      deps.logger.warn({ event: hint.event }, 'account webhook: a notification without an event or an order reference');
      throw new DomainError(
        'unreadable_notification',
        'A notification needs an event and the order it is about (merchantReference).',
      );
    }
    const log = { event: hint.event, orderReference: hint.orderReference, hintStatus: hint.status };
    if (isRepeat(hint)) {
      deps.logger.info(log, 'account webhook: a repeat, already acted on');
      res.status(200).json({ received: true });
      return;
    }
    const order = await notifications.order(hint.orderReference);
    if (!order) {
      // Not ours (another integration on the same account) or not recorded yet: nothing to re-read.
      deps.logger.info(log, 'account webhook: no such order in the ledger; ignored');
      res.status(202).json({ received: true });
      return;
    }
    deps.logger.info(log, 'account webhook: re-reading the order');
    const outcome = await notifications.answerFast(order, hint);
    res.status(outcome === 'done' ? 200 : 202).json({ received: true });
  });
  return router;
}
