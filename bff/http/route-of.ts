// The route a request matched, as written in the app (`/v1/orders/:orderReference`): the metrics' label and the
// request span's name, so an id never becomes either.
import type { ServerResponse } from 'node:http';
import type { Request } from 'express';

export function routeOf(req: Request, res: ServerResponse & { locals?: Record<string, unknown> }): string {
  if (!req.route) return 'unmatched';
  // Express matches a path in any case and gives a mount as the request spelt it: every mount without a pattern of
  // its own is literal and lower case, so the label is too, never a stranger's spelling (a metrics series each).
  const base = typeof res.locals?.mountPattern === 'string' ? res.locals.mountPattern : req.baseUrl.toLowerCase();
  const path = String(req.route.path);
  return path === '/' && base ? base : `${base}${path}`;
}
