// Traces through the OpenTelemetry API only: the host application's SDK records them, or bff/telemetry/sdk.ts's when
// the standalone server is given an OTLP endpoint; with neither, every call here is the API's no-op. A request
// continues the caller's traceparent alone (bff/http/request-tracing.ts); the BFF's own steps are spans under it,
// and the upstream is sent our context on. Work no request owns (a drain of merchant notifications, a reconciliation
// round) starts from the root context in a trace of its own, linked to whatever started it. Attributes name routes,
// steps, statuses and counts: never a shopper, a session id, a secret or an amount.
import {
  type Attributes,
  context,
  INVALID_SPAN_CONTEXT,
  isSpanContextValid,
  type Link,
  propagation,
  ProxyTracerProvider,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  type Span,
  trace,
} from '@opentelemetry/api';

/** The tracer of the provider registered now (one bound once would stay with a provider a host replaced). */
export const tracer = () => trace.getTracer('opi-checkout');

/** What the API's global tracer provider delegates to while no SDK is registered. */
const NO_SDK = new ProxyTracerProvider().getDelegate();
const UNRECORDED = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

/**
 * No SDK records spans and no propagator carries context: then a span is the API's no-op and a context holds nothing,
 * so the request's span and its steps' are skipped (a few % of a cached session read). Asked each time: a host
 * application may register its SDK after mounting the BFF. An API copy of another version than ours counts as
 * tracing.
 */
export function tracingOff(): boolean {
  const provider = trace.getTracerProvider();
  return (
    provider instanceof ProxyTracerProvider && provider.getDelegate() === NO_SDK && propagation.fields().length === 0
  );
}

/**
 * Runs `work` in a span of its own under the active one (`root`: a trace of its own, for work no request started);
 * a failure is recorded on it and thrown on.
 */
export function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span) => Promise<T>,
  { kind = SpanKind.INTERNAL, root = false, links = [] }: { kind?: SpanKind; root?: boolean; links?: Link[] } = {},
): Promise<T> {
  if (tracingOff()) return work(UNRECORDED);
  return tracer().startActiveSpan(name, { attributes, kind, root, links }, async (span) => {
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
 * Work that outlives the request or round that asked for it: run from the root context, in a trace of its own (a
 * span `name`), linked to the span that started it, so another order's notifications never go out under one
 * shopper's (or a stranger's) trace id.
 */
export function inBackground<T>(name: string, work: () => Promise<T>): Promise<T> {
  const starter = trace.getSpanContext(context.active());
  const links = starter && isSpanContextValid(starter) ? [{ context: starter }] : [];
  return context.with(ROOT_CONTEXT, () => inSpan(name, {}, work, { root: true, links }));
}
