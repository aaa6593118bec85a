// The BFF's spans, as an OTLP collector receives them from the standalone server's SDK: a request continues the
// caller's traceparent (never its tracestate, baggage or sampled flag), the placement's steps, ledger transactions and
// upstream calls nest under it, the upstream is sent our context on, retries are events, log lines carry the ids,
// work no request owns has traces of its own, and nothing personal is an attribute.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, createSession, json, shopper } from '../../support/checkout.js';
import { FAST_SANDBOX, placeOrder } from '../../support/after-payment-harness.js';
import { useMerchantEndpoint } from '../../support/merchant-endpoint.js';
import { STOREFRONT_ORIGIN } from '../../support/servers.js';
import { useCheckoutStack } from '../../support/stack.js';
import { useTracing } from '../../support/tracing.js';

const tracing = useTracing();
const endpoint = useMerchantEndpoint();
const stack = useCheckoutStack({
  sandbox: FAST_SANDBOX,
  between: 'settle',
  env: () => ({
    OPI_MERCHANT_WEBHOOK_URL: endpoint.url,
    OPI_MERCHANT_WEBHOOK_SECRET: 'a-secret-for-the-traces-test-0123456789',
    OPI_LOG_LEVEL: 'info',
  }),
});

/** A caller's traceparent, as the widget makes one: a fresh trace id and a span id of its own. */
function traceparent() {
  const traceId = randomBytes(16).toString('hex');
  const spanId = randomBytes(8).toString('hex');
  return { traceId, spanId, header: `00-${traceId}-${spanId}-01` };
}

