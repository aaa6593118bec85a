// The BFF's API as an OpenAPI 3.1 document, generated from the very zod schemas the routes validate with, so the
// reference cannot drift from the code. Served at /openapi.json. Each route file declares its operations beside its
// handlers (its `...Paths()`), with an id (client generators name their methods from it), its security (explicitly
// none when public), and every answer the route sends; this file puts them together.
import { widgetAssetPaths } from '../http/widget-asset.js';
import { componentSchemas, operation } from '../http/openapi-operation.js';
import { callbackPaths } from './callbacks.js';
import { checkoutSessionPaths } from './checkout-sessions.js';
import { funnelPaths } from './funnel.js';
import { healthPaths } from './health.js';
import { instalmentsPaths } from './instalments.js';
import { merchantEventPaths } from './merchant-events.js';
import { merchantOrderPaths } from './merchant-orders.js';
import { payPagePaths } from './pay-page.js';
import { returnPaths } from './returns.js';
import { upstreamWebhookPaths } from './upstream-webhook.js';

export function buildOpenApiDocument(publicUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'opi-checkout BFF',
      version: '1',
      license: { name: 'MIT', identifier: 'MIT' },
      description:
        "Amounts are decimal numbers in the major unit of the currency (257.75 AED). Every refusal is application/problem+json with a stable code, except on the shopper's return, which answers plain pages.",
    },
    servers: [{ url: publicUrl }],
    components: {
      securitySchemes: {
        merchantKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'A merchant key (OPI_MERCHANT_KEYS); server to server only.',
        },
      },
      schemas: componentSchemas(),
    },
    paths: {
      ...checkoutSessionPaths(),
      ...merchantOrderPaths(),
      ...merchantEventPaths(),
      ...funnelPaths(),
      ...returnPaths(),
      ...payPagePaths(),
      ...callbackPaths(),
      ...upstreamWebhookPaths(),
      ...widgetAssetPaths(),
      ...instalmentsPaths(),
      '/openapi.json': {
        get: operation({
          operationId: 'getOpenApiDocument',
          summary: 'This document',
          answers: [{ status: 200, description: 'OpenAPI 3.1', json: 'OpenApiDocument' }],
        }),
      },
      ...healthPaths(),
    },
  };
}
