// GET /v1/funnel (merchant key): the conversion funnel per provider and hour, from this instance's counts
// (bff/metrics/funnel.ts); the demo console charts it. Prometheus has the same counts, summed over instances.
import { Router, type RequestHandler } from 'express';
import { funnelQuerySchema } from '../../shared/schemas/merchant-api.js';
import { parseOrRefuse } from '../domain/errors.js';
import type { Funnel } from '../metrics/funnel.js';

export function funnelRoutes(funnel: Funnel, auth: RequestHandler): Router {
  const router = Router();
  router.get('/v1/funnel', auth, (req, res) => {
    const { hours } = parseOrRefuse(funnelQuerySchema, req.query, 'query');
    res.json(funnel.window(hours));
  });
  return router;
}
