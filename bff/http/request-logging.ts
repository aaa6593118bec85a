// One log line per request with its id: a caller's X-Request-Id is kept when it looks like an id, otherwise a new
// one is made; either way it is echoed back. Only method, path, origin, peer, status and timing are logged: no
// headers, no bodies, the callback secret and checkout session id in a URL masked, the URL and origin clipped.
//
// Written here rather than with pino-http, which makes a child logger (and runs the redaction paths) for every
// request: on the widget's hot read that was a sixth of the CPU. The access line is built from the fields above
// only, so it goes through a child without redaction; anything an error handler logs about the request goes
// through requestLog(req), made only when needed, with the logger's redaction.
import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';

/**
 * The same URL with what opens something masked, for logs: the callback and account webhook secrets, a checkout session id (the widget's
 * only credential; it opens the shopper's prefill), and a return's signature (whoever has it can replay the return).
 * Case-insensitive, as Express routes are.
 */
export function maskSecretsInUrl(url: string): string {
  const masked = url
    .replace(/(\/v1\/callbacks\/[^/?#]+\/)[^/?#]+/i, '$1[redacted]')
    .replace(/(\/v1\/webhooks\/upstream\/)[^/?#]+/i, '$1[redacted]')
    .replace(/(\/v1\/checkout-sessions\/)[^/?#]+/i, '$1[redacted]');
  // Also under a mount path (createCheckoutRouter at /checkout-api, say): the path is the request's original URL.
  return /^[^?#]*\/v1\/returns\//i.test(masked) ? masked.replace(/([?&]hash=)[^&#]*/gi, '$1[redacted]') : masked;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

// Local choice: what of a caller's URL and Origin a log line keeps. A stranger's 16 KB URL costs a line of this size,
// not of theirs; a real URL or origin of this service is far shorter.
const URL_LOGGED = 512;
const ORIGIN_LOGGED = 256;

/** At most `max` characters of `text`, marked when cut. */
const clipped = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);
const LOGGER = Symbol('request logger');

interface LoggedRequest extends Request {
  id?: string;
  [LOGGER]?: Logger;
}

const requestFields = (req: LoggedRequest) => ({
  id: req.id,
  method: req.method,
  url: clipped(maskSecretsInUrl(req.originalUrl), URL_LOGGED),
  origin: req.headers.origin === undefined ? undefined : clipped(req.headers.origin, ORIGIN_LOGGED),
  remoteAddress: req.socket?.remoteAddress,
});

export function requestLogging(logger: Logger): RequestHandler {
  const access = logger.child({}, { redact: [] });
  return (req: LoggedRequest, res, next) => {
    const started = performance.now();
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    req.id = id;
    req[LOGGER] = logger;
    res.setHeader('X-Request-Id', id);
    if (req.url === '/healthz') {
      next();
      return;
    }
    const line = (finished: boolean) => {
      const status = res.statusCode;
      const level = !finished || status >= 500 ? (finished ? 'error' : 'warn') : status >= 400 ? 'warn' : 'info';
      if (!access.isLevelEnabled(level)) return;
      access[level](
        {
          req: requestFields(req),
          res: { statusCode: status },
          responseTime: Math.round(performance.now() - started),
        },
        finished ? 'request completed' : 'request aborted',
      );
    };
    res.once('close', () => line(res.writableFinished));
    next();
  };
}

/** The logger for what happens while answering `req`: its request fields bound, redaction on. */
export function requestLog(req: Request): Logger | undefined {
  const logged = req as LoggedRequest;
  return logged[LOGGER]?.child({ req: requestFields(logged) });
}
