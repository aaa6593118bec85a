// createCheckoutRouter inside a merchant's own Express app, against the sandbox: mounted under a prefix that the
// public URL names (and refused anywhere else), guarded by the merchant's own authentication instead of the merchant
// keys, timed by the metrics it is given, and driven in-process (checkout.createSession, orders.get, orders.refund,
// capture, void) with the same answers and refusals as HTTP.
import { createHash } from 'node:crypto';
import express from 'express';
import { createServer } from 'node:http';
import type { Logger } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckoutRouter, type CheckoutRouter } from '../../bff/checkout-router.js';
import { loadConfig } from '../../bff/config.js';
import { CheckoutError } from '../../bff/in-process-api.js';
import { createLogger } from '../../bff/logger.js';
import { createMetrics, type Metrics } from '../../bff/metrics/metrics.js';
import { ensureWidgetBuilt } from '../../demo/storefront/widget-build.js';
import { cart, cartChange, call, json, merchant, shopper } from '../support/checkout.js';
import { listenOnPort0 } from '../support/servers.js';
import { useCheckoutStack } from '../support/stack.js';
import { FAST_SANDBOX } from '../support/after-payment-harness.js';

const stack = useCheckoutStack({
  sandbox: { ...FAST_SANDBOX, refundSettlement: 'instant' },
  bff: 'none',
  between: 'keep',
});
const server = createServer();
let shop: string;
let opi: CheckoutRouter;
let metrics: Metrics;
let config: ReturnType<typeof loadConfig>;

beforeAll(async () => {
  await ensureWidgetBuilt();
  shop = await listenOnPort0(server);
  config = loadConfig({
    OPI_UPSTREAM_URL: stack.sandbox.url,
    OPI_TOKEN_URL: stack.sandbox.tokenUrl,
    OPI_ENVIRONMENT: 'sandbox',
    OPI_UPSTREAM_SANDBOX: 'true',
    OPI_PUBLIC_URL: `${shop}/checkout-api`,
  });
  // The shop's own session check replaces the merchant key on the merchant routes.
  const staffOnly: express.RequestHandler = (req, res, next) => {
    if (req.get('x-staff') === 'yes') next();
    else res.status(403).json({ error: 'staff only' });
  };
  metrics = createMetrics({ store: stack.db.store, logger: createLogger('silent') });
  opi = createCheckoutRouter({
    config,
    store: stack.db.store,
    logger: createLogger('silent'),
    metrics,
    merchantAuth: staffOnly,
  });
  const app = express();
  app.use('/checkout-api', opi);
  server.on('request', app);
});

afterAll(async () => {
  await opi.close();
  await new Promise((resolve) => server.close(resolve));
});

async function paidOrder(overrides: Record<string, unknown> = {}): Promise<string> {
  const session = await opi.checkout.createSession({ ...cart(), ...overrides });
  const placed = await call(`${shop}/checkout-api/v1/checkout-sessions/${session.id}/orders`, json('POST', shopper()));
  expect(placed.status).toBe(201);
  const { redirectTo } = await stack.sandbox.decide(placed.body.orderReference, { outcome: 'approve' });
  expect(redirectTo.startsWith(`${shop}/checkout-api/v1/returns/`)).toBe(true);
  expect((await call(redirectTo, { redirect: 'manual' })).status).toBe(303);
  return placed.body.orderReference;
}

