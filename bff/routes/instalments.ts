// GET /v1/instalments (public, CORS for the shop's origins, rate limited): the same answer for everyone asking about
// the same price, so a CDN may keep it for as long as the BFF keeps the upstream's options.
import { Router } from 'express';
import { instalmentsView } from '../checkout/instalments.js';
import type { OptionsSnapshots } from '../checkout/options-snapshot.js';

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
