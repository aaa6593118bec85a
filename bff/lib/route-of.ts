// The route a request matched, as written in the app (`/v1/orders/:orderReference`): the metrics' label and the
// request span's name, so an id never becomes either.
import type { ServerResponse } from 'node:http';
import type { Request } from 'express';

export function routeOf(req: Request, res: ServerResponse & { locals?: Record<string, unknown> }): string {
  if (!req.route) return 'unmatched';
  const base = typeof res.locals?.mountPattern === 'string' ? res.locals.mountPattern : req.baseUrl;
  const path = String(req.route.path);
  return path === '/' && base ? base : `${base}${path}`;
}
