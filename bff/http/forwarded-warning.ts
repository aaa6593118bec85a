// OPI_TRUST_PROXY is off by default: without a proxy in front, any client could set X-Forwarded-For and choose its
// own address, voiding every per-client limit. A deployment behind a proxy must say so; until it does, the first
// request that arrives with forwarding headers is a sign it forgot, said once in the log (docs/configuration.md).
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

export function warnOnceForwarded(logger: Logger): RequestHandler {
  let warned = false;
  return (req, _res, next) => {
    if (!warned && (req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined)) {
      warned = true;
      logger.warn(
        'a request came with X-Forwarded-For or Forwarded while OPI_TRUST_PROXY is off: behind a proxy, set it to the proxy (a hop count or its addresses) so rate limits see each client; without one, leave it off',
      );
    }
    next();
  };
}
