// A request's body must arrive within OPI_BODY_TIMEOUT_MS of its headers. Node's requestTimeout does not cut a body
// sent a byte at a time once the request has reached the app (measured on Node 20), and the body parser waits as long
// as the socket stays open: without this, a stranger could hold a connection and a parser per request for as long as
// it liked. Past the deadline: 408 request_timeout, and the connection closed once the answer is out. A request
// answered before its body was read (a 404, 415, 429) is held to the same deadline: Node keeps reading the rest to
// reuse the connection, so the connection is closed when the body has not arrived by then.
import type { RequestHandler } from 'express';
import { DomainError } from '../domain/errors.js';
import { sendProblem } from './problem.js';

export function bodyDeadline(timeoutMs: number): RequestHandler {
  return (req, res, next) => {
    // Most requests (every GET, any small body) are whole before the app sees them: no timer for those.
    if (req.complete) return next();
    const timer = setTimeout(() => {
      if (req.complete) return;
      if (res.headersSent) {
        req.socket.destroy();
        return;
      }
      res.setHeader('Connection', 'close');
      res.once('finish', () => req.socket.destroy());
      sendProblem(
        res,
        new DomainError('request_timeout', `The request body did not arrive within ${timeoutMs} ms.`, {
          retryable: true,
        }),
      );
    }, timeoutMs);
    // Closed: whole (read by the app, or discarded by Node after an early answer), or its connection gone.
    req.once('close', () => clearTimeout(timer));
    next();
  };
}
