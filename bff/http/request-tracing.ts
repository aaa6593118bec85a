// A server span per request, continuing the caller's traceparent and nothing else: a stranger's tracestate and
// baggage would otherwise ride on to the upstream, the token host and the merchant. Whether the request is recorded
// is the sampler's to say: the standalone server's does not take the caller's sampled flag (bff/telemetry/sdk.ts); a
// host application's sampler decides as that application configured it. Named by its route template when it ends
// (`GET /v1/checkout-sessions/:id`). First in the app, so everything the request does runs inside it. Mounted in a
// host application whose instrumentation made a span for the request already, the BFF's span is that span's child.
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { RequestHandler } from 'express';
import { tracer, tracingOff } from '../telemetry/tracing.js';
import { routeOf } from './route-of.js';

/**
 * The request's parent: inside a host application whose own instrumentation already made a server span, that span
 * (the host's propagator decided what it took from outside); else the caller's traceparent alone. Baggage never.
 */
function parentOf(traceparent: unknown) {
  const active = propagation.deleteBaggage(context.active());
  if (trace.getSpan(active)) return active;
  return typeof traceparent === 'string' ? propagation.extract(active, { traceparent }) : active;
}

export const traceRequests: RequestHandler = (req, res, next) => {
  if (tracingOff()) return next();
  const parent = parentOf(req.headers.traceparent);
  const span = tracer().startSpan(
    req.method,
    { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method } },
    parent,
  );
  if (span.isRecording())
    res.once('close', () => {
      const route = routeOf(req, res);
      span.updateName(`${req.method} ${route}`);
      span.setAttributes({ 'http.route': route, 'http.response.status_code': res.statusCode });
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
  context.with(trace.setSpan(parent, span), next);
};
