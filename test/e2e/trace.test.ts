// One checkout walked in a real Chromium is one trace, from the shopper's click to the upstream call: the element
// sends its traceparent, the BFF continues it (the standalone server's SDK sending to an OTLP receiver here), and
// the sandbox is sent the context on.
import { describe, expect, it } from 'vitest';
import { useTracing } from '../support/tracing.js';
import { fillCartAndCheckOut, payWith } from './shopper.js';
import { useStack } from './use-stack.js';

const tracing = useTracing();
const e2e = useStack();

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

describe('a checkout in the browser', () => {
  it('is one trace from the click to the upstream call', async () => {
    const { page } = e2e.shopper;
    const sent: { method: string; path: string; traceparent?: string }[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === e2e.stack.bff.url && url.pathname.startsWith('/v1/'))
        sent.push({ method: request.method(), path: url.pathname, traceparent: request.headers().traceparent });
    });
    await fillCartAndCheckOut(page, e2e.stack, [{ product: 'lantern', quantity: 1 }]);
    await payWith(page, e2e.stack, /Tabby/);

    // The element's calls: the session read and the order, one trace id, a span id each.
    const read = sent.find((entry) => entry.method === 'GET' && entry.path.startsWith('/v1/checkout-sessions/'));
    const order = sent.find((entry) => entry.method === 'POST' && entry.path.endsWith('/orders'));
    const [, traceId, readSpan] = TRACEPARENT.exec(read?.traceparent ?? '') ?? [];
    const [, orderTrace, orderSpan] = TRACEPARENT.exec(order?.traceparent ?? '') ?? [];
    expect(traceId).toBeDefined();
    expect(orderTrace).toBe(traceId);
    expect(orderSpan).not.toBe(readSpan);

    const spans = await tracing.spansOf(traceId!);
    const server = (name: string) => spans.find((span) => span.name === name);
    expect(server('GET /v1/checkout-sessions/:id')?.parentSpanId).toBe(readSpan);
    const placement = server('POST /v1/checkout-sessions/:id/orders');
    expect(placement?.parentSpanId).toBe(orderSpan);
    const send = server('placement send');
    expect(send?.parentSpanId).toBe(placement!.spanId);
    const create = server('upstream create-order');
    expect(create?.parentSpanId).toBe(send!.spanId);
    const received = e2e.stack.sandbox.journal.find((entry) => entry.method === 'POST' && entry.path === '/orders');
    expect(received?.traceparent).toBe(`00-${traceId}-${create!.spanId}-01`);
  });
});
