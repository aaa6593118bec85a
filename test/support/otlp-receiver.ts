// An OTLP/HTTP trace receiver in the test process, as a collector would be: it takes what the BFF's exporter
// (bff/telemetry/sdk.ts) posts to /v1/traces, in OTLP's JSON encoding, and keeps every span it was sent.
import { createServer } from 'node:http';
import { listenOnPort0 } from './servers.js';

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  events: { name: string }[];
  /** The spans it links to (trace and span ids). */
  links: { traceId: string; spanId: string }[];
  service: unknown;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
type OtlpAttributes = { key: string; value: OtlpValue }[] | undefined;

const otlpValue = (value: OtlpValue) =>
  value.stringValue ??
  value.boolValue ??
  value.doubleValue ??
  (value.intValue === undefined ? undefined : Number(value.intValue));
const attributesOf = (list: OtlpAttributes) =>
  Object.fromEntries((list ?? []).map(({ key, value }) => [key, otlpValue(value)]));

export async function startOtlpReceiver() {
  const spans: ReceivedSpan[] = [];
  const contentTypes = new Set<string>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      contentTypes.add(String(req.headers['content-type']));
      if (req.method !== 'POST' || req.url !== '/v1/traces') return void res.writeHead(404).end();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      for (const resource of body.resourceSpans ?? []) {
        const service = attributesOf(resource.resource?.attributes)['service.name'];
        for (const scope of resource.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) {
            spans.push({
              traceId: span.traceId,
              spanId: span.spanId,
              ...(span.parentSpanId ? { parentSpanId: span.parentSpanId } : {}),
              name: span.name,
              kind: span.kind,
              attributes: attributesOf(span.attributes),
              events: (span.events ?? []).map((event: { name: string }) => ({ name: event.name })),
              links: (span.links ?? []).map((link: { traceId: string; spanId: string }) => ({
                traceId: link.traceId,
                spanId: link.spanId,
              })),
              service,
            });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const url = await listenOnPort0(server);
  return {
    /** The base endpoint, as OTEL_EXPORTER_OTLP_ENDPOINT takes it. */
    url,
    spans,
    contentTypes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
