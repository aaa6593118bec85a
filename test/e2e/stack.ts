// The whole product on port 0 in this process: the sandbox as the upstream, the BFF (through the shared test
// helper, so it is configured as `npm run bff` would be), and the demo storefront. One stack per test file.
import { createServer } from 'node:http';
import pino from 'pino';
import { readWidgetBundle } from '../../bff/http/widget-asset.js';
import type { Sandbox, SandboxOptions } from '../../demo/sandbox/sandbox.js';
import { createStorefront } from '../../demo/storefront/storefront.js';
import { ensureWidgetBuilt } from '../../demo/storefront/widget-build.js';
import { orderViewSchema, type OrderView } from '../../shared/schemas/merchant-api.js';
import { merchant } from '../support/checkout.js';
import { DEV_MERCHANT_KEY, listenOnPort0, startBff, startSandbox, type TestBff } from '../support/servers.js';
import { pgliteTestStore, type TestStore } from '../support/store.js';

export interface Stack {
  sandbox: Sandbox;
  bff: TestBff;
  /** The storefront's base URL. */
  shopUrl: string;
  store: TestStore;
  /** The ledger's view of an order, through the merchant API (as a merchant's server reads it). */
  order(reference: string): Promise<OrderView>;
  /** Polls the merchant API until the order has the status, or fails with the last one seen. */
  waitForStatus(reference: string, status: OrderView['status'], timeoutMs?: number): Promise<OrderView>;
  close(): Promise<void>;
}

/**
 * Short sandbox timings a browser's walk can still follow (slower than the HTTP tests' FAST_SANDBOX, where no page
 * must draw between two steps): a pending payment settles after 200 ms, callbacks retry quickly.
 */
export const BROWSER_SANDBOX: SandboxOptions = {
  pendingSettleMs: 200,
  callbackRetry: { attempts: 4, baseDelayMs: 50 },
};

export async function startStack(sandboxOptions: SandboxOptions = BROWSER_SANDBOX): Promise<Stack> {
  await ensureWidgetBuilt();
  const [sandbox, store] = await Promise.all([startSandbox(sandboxOptions), pgliteTestStore()]);
  // The shop's origin must be known before the BFF starts (its CORS allowlist), so its server listens first.
  const shopServer = createServer();
  const shopUrl = await listenOnPort0(shopServer);
  const bff = await startBff({
    upstreamUrl: sandbox.url,
    tokenUrl: sandbox.tokenUrl,
    store: store.store,
    widgetBundle: readWidgetBundle(),
    env: {
      OPI_ALLOWED_ORIGINS: shopUrl,
      OPI_LOG_LEVEL: 'warn',
      // As the demo wires it: the merchant's notifications to the sandbox's relay.
      OPI_MERCHANT_WEBHOOK_URL: `${sandbox.url}/__sandbox/relay`,
      OPI_MERCHANT_WEBHOOK_SECRET: 'whsec_e2e_0123456789abcdef',
    },
  });
  shopServer.on(
    'request',
    createStorefront({
      bffUrl: bff.url,
      merchantKey: DEV_MERCHANT_KEY,
      imageOrigins: [sandbox.url],
      logger: pino({ level: 'silent' }),
    }),
  );

  async function order(reference: string): Promise<OrderView> {
    const response = await fetch(`${bff.url}/v1/orders/${encodeURIComponent(reference)}`, { headers: merchant });
    if (!response.ok)
      throw new Error(`GET /v1/orders/${reference} answered ${response.status}: ${await response.text()}`);
    return orderViewSchema.parse(await response.json());
  }

  return {
    sandbox,
    bff,
    shopUrl,
    store,
    order,
    async waitForStatus(reference, status, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const view = await order(reference);
        if (view.status === status) return view;
        if (Date.now() > deadline) throw new Error(`order ${reference} is ${view.status}, expected ${status}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async close() {
      await new Promise<void>((resolve) => {
        shopServer.close(() => resolve());
        shopServer.closeAllConnections();
      });
      await bff.close();
      await sandbox.close();
      await store.close();
    },
  };
}
