// Every request timed for the metrics by method, route pattern and status: the route as written in the app, so an id
// never becomes a series. First in the app, beside the request's span.
import type { RequestHandler } from 'express';
import type { Metrics } from '../metrics/metrics.js';
import { routeOf } from './route-of.js';

export function timeRequests(metrics: Pick<Metrics, 'observeRequest'>): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.observeRequest({ method: req.method, route: routeOf(req, res), status: res.statusCode }, seconds);
    });
    next();
  };
}
