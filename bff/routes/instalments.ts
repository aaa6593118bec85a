// GET /v1/instalments (public, CORS for the shop's origins, rate limited): the same answer for everyone asking about
// the same price, so a CDN may keep it for as long as the BFF keeps the upstream's options.
import { Router } from 'express';
import { MAX_AMOUNT } from '../../shared/schemas/fields.js';
import { instalmentsView } from '../checkout/instalments.js';
import type { OptionsSnapshots } from '../checkout/options-snapshot.js';
import { operation, UPSTREAM_FAILURES, WIDGET_GUARDS } from '../http/openapi-operation.js';

export function instalmentsRoutes(snapshots: OptionsSnapshots, maxAgeSeconds: number): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    const view = await instalmentsView(snapshots, req.query);
    // Public, unlike the rest of /v1 (widgetCors has already added Vary: Origin, as its grant differs by origin).
    res.setHeader('Cache-Control', `public, max-age=${maxAgeSeconds}`);
    res.json(view);
  });
  return router;
}

/** These routes in the OpenAPI document (bff/routes/openapi.ts assembles it). */
export const instalmentsPaths = () => ({
  '/v1/instalments': {
    get: operation({
      operationId: 'getInstalments',
      summary:
        "The instalment plans for a price, for `<opi-instalments>` on product and cart pages: public (no session, nothing about anyone), CORS for OPI_ALLOWED_ORIGINS, cacheable for the options cache time (`Cache-Control: public`, `Vary: Origin`); `availableFrom` when no provider takes the price and some take more. `country` is checked and reserved: the upstream's options take no country",
      query: {
        amount: {
          type: 'string',
          description: `Decimal, in the currency's major unit: "189.00"; above 0, at most ${MAX_AMOUNT}, no more decimals than the currency has (2 at most)`,
        },
        currency: { type: 'string', description: 'ISO 4217' },
        country: { type: 'string', description: 'ISO 3166-1 alpha-2' },
        channel: { type: 'string', description: 'The sales channel, when providers are configured per channel' },
      },
      requiredQuery: ['amount', 'currency', 'country'],
      answers: [{ status: 200, description: 'The plans', json: 'InstalmentsView' }],
      problems: ['validation_failed', ...WIDGET_GUARDS, ...UPSTREAM_FAILURES],
    }),
  },
});
