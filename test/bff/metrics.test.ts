// Prometheus metrics on their own listener (OPI_METRICS_PORT in bff/main.ts): requests by route pattern (never an
// id), upstream calls by operation and outcome, the ledger's gauges read at the scrape, the process's defaults;
// and nothing of it on the public port.
import { describe, expect, it } from 'vitest';
import { call, createSession } from '../support/checkout.js';
import { useCheckoutStack } from '../support/stack.js';
import { storeDrivers } from '../support/store.js';
import { FAST_SANDBOX, placeOrder, testClock } from './after-payment-harness.js';

/** The value of one series in Prometheus text, or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(storeDrivers())('metrics on the $name ledger', ({ open }) => {
  const clock = testClock();
  const stack = useCheckoutStack({ sandbox: FAST_SANDBOX, openStore: open, bff: 'none', now: clock.now });

  it('time requests by route and upstream calls by operation, and read the ledger at each scrape', async () => {
    const bff = await stack.startBff({ metrics: true, now: clock.now });
    const { sessionId, orderReference } = await placeOrder(bff.url);
    expect((await call(`${bff.url}/v1/checkout-sessions/${sessionId}`)).status).toBe(200);
    expect((await call(`${bff.url}/v1/checkout-sessions/cs_unknown_0000000000000000`)).status).toBe(404);
    expect((await call(`${bff.url}/no/such/path`)).status).toBe(404);
    expect((await call(`${bff.url}/metrics`)).status).toBe(404);
    clock.advance(45_000);

    const scrape = await call(bff.metricsUrl!);
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = scrape.text;
    const requests = (route: string, method: string, status: number) =>
      sample(text, `opi_http_request_duration_seconds_count{method="${method}",route="${route}",status="${status}"}`);
    expect(requests('/v1/checkout-sessions', 'POST', 201)).toBe(1);
    expect(requests('/v1/checkout-sessions/:id/orders', 'POST', 201)).toBe(1);
    expect(requests('/v1/checkout-sessions/:id', 'GET', 200)).toBe(1);
    expect(requests('/v1/checkout-sessions/:id', 'GET', 404)).toBe(1);
    expect(requests('unmatched', 'GET', 404)).toBe(2);
    expect(text).not.toContain(sessionId);
    expect(text).not.toContain(orderReference);

    expect(sample(text, 'opi_upstream_call_duration_seconds_count{operation="create-order",outcome="ok"}')).toBe(1);
    expect(sample(text, 'opi_upstream_call_duration_seconds_count{operation="get-options",outcome="ok"}')).toBe(1);
    expect(sample(text, 'opi_orders{status="pending"}')).toBe(1);
    expect(sample(text, 'opi_open_operations{kind="refund"}')).toBe(0);
    // The order's first poll was due 30 s after it was placed: the clock moved 45 s.
    expect(sample(text, 'opi_reconciler_lag_seconds')).toBeGreaterThanOrEqual(14);
    expect(sample(text, 'opi_notification_outbox_depth')).toBe(0);
    expect(sample(text, 'opi_ledger_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);

    await bff.reconciler.reconcileOnce();
    expect(sample((await call(bff.metricsUrl!)).text, 'opi_reconciler_lag_seconds')).toBe(0);
  });

  it('answer 404 on the metrics listener for anything but GET /metrics', async () => {
    const bff = await stack.startBff({ metrics: true });
    const root = bff.metricsUrl!.replace(/\/metrics$/, '');
    expect((await call(`${root}/`)).status).toBe(404);
    expect((await call(bff.metricsUrl!, { method: 'POST' })).status).toBe(404);
    await createSession(bff.url);
  });
});
