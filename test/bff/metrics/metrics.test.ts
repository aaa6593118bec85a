// Prometheus metrics on their own listener (OPI_METRICS_PORT in bff/main.ts): requests by route pattern (never an
// id), upstream calls by operation and outcome, the ledger's gauges read at the scrape, the process's defaults;
// and nothing of it on the public port.
import { describe, expect, it } from 'vitest';
import { call, createSession, json, merchant as merchantHeaders } from '../../support/checkout.js';
import { useCheckoutStack } from '../../support/stack.js';
import { storeDrivers } from '../../support/store.js';
import { FAST_SANDBOX, placeOrder, testClock } from '../../support/after-payment-harness.js';

const postRefund = (bffUrl: string, reference: string) =>
  call(
    `${bffUrl}/v1/orders/${reference}/refunds`,
    json('POST', { amount: 20 }, { ...merchantHeaders, 'idempotency-key': `metrics-${reference}` }),
  );

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
    const prices = '?amount=100&currency=AED&country=AE';
    for (const path of ['/V1/instalments', '/v1/INSTALMENTS', '/v1/InStAlMeNtS']) {
      expect((await call(`${bff.url}${path}${prices}`)).status, path).toBe(200);
    }
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
    expect(requests('/v1/instalments', 'GET', 200)).toBe(3);
    // A stranger's casings of an address are no route of their own.
    const labels = new Set([...text.matchAll(/route="([^"]*)"/g)].map((match) => match[1]!));
    expect([...labels].filter((label) => label !== label.toLowerCase())).toEqual([]);
    expect(text).not.toContain(sessionId);
    expect(text).not.toContain(orderReference);

    expect(sample(text, 'opi_upstream_call_duration_seconds_count{operation="create-order",outcome="ok"}')).toBe(1);
    // The session's options, and the price pages' one refresh of the currency.
    expect(sample(text, 'opi_upstream_call_duration_seconds_count{operation="get-options",outcome="ok"}')).toBe(2);
    expect(sample(text, 'opi_orders{status="pending"}')).toBe(1);
    expect(sample(text, 'opi_open_operations{kind="refund"}')).toBe(0);
    // The order's first poll was due 30 s after it was placed: the clock moved 45 s.
    expect(sample(text, 'opi_reconciler_lag_seconds')).toBeGreaterThanOrEqual(14);
    expect(sample(text, 'opi_notification_outbox_depth')).toBe(0);
    expect(sample(text, 'opi_ledger_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);

    await bff.reconciler.reconcileOnce();
    expect(sample((await call(bff.metricsUrl!)).text, 'opi_reconciler_lag_seconds')).toBe(0);
    expect(sample(text, 'opi_overdue{kind="order"}')).toBe(0);
    expect(sample(text, 'opi_order_discrepancies')).toBe(0);
  });

  it('count orders still live past their deadline, refunds still open past theirs, and discrepancies', async () => {
    // A short upstream timeout: the hanging refund is given up on in a second, not the default ten.
    const bff = await stack.startBff({ metrics: true, now: clock.now, env: { OPI_UPSTREAM_TIMEOUT_MS: '1000' } });
    const { orderReference } = await placeOrder(bff.url, { cancellationTimeout: 1 });
    const paid = await placeOrder(bff.url);
    await stack.sandbox.decide(paid.orderReference, { outcome: 'approve' });
    stack.sandbox.setFault('refund', { kind: 'hang' }, { times: 1 });
    await call(`${bff.url}/v1/orders/${paid.orderReference}`, { headers: merchantHeaders });
    await postRefund(bff.url, paid.orderReference);
    // Past the order's deadline (1 minute + 30 of grace), and past the refund's (600 s + 30 minutes).
    clock.advance(41 * 60_000);
    const text = (await call(bff.metricsUrl!)).text;
    expect(sample(text, 'opi_overdue{kind="order"}')).toBe(1);
    expect(sample(text, 'opi_overdue{kind="refund"}')).toBe(1);
    expect(sample(text, 'opi_overdue{kind="capture"}')).toBe(0);
    await stack.db.store.orders.update(orderReference, {
      discrepancy: [{ kind: 'refunds', ledgerMinor: 0, upstreamMinor: 100, detectedAt: clock.now().toISOString() }],
    });
    expect(sample((await call(bff.metricsUrl!)).text, 'opi_order_discrepancies')).toBe(1);
  });

  it('answer 404 on the metrics listener for anything but GET /metrics', async () => {
    const bff = await stack.startBff({ metrics: true });
    const root = bff.metricsUrl!.replace(/\/metrics$/, '');
    expect((await call(`${root}/`)).status).toBe(404);
    expect((await call(bff.metricsUrl!, { method: 'POST' })).status).toBe(404);
    await createSession(bff.url);
  });
});
