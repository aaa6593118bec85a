// With no tracing SDK and no propagator registered, the BFF skips its spans (bff/telemetry/tracing.ts, tracingOff):
// the steps still run and fail as before, and nothing is sent on. A provider or a propagator registered later, as a
// host application may do after mounting the BFF, turns them back on.
import { context, propagation, trace } from '@opentelemetry/api';
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-node';
import { afterEach, describe, expect, it } from 'vitest';
import { inSpan, traceHeaders, tracingOff } from '../../../bff/telemetry/tracing.js';

afterEach(() => {
  trace.disable();
  propagation.disable();
  context.disable();
});

describe('tracing off', () => {
  it('runs a step without a span when nothing is registered, its answer and its failure as they were', async () => {
    expect(tracingOff()).toBe(true);
    expect(await inSpan('step', {}, async (span) => [span.isRecording(), span.spanContext().traceId])).toEqual([
      false,
      '0'.repeat(32),
    ]);
    await expect(
      inSpan('step', {}, async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(traceHeaders()).toEqual({});
  });

  it('is on again once a tracer provider is registered, and off once it is gone', async () => {
    trace.setGlobalTracerProvider(new BasicTracerProvider());
    expect(tracingOff()).toBe(false);
    expect(await inSpan('step', {}, async (span) => span.isRecording())).toBe(true);
    trace.disable();
    expect(tracingOff()).toBe(true);
  });

  it('is on when only a propagator is registered: the caller’s context is carried on as before', () => {
    // A host's own propagator: what it names is what it carries.
    propagation.setGlobalPropagator({ inject() {}, extract: (active) => active, fields: () => ['traceparent'] });
    expect(tracingOff()).toBe(false);
  });
});
