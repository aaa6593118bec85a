// The standalone server's OpenTelemetry SDK (opi-bff, npm run serve, the image): started only when the standard
// OTEL_EXPORTER_OTLP_ENDPOINT (or _TRACES_ENDPOINT) is set, and loaded only then (bff/main.ts imports this file on
// demand), so a BFF without an exporter carries none of it. Spans go out over OTLP/HTTP in batches; headers,
// timeouts and resource follow the other standard OTEL_* variables, read by the SDK itself. The sampler is ours: a
// caller's sampled flag decides nothing (a stranger could otherwise have every request recorded, or none); a request
// is sampled as a trace of our own would be, by OTEL_TRACES_SAMPLER's ratio when it names one (applied to the trace
// id, which the caller's traceparent may choose), else always. As a library (opi-checkout/server) the BFF never starts
// this: the host application's SDK, if any, records its spans, sampled as that application configured it.
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  NodeTracerProvider,
  ParentBasedSampler,
  type Sampler,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-node';

export interface Tracing {
  /** Sends what is buffered now. */
  flush(): Promise<void>;
  /** Sends what is buffered and stops (on SIGTERM, after the server has closed). */
  shutdown(): Promise<void>;
}

/** The root sampler OTEL_TRACES_SAMPLER names (its parentbased_ forms read as the same root), else always on. */
function rootSampler(env: Record<string, string | undefined>): Sampler {
  const name = (env.OTEL_TRACES_SAMPLER ?? '').replace(/^parentbased_/, '');
  if (name === 'always_off') return new AlwaysOffSampler();
  if (name === 'traceidratio') {
    const ratio = Number(env.OTEL_TRACES_SAMPLER_ARG ?? '1');
    return new TraceIdRatioBasedSampler(Number.isFinite(ratio) ? Math.min(1, Math.max(0, ratio)) : 1);
  }
  return new AlwaysOnSampler();
}

/** Our own spans follow their parent's choice; a request from outside is sampled as a root, whatever it says. */
function samplerOf(env: Record<string, string | undefined>): Sampler {
  const root = rootSampler(env);
  return new ParentBasedSampler({ root, remoteParentSampled: root, remoteParentNotSampled: root });
}

export function startTracing(url: string, env: Record<string, string | undefined> = process.env): Tracing {
  const resource = resourceFromAttributes({ 'service.name': 'opi-bff' }).merge(
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES, as every SDK reads them.
    detectResources({ detectors: [envDetector] }),
  );
  const provider = new NodeTracerProvider({
    resource,
    sampler: samplerOf(env),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url }))],
  });
  // The W3C trace context propagator and the AsyncLocalStorage context manager, as the API's globals.
  provider.register();
  return { flush: () => provider.forceFlush(), shutdown: () => provider.shutdown() };
}
