// Tracing for one test file: an OTLP receiver in the process, and the standalone server's SDK
// (bff/telemetry/sdk.ts) sending to it, as `OTEL_EXPORTER_OTLP_ENDPOINT=<receiver>` would start it. The SDK sets the
// OpenTelemetry API's process-wide globals, so they are taken down again after the file.
import { context, propagation, trace } from '@opentelemetry/api';
import { afterAll, beforeAll } from 'vitest';
import { startTracing, type Tracing } from '../../bff/telemetry/sdk.js';
import { type ReceivedSpan, startOtlpReceiver } from './otlp-receiver.js';
import { running } from './stack.js';

export function useTracing() {
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>> | undefined;
  let tracing: Tracing | undefined;
  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    tracing = startTracing(`${receiver.url}/v1/traces`);
  });
  afterAll(async () => {
    await tracing?.shutdown();
    trace.disable();
    context.disable();
    propagation.disable();
    await receiver?.close();
  });
  return {
    /** Every span of the trace, once what the SDK buffered has reached the receiver. */
    async spansOf(traceId: string): Promise<ReceivedSpan[]> {
      await running(tracing, 'tracing').flush();
      return running(receiver, 'the OTLP receiver').spans.filter((span) => span.traceId === traceId);
    },
    get receiver() {
      return running(receiver, 'the OTLP receiver');
    },
  };
}
