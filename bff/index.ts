// The package's `opi-checkout/server`: the BFF as a library. Mount it in your Express 5 app with
// createCheckoutRouter, or build the whole app with createApp as bff/main.ts (`opi-bff`) does.
export { createApp, type AppDeps, type BffApp } from './app.js';
export { createCheckoutRouter, type CheckoutRouter, type CheckoutRouterOptions } from './checkout-router.js';
export { ConfigError, loadConfig, type Config } from './config.js';
export { CheckoutError, type InProcessApi } from './in-process-api.js';
export { createLogger } from './logger.js';
export { createMetrics, type Metrics, type MetricsDeps } from './metrics/metrics.js';
export { verifyNotificationSignature } from './notify/signature.js';
export { openStore, type StoreOptions } from './store/open-store.js';
export type { Store } from './store/types.js';
export { createUpstreamClient, type UpstreamClient } from './upstream/client.js';
