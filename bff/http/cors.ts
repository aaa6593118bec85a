// CORS for the widget API: only the configured storefront origins get a grant. A write from any other origin is
// refused outright, since a browser would send it (and we would act on it) before reading the CORS answer.
import type { RequestHandler } from 'express';
import { DomainError } from '../domain/errors.js';

const EXPOSED = 'X-Request-Id, Retry-After, RateLimit, RateLimit-Policy, Idempotent-Replayed';

export function widgetCors(allowedOrigins: readonly string[]): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return (req, res, next) => {
    const origin = req.get('origin');
    const granted = origin !== undefined && allowed.has(origin);
    res.vary('Origin');
    if (granted) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Expose-Headers', EXPOSED);
    }
    if (req.method === 'OPTIONS') {
      if (granted) {
        res.setHeader('Access-Control-Allow-Methods', 'GET, POST');
        // traceparent: the elements' W3C trace context, so a checkout's trace starts at the shopper's click.
        res.setHeader('Access-Control-Allow-Headers', 'Content-Type, Idempotency-Key, X-Request-Id, traceparent');
        // Local choice: two hours, Chromium's cap, so a page's calls share one preflight as far as browsers allow.
        res.setHeader('Access-Control-Max-Age', '7200');
      }
      res.status(204).end();
      return;
    }
    if (origin !== undefined && !granted && req.method !== 'GET' && req.method !== 'HEAD') {
      return next(new DomainError('origin_not_allowed', 'This origin may not use the checkout API.'));
    }
    next();
  };
}
