// GET /v1/events (merchant key): the merchant notifications as a feed, from which a shop catches up after any outage
// of its endpoint. The bodies are the very ones the webhook is sent (signed there, listed here over the merchant's
// authenticated connection), ids included, so handling one twice is a shop's no-op.
import { Router, type RequestHandler } from 'express';
import { eventListQuerySchema } from '../../shared/schemas/merchant-api.js';
import { DomainError, parseOrRefuse } from '../domain/errors.js';
import type { Notifier } from '../notify/notifier.js';
import type { Store } from '../store/types.js';
import { jsonSchema, operation } from '../http/openapi-operation.js';

/**
 * A notification is listed once it is this old: one written later may commit behind an earlier one (another
 * instance's transaction), and a cursor past it would skip it. Local choice: the ledger's transactions take
 * milliseconds; a stalled one longer than this is the feed's known gap (docs/notifications.md).
 */
export const FEED_SETTLE_MS = 5_000;

export const notificationsOff = () =>
  new DomainError(
    'notifications_off',
    'Merchant notifications are off: set OPI_MERCHANT_WEBHOOK_URL and OPI_MERCHANT_WEBHOOK_SECRET (the feed lists what they send).',
  );

export function merchantEventRoutes(
  { store, notifier, now }: { store: Store; notifier: Notifier; now: () => Date },
  auth: RequestHandler,
): Router {
  const router = Router();
  router.get('/v1/events', auth, async (req, res) => {
    if (!notifier.enabled) throw notificationsOff();
    const query = parseOrRefuse(eventListQuerySchema, req.query, 'query');
    const after = Number(query.after ?? 0);
    const entries = await store.notifications.feed(after, query.limit + 1, new Date(now().getTime() - FEED_SETTLE_MS));
    const page = entries.slice(0, query.limit);
    // The stored bodies are the exact JSON delivered: spliced in as they are, not parsed and written again.
    res
      .type('json')
      .send(
        `{"data":[${page.map((entry) => entry.body).join(',')}],"nextCursor":"${page.at(-1)?.seq ?? after}","hasMore":${entries.length > query.limit}}`,
      );
  });
  return router;
}

/** These routes in the OpenAPI document (bff/routes/openapi.ts assembles it). */
export const merchantEventPaths = () => ({
  '/v1/events': {
    get: operation({
      operationId: 'listEvents',
      summary:
        'Every merchant notification, oldest first, the bodies the webhook is sent (ids included): catch up after an outage from the nextCursor kept last time. Each is listed 5 s after it was written (one committed late is not skipped); kept while retried and then as long as OPI_RETENTION_PERSONAL_DAYS',
      auth: 'merchant',
      query: (jsonSchema(eventListQuerySchema, 'input') as { properties: Record<string, unknown> }).properties,
      answers: [{ status: 200, description: 'A page of notifications', json: 'EventList' }],
      problems: ['validation_failed', 'notifications_off', 'ledger_unavailable'],
    }),
  },
});
