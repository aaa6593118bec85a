// Per-client rate limit for the public routes (the widget API, the account webhook), keyed on the client IP as Express sees it (so `trust proxy`
// decides whether X-Forwarded-For counts). Local choice: the counters live in this process; several instances
// behind a load balancer each allow the limit.
import { rateLimit } from 'express-rate-limit';
import type { RequestHandler } from 'express';
import { HttpProblem } from './problem.js';

export function perClientRateLimit(perMinute: number): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit: perMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    // Its console warning about X-Forwarded-For without trust proxy is OPI_TRUST_PROXY's job (docs/configuration.md).
    validate: { xForwardedForHeader: false },
    handler(req, _res, next) {
      const reset = (req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const seconds = reset ? Math.max(1, Math.ceil((reset.getTime() - Date.now()) / 1000)) : 60;
      next(
        new HttpProblem('rate_limited', 'Too many requests. Please wait a moment.', {
          retryable: true,
          headers: { 'Retry-After': String(seconds) },
        }),
      );
    },
  });
}