describe('createCheckoutRouter in a merchant app', () => {
  it('serves the widget API and the return under the prefix, and the merchant routes only to its own auth', async () => {
    const reference = await paidOrder();
    const asStaff = await call(`${shop}/checkout-api/v1/orders/${reference}`, { headers: { 'x-staff': 'yes' } });
    expect([asStaff.status, asStaff.body.status]).toEqual([200, 'paid']);
    expect((await call(`${shop}/checkout-api/v1/orders/${reference}`, { headers: merchant })).status).toBe(403);
    const script = opi.checkout.widgetScript()!;
    expect(script.url).toMatch(new RegExp(`^${shop}/checkout-api/opi-checkout\\.js\\?v=`));
    const served = await call(script.url);
    expect(served.status).toBe(200);
    expect(script.integrity).toBe(
      `sha384-${createHash('sha384')
        .update(Buffer.from(await (await fetch(script.url)).arrayBuffer()))
        .digest('base64')}`,
    );
  });

  it('serves the public instalments and the cart change under the prefix, the change only to its own auth', async () => {
    const plans = await call(`${shop}/checkout-api/v1/instalments?amount=189.00&currency=AED&country=AE`);
    expect([plans.status, plans.headers.get('cache-control')]).toEqual([200, 'public, max-age=60']);
    expect(plans.body.providers.map((provider: { name: string }) => provider.name)).toEqual(['TABBY_AE', 'TAMARA_AE']);

    const session = await opi.checkout.createSession(cart());
    const url = `${shop}/checkout-api/v1/checkout-sessions/${session.id}`;
    expect((await call(url, json('PATCH', cartChange({ discountAmount: 9 }), merchant))).status).toBe(403);
    const changed = await call(url, json('PATCH', cartChange({ discountAmount: 9 }), { 'x-staff': 'yes' }));
    expect([changed.status, changed.body.amount]).toEqual([200, 134.89]);
    expect((await call(url)).body.amount).toBe(134.89);
  });

  it('reads, refunds, captures and voids in-process, with the HTTP answers and refusals', async () => {
    const reference = await paidOrder();
    expect(await opi.orders.get(reference)).toMatchObject({ status: 'paid', paidAmount: 143.89 });

    const refund = await opi.orders.refund(reference, { amount: 10 }, 'refund-1');
    expect(refund).toMatchObject({ orderReference: reference, amount: 10, status: 'succeeded' });
    expect(await opi.orders.refund(reference, { amount: 10 }, 'refund-1')).toEqual(refund);
    expect(await opi.orders.get(reference)).toMatchObject({ refundedAmount: 10 });

    const refusal = await opi.orders.refund(reference, { amount: 500 }, 'refund-2').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(CheckoutError);
    expect(refusal).toMatchObject({ status: 422, problem: { code: 'refund_exceeds_refundable' } });
    await expect(opi.orders.refund(reference, { amount: -1 }, 'refund-3')).rejects.toMatchObject({
      status: 400,
      problem: {
        code: 'validation_failed',
        errors: expect.arrayContaining([expect.objectContaining({ path: 'amount' })]),
      },
    });
    await expect(opi.orders.capture(reference, {}, 'capture-1')).rejects.toMatchObject({
      problem: { code: 'order_not_capturable' },
    });
    await expect(opi.orders.get('opi-none-1')).rejects.toMatchObject({
      status: 404,
      problem: { code: 'order_not_found' },
    });
  });

  it('captures later what was only authorised, and voids the rest', async () => {
    const reference = await paidOrder({ autoCapture: false });
    expect(await opi.orders.get(reference)).toMatchObject({ paymentState: 'authorised' });
    expect(await opi.orders.capture(reference, { amount: 100 }, 'capture-2')).toMatchObject({ amount: 100 });
    expect(await opi.orders.void(reference, {}, 'void-1')).toMatchObject({ amount: 43.89 });
    expect(await opi.orders.get(reference)).toMatchObject({ capturedAmount: 100, paymentState: 'captured' });
  });

  it('refuses a cart the way POST /v1/checkout-sessions does', async () => {
    await expect(opi.checkout.createSession({ ...cart(), orderItems: [] })).rejects.toMatchObject({
      status: 400,
      problem: { code: 'validation_failed', errors: [{ path: 'orderItems', message: 'must have at least one item' }] },
    });
  });
});

describe('the in-process mount, as the standalone server', () => {
  it('times requests and upstream calls, and reads the ledger, in the metrics it is given', async () => {
    await paidOrder();
    const scraper = createServer(metrics.serve);
    try {
      const page = await call(`${await listenOnPort0(scraper)}/metrics`);
      expect(page.status).toBe(200);
      expect(page.text).toMatch(
        /opi_http_request_duration_seconds_count\{method="POST",route="\/v1\/checkout-sessions\/:id\/orders",status="201"\} [1-9]/,
      );
      expect(page.text).toMatch(/opi_upstream_call_duration_seconds_count\{operation="[a-z_]+",outcome="ok"\} [1-9]/);
      expect(page.text).toMatch(/opi_orders\{status="paid"\} [1-9]/);
    } finally {
      await new Promise((resolve) => scraper.close(resolve));
    }
  });

  const another = (options: { logger?: Logger; pathRewrittenByProxy?: boolean } = {}) =>
    createCheckoutRouter({ config, store: stack.db.store, logger: createLogger('silent'), ...options });

  it("refuses to be mounted elsewhere than OPI_PUBLIC_URL's path, where shoppers' returns would miss it", async () => {
    const routers = [another(), another(), another({ pathRewrittenByProxy: true }), another()];
    try {
      expect(() => express().use('/pay', routers[0])).toThrow(
        "opi-checkout is mounted at '/pay' but OPI_PUBLIC_URL's path is '/checkout-api'",
      );
      // A parent app mounted later completes the path: only a path that cannot end the expected one is refused. Its
      // '/' and the child's path are joined as one.
      expect(() => express().use('/', express().use('/checkout-api', routers[1]))).not.toThrow();
      const api = express();
      express().use(api);
      expect(() => api.use('/checkout-api', routers[3])).not.toThrow();
      // Behind a proxy that rewrites the path, the check is the merchant's.
      expect(() => express().use('/', routers[2])).not.toThrow();
    } finally {
      await Promise.all(routers.map((router) => router.close()));
    }
  });

  it('logs a mount its first request finds elsewhere: under a Router, which tells no mount event', async () => {
    const lines: string[] = [];
    const router = another({ logger: createLogger('info', { write: (line: string) => lines.push(line) }) });
    const misplaced = createServer(express().use(express.Router().use('/elsewhere', router)));
    try {
      const base = await listenOnPort0(misplaced);
      expect((await call(`${base}/elsewhere/readyz`)).status).toBe(200);
      await call(`${base}/elsewhere/readyz`);
      const logged = lines.map((line) => JSON.parse(line)).filter((line) => line.code === 'mount_path');
      expect(logged).toEqual([
        expect.objectContaining({
          level: 50,
          msg: expect.stringContaining("mounted at '/elsewhere' but OPI_PUBLIC_URL's path is '/checkout-api'"),
        }),
      ]);
    } finally {
      await router.close();
      await new Promise((resolve) => misplaced.close(resolve));
    }
  });
});
