// Traces through the OpenTelemetry API only: the host application's SDK records them, or bff/telemetry/sdk.ts's when
// the standalone server is given an OTLP endpoint; with neither, every call here is the API's no-op. A request
// continues the caller's W3C trace context (the widget sends a traceparent); the BFF's own steps are spans under it,
// and the upstream is sent the context on. Attributes name routes, steps, statuses and counts: never a shopper, a
// session id, a secret or an amount.
import { type Attributes, context, propagation, SpanKind, SpanStatusCode, type Span, trace } from '@opentelemetry/api';
import type { RequestHandler } from 'express';
import { routeOf } from '../lib/route-of.js';

const tracer = trace.getTracer('opi-checkout');

/**
 * Runs `work` in a span of its own under the active one (`root`: a trace of its own, for work no request started);
 * a failure is recorded on it and thrown on.
 */
export function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span) => Promise<T>,
  { kind = SpanKind.INTERNAL, root = false }: { kind?: SpanKind; root?: boolean } = {},
): Promise<T> {
  return tracer.startActiveSpan(name, { attributes, kind, root }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error instanceof Error ? { name: error.name, message: error.message } : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** An upstream call's span: a client span, whose context the request's headers carry on (`traceparent`). */
export const inClientSpan = <T>(name: string, attributes: Attributes, work: (span: Span) => Promise<T>) =>
  inSpan(name, attributes, work, { kind: SpanKind.CLIENT });

/** The active trace context as headers for an outgoing request (nothing when no SDK is recording). */
export function traceHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  propagation.inject(context.active(), headers);
  return headers;
}

/** The active span's ids for a log line, when a trace is being recorded. */
export function traceIds(): { trace_id: string; span_id: string } | undefined {
  const span = trace.getActiveSpan();
  if (!span) return undefined;
  const { traceId, spanId, traceFlags } = span.spanContext();
  return traceFlags & 1 ? { trace_id: traceId, span_id: spanId } : undefined;
}

/**
 * A server span per request, continuing the caller's context, named by its route template when it ends
 * (`GET /v1/checkout-sessions/:id`). First in the app, so everything the request does runs inside it.
 */
export const traceRequests: RequestHandler = (req, res, next) => {
  // The caller's trace context only: baggage a stranger sends would otherwise ride on every upstream call.
  const parent = propagation.deleteBaggage(propagation.extract(context.active(), req.headers));
  const span = tracer.startSpan(
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
