// GET /v1/funnel (merchant key): the conversion funnel per provider and hour, from this instance's counts
// (bff/metrics/funnel.ts); the demo console charts it. Prometheus has the same counts, summed over instances.
import { Router, type RequestHandler } from 'express';
import { funnelQuerySchema } from '../../shared/schemas/merchant-api.js';
import { parseOrRefuse } from '../domain/errors.js';
import type { Funnel } from '../metrics/funnel.js';
import { jsonSchema, operation } from '../http/openapi-operation.js';

export function funnelRoutes(funnel: Funnel, auth: RequestHandler): Router {
  const router = Router();
  router.get('/v1/funnel', auth, (req, res) => {
    const { hours } = parseOrRefuse(funnelQuerySchema, req.query, 'query');
    res.json(funnel.window(hours));
  });
  return router;
}

/** These routes in the OpenAPI document (bff/routes/openapi.ts assembles it). */
export const funnelPaths = () => ({
  '/v1/funnel': {
    get: operation({
      operationId: 'getFunnel',
      summary:
        "The checkout's conversion per provider and hour, from this instance's counts since it started: shown, chosen, placed, returned, then the outcome (paid, on_hold, declined, cancelled, error, failed), then recovered (paid after a declined or failed attempt of the session) and declined_recovered (per attempt so recovered, on its provider); nothing about anyone",
      auth: 'merchant',
      query: (jsonSchema(funnelQuerySchema, 'input') as { properties: Record<string, unknown> }).properties,
      answers: [{ status: 200, description: 'The last `hours` hours, oldest first', json: 'Funnel' }],
      problems: ['validation_failed'],
    }),
  },
});
