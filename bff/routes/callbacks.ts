// POST /v1/callbacks/:orderReference/:secret: the upstream's notifications (the dynamicCallbackUrl). The secret
// in the URL is the only proof of origin (the upstream signs nothing), so a wrong one is a plain 404 and changes
// nothing. What a notification does is bff/inbound/upstream-notifications.ts.
import { createHash, timingSafeEqual } from 'node:crypto';
import express, { Router, type Request } from 'express';
import { readHint, type UpstreamNotifications } from '../inbound/upstream-notifications.js';
import { CALLBACK_ROUTE } from '../checkout/urls.js';
import { DomainError } from '../domain/errors.js';
import { invalidText } from '../domain/text.js';

// Local choice: larger than the BFF's 16 KB JSON limit, since the upstream may add the provider's raw response.
const CALLBACK_BODY_LIMIT = '64kb';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
const secretMatches = (expected: string, given: string) => timingSafeEqual(digest(expected), digest(given));

/** The body of a notification, as text whatever its content type says (the upstream's is not documented). */
export const notificationBody = () => express.text({ type: () => true, limit: CALLBACK_BODY_LIMIT });

export function callbackRoutes(notifications: UpstreamNotifications): Router {
  const router = Router();
  router.post(
    CALLBACK_ROUTE,
    notificationBody(),
    async (req: Request<{ orderReference: string; secret: string }>, res) => {
      const order = await notifications.order(req.params.orderReference);
      if (!order || !secretMatches(order.callbackSecret, req.params.secret)) {
        throw new DomainError('not_found', 'There is nothing at this address.');
      }
      const hint = readHint(req.body);
      if (hint.invalidText) {
        // Journalled, and refused as what it is: a body that cannot be stored (not our failure, so no 503).
        await notifications.journalUnreadable(order, hint);
        throw invalidText(hint.invalidText);
      }
      const outcome = await notifications.answerFast(order, hint);
      res.status(outcome === 'done' ? 200 : 202).json({ received: true });
    },
  );
  return router;
}