describe('traces', () => {
  it("continue the widget's trace through the placement to the upstream, which is sent the context on", async () => {
    const id = await createSession(stack.bff.url);
    const caller = traceparent();
    const placed = await call(
      `${stack.bff.url}/v1/checkout-sessions/${id}/orders`,
      json('POST', shopper(), { origin: STOREFRONT_ORIGIN, traceparent: caller.header }),
    );
    expect(placed.status).toBe(201);

    const spans = await tracing.spansOf(caller.traceId);
    const named = (name: string) => spans.find((span) => span.name === name);
    const request = named('POST /v1/checkout-sessions/:id/orders');
    expect(request).toMatchObject({
      parentSpanId: caller.spanId,
      kind: 2, // server
      service: 'opi-bff',
      attributes: { 'http.route': '/v1/checkout-sessions/:id/orders', 'http.response.status_code': 201 },
    });
    for (const step of ['placement eligibility', 'placement decide', 'placement send'])
      expect(named(step)?.parentSpanId, step).toBe(request!.spanId);
    const create = named('upstream create-order');
    expect(create).toMatchObject({ kind: 3, attributes: { 'http.response.status_code': 201 } });
    expect(named('ledger transaction')?.parentSpanId).toBe(named('placement decide')!.spanId);

    // The sandbox keeps the traceparent it was sent: the create call's own span is its parent.
    const sent = stack.sandbox.journal.find((entry) => entry.method === 'POST' && entry.path === '/orders');
    expect(sent?.traceparent).toBe(`00-${caller.traceId}-${create!.spanId}-01`);

    // Nothing personal, no session id, no secret in any attribute.
    const values = JSON.stringify(spans.map((span) => span.attributes));
    for (const personal of [id, 'layla', 'Haddad', '+971', placed.body.orderReference]) {
      expect(values.toLowerCase()).not.toContain(personal.toLowerCase());
    }
  });

  it("take the caller's traceparent alone: its tracestate and baggage reach neither the upstream nor its token host", async () => {
    const sent: Headers[] = [];
    const bff = await stack.startBff({
      client: {
        fetch: (input, init) => {
          sent.push(new Headers(init?.headers));
          return fetch(input, init);
        },
      },
    });
    const id = await createSession(bff.url);
    const caller = traceparent();
    const headers = {
      origin: STOREFRONT_ORIGIN,
      traceparent: caller.header,
      tracestate: 'vendor=borrowed-from-outside',
      baggage: `from=${'x'.repeat(2_000)}`,
    };
    expect((await call(`${bff.url}/v1/checkout-sessions/${id}/orders`, json('POST', shopper(), headers))).status).toBe(
      201,
    );
    expect(sent.length, 'the token, the options and the create').toBeGreaterThan(2);
    expect(sent.map((each) => [each.get('tracestate'), each.get('baggage')])).toEqual(sent.map(() => [null, null]));
    expect(sent.filter((each) => each.get('traceparent')?.includes(caller.traceId)).length).toBeGreaterThan(0);
  });

  it("record a request whatever the caller's sampled flag says", async () => {
    const caller = traceparent();
    const unsampled = `00-${caller.traceId}-${caller.spanId}-00`;
    expect((await call(`${stack.bff.url}/healthz`, { headers: { traceparent: unsampled } })).status).toBe(200);
    const [request] = await tracing.spansOf(caller.traceId);
    expect(request).toMatchObject({ name: 'GET /healthz', parentSpanId: caller.spanId });
  });

  it("send the merchant's notifications from a trace of their own, linked to the request that started them, never under it", async () => {
    endpoint.clear();
    const { orderReference } = await placeOrder(stack.bff.url);
    // The callbacks lost: the shopper's return is what finds the order paid and kicks the drain.
    stack.sandbox.setCallbackFailures(10);
    const { redirectTo } = await stack.sandbox.decide(orderReference, { outcome: 'approve' });
    await stack.sandbox.idle();
    stack.sandbox.setCallbackFailures(0);
    const caller = traceparent();
    const back = await call(redirectTo, {
      redirect: 'manual',
      headers: { traceparent: caller.header, tracestate: 'vendor=borrowed', baggage: 'user=someone' },
    });
    expect(back.status).toBe(303);
    await stack.bff.notifier.idle();
    const headers = endpoint.traceHeaders();
    expect(headers.length).toBeGreaterThan(0);
    for (const each of headers) {
      expect(each.traceparent).toBeDefined();
      expect(each.traceparent).not.toContain(caller.traceId);
      expect([each.tracestate, each.baggage]).toEqual([undefined, undefined]);
    }
    await tracing.spansOf('');
    const drains = tracing.receiver.spans.filter((span) => span.name === 'merchant notifications');
    const linked = drains.filter((span) => span.links.some((link) => link.traceId === caller.traceId));
    expect(linked.length, "a drain linked to the shopper's request").toBeGreaterThan(0);
    expect(linked.every((span) => span.parentSpanId === undefined && span.traceId !== caller.traceId)).toBe(true);
  });

  it('put the trace and span ids on the log lines of a request', async () => {
    const caller = traceparent();
    const answer = await call(`${stack.bff.url}/v1/checkout-sessions`, {
      method: 'POST',
      headers: { authorization: 'Bearer wrong', traceparent: caller.header },
    });
    expect(answer.status).toBe(401);
    const lines = stack.bff.logs.map((line) => JSON.parse(line)).filter((line) => line.trace_id === caller.traceId);
    expect(lines.length).toBeGreaterThan(0);
    const [request] = (await tracing.spansOf(caller.traceId)).filter((span) => span.kind === 2);
    expect(lines.map((line) => line.span_id)).toContain(request!.spanId);
  });

  it('record a retried upstream call with its retries as events', async () => {
    // An amount no other test asks about, so the options are not answered from the cache.
    const item = { name: 'Mug', sku: 'M-1', quantity: 1, unitPrice: 31, totalAmount: 31 };
    const id = await createSession(stack.bff.url, { orderItems: [item] });
    stack.sandbox.setFault('options', { kind: 'status', status: 503 }, { times: 1 });
    const caller = traceparent();
    const read = await call(`${stack.bff.url}/v1/checkout-sessions/${id}`, {
      headers: { origin: STOREFRONT_ORIGIN, traceparent: caller.header },
    });
    expect(read.status).toBe(200);
    const options = (await tracing.spansOf(caller.traceId)).find((span) => span.name === 'upstream get-options');
    expect(options?.events.map((event) => event.name)).toEqual(['retry']);
    expect(options?.attributes['http.response.status_code']).toBe(200);
  });

  it("give the reconciler's reads and the merchant's notifications traces of their own", async () => {
    const { orderReference } = await placeOrder(stack.bff.url);
    stack.sandbox.setCallbackFailures(10);
    await stack.sandbox.decide(orderReference, { outcome: 'approve' });
    await stack.sandbox.idle();
    stack.sandbox.setCallbackFailures(0);
    await stack.db.store.transaction((tx) => tx.orders.update(orderReference, { nextPollAt: new Date(0) }));
    const before = tracing.receiver.spans.length;
    await stack.bff.reconciler.reconcileOnce();
    await stack.bff.notifier.idle();
    await tracing.spansOf('');
    const after = tracing.receiver.spans.slice(before);
    const read = after.find((span) => span.name === 'reconcile order');
    expect(read).toBeDefined();
    expect(read!.parentSpanId).toBeUndefined();
    expect(after.find((span) => span.name === 'upstream get-order' && span.traceId === read!.traceId)).toBeDefined();
    expect(after.find((span) => span.name === 'merchant notification')).toMatchObject({
      attributes: { 'opi.delivered': true },
    });
    expect(endpoint.received().some((notification) => notification.data.orderReference === orderReference)).toBe(true);
  });
});
