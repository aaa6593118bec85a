// Per-client rate limit for the public routes (the widget API, the return, the account webhook), keyed on the
// client IP as Express sees it (so `trust proxy` decides whether X-Forwarded-For counts). The counters live in the
// ledger when instances share one (PostgreSQL), so N instances allow the limit in total; in this process otherwise.
import { isIPv4 } from 'node:net';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { RequestHandler } from 'express';
import type { RateLimits } from '../store/rate-limits.js';
import { DomainError } from '../domain/errors.js';
import { sharedRateLimitStore } from './shared-rate-limit.js';

export interface RateLimitOptions {
  perMinute: number;
  /** This limiter's name: its counters are its own in a shared store. */
  name: string;
  /** The ledger, when several instances share it. */
  shared?: RateLimits;
  now: () => Date;
}

export function perClientRateLimit({ perMinute, name, shared, now }: RateLimitOptions): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit: perMinute,
    // draft-7: the same two headers as draft-8 without a SHA-256 of the client's key on every request (4% of the hot read).
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    ...(shared ? { store: sharedRateLimitStore(shared, name, now) } : {}),
    // A ledger that cannot count does not turn shoppers away: the route itself reports an unreachable ledger.
    passOnStoreError: true,
    // Its console warning about X-Forwarded-For without trust proxy is OPI_TRUST_PROXY's job (docs/configuration.md).
    validate: { xForwardedForHeader: false },
    // The default parses every address as IPv6 first; on a dual-stack socket most are IPv4 written as IPv6.
    keyGenerator: (req) => {
      const ip = req.ip ?? '';
      const mapped = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
      return isIPv4(mapped) ? mapped : ipKeyGenerator(ip);
    },
    handler(req, _res, next) {
      const reset = (req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const seconds = reset ? Math.max(1, Math.ceil((reset.getTime() - now().getTime()) / 1000)) : 60;
      next(
        new DomainError('rate_limited', 'Too many requests. Please wait a moment.', {
          retryable: true,
          retryAfterSeconds: seconds,
        }),
      );
    },
  });
}
