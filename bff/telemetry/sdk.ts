// The standalone server's OpenTelemetry SDK (opi-bff, npm run serve, the image): started only when the standard
// OTEL_EXPORTER_OTLP_ENDPOINT (or _TRACES_ENDPOINT) is set, and loaded only then (bff/main.ts imports this file on
// demand), so a BFF without an exporter carries none of it. Spans go out over OTLP/HTTP in batches; the sampler,
// headers, timeouts and resource follow the other standard OTEL_* variables, read by the SDK itself. As a library
// (opi-checkout/server) the BFF never starts this: the host application's SDK, if any, records its spans.
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

export interface Tracing {
  /** Sends what is buffered now. */
  flush(): Promise<void>;
  /** Sends what is buffered and stops (on SIGTERM, after the server has closed). */
  shutdown(): Promise<void>;
}

export function startTracing(url: string): Tracing {
  const resource = resourceFromAttributes({ 'service.name': 'opi-bff' }).merge(
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES, as every SDK reads them.
    detectResources({ detectors: [envDetector] }),
  );
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url }))],
  });
  // The W3C trace context propagator and the AsyncLocalStorage context manager, as the API's globals.
  provider.register();
  return { flush: () => provider.forceFlush(), shutdown: () => provider.shutdown() };
}
