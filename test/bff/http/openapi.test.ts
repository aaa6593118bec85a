import type { Router } from 'express';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../bff/app.js';
import { upstreamRefusal } from '../../../bff/domain/errors.js';
import { problemStatus } from '../../../bff/http/problem.js';
import * as upstreamErrors from '../../../bff/upstream/errors.js';
import { placeOrderRequestSchema } from '../../../shared/schemas/checkout-api.js';
import { call, createSession, json, merchant, shopper } from '../../support/checkout.js';
import { useCheckoutStack } from '../../support/stack.js';

const stack = useCheckoutStack({ between: 'keep' });
let document: any;

beforeAll(async () => {
  const answer = await call(`${stack.bff.url}/openapi.json`);
  expect(answer.status).toBe(200);
  document = answer.body;
});

interface Layer {
  rawPath?: string | string[];
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

/** Every [method, path] the router serves, paths in OpenAPI's form (/v1/orders/{orderReference}). */
function servedRoutes(router: Router, prefix = ''): [string, string][] {
  return ((router as unknown as { stack: Layer[] }).stack ?? []).flatMap((layer) => {
    const here = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
    if (layer.route) {
      const path = `${prefix}${layer.route.path}`.replace(/\/$/, '').replace(/:(\w+)/g, '{$1}') || '/';
      return Object.keys(layer.route.methods)
        .filter((method) => method !== '_all')
        .map((method) => [method.toUpperCase(), path] as [string, string]);
    }
    return layer.handle.stack ? servedRoutes(layer.handle as unknown as Router, `${prefix}${here}`) : [];
  });
}

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3.1 document of the BFF at its public URL', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: stack.bff.url }]);
    expect(document.components.securitySchemes.merchantKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('takes its schemas from the shared zod contract', () => {
    const placeOrder = document.components.schemas.PlaceOrderRequest;
    expect(placeOrder.additionalProperties).toBe(false);
    expect(placeOrder.required).toEqual(expect.arrayContaining(['bnplProvider', 'customer', 'billingAddress']));
    expect(Object.keys(placeOrder.properties).sort()).toEqual(Object.keys(placeOrderRequestSchema.shape).sort());
    expect(document.components.schemas.CreateSessionRequest.properties.shippingMethod.enum).toEqual([
      'delivery',
      'store',
      'digital',
      'pickup',
    ]);
  });

  it('documents each refusal with its status and the problem schema', () => {
    const refund = document.paths['/v1/orders/{orderReference}/refunds'].post;
    expect(refund.security).toEqual([{ merchantKey: [] }]);
    expect(refund.responses['422'].description).toContain('refund_exceeds_refundable');
    expect(refund.responses['401'].content['application/problem+json'].schema).toEqual({
      $ref: '#/components/schemas/Problem',
    });
    expect(refund.parameters).toContainEqual(
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true }),
    );
  });

  it('lists, on each route that calls the upstream, every code an upstream failure is answered with', () => {
    const { UpstreamValidationError, ...others } = upstreamErrors;
    const failures = [
      new UpstreamValidationError(['amount must be a number'], { operation: 'test' }),
      ...Object.values(others).map((Failure) => new Failure('test', { operation: 'test' })),
    ];
    const codes = [...new Set(failures.map((failure) => upstreamRefusal(failure).code))];
    expect(codes.length).toBeGreaterThanOrEqual(6);
    const calling = {
      '/v1/checkout-sessions/{id}': 'get',
      '/v1/checkout-sessions/{id}/orders': 'post',
      '/v1/instalments': 'get',
    };
    const unlisted = Object.entries(calling).flatMap(([path, method]) =>
      codes
        .filter(
          (code) =>
            !document.paths[path][method].responses[problemStatus(code)]?.description.split(', ').includes(code),
        )
        .map((code) => `${method} ${path}: ${code}`),
    );
    expect(unlisted).toEqual([]);
    // A refund, capture or void the upstream may have made is pending (202), never a 5xx: only the refusals of a
    // first send that say nothing was made are listed.
    const nothingMade = failures.filter(
      (failure) => !failure.retryable && !(failure instanceof UpstreamValidationError),
    );
    const operationCodes = [...new Set(nothingMade.map((failure) => upstreamRefusal(failure).code))].sort();
    for (const path of ['refunds', 'capture', 'void']) {
      const responses = document.paths[`/v1/orders/{orderReference}/${path}`].post.responses;
      expect(responses['202'], path).toBeDefined();
      const listed = Object.entries(responses)
        .filter(([status]) => Number(status) >= 500)
        .flatMap(([, answer]) => (answer as { description: string }).description.split(', '))
        .filter((code) => code.startsWith('upstream_') || code === 'outcome_unknown')
        .sort();
      expect(listed, path).toEqual(operationCodes);
    }
  });

  it("lists the operations' own refusals where they can happen, and only there", () => {
    const refusals = (path: string, method: string, status: number) =>
      document.paths[path][method].responses[status].description.split(', ');
    expect(refusals('/v1/orders/{orderReference}/refunds', 'post', 422)).toContain('operation_refused');
    expect(refusals('/v1/orders/{orderReference}/capture', 'post', 422)).toContain('operation_not_found_upstream');
    expect(refusals('/v1/orders/{orderReference}/void', 'post', 422)).toContain('operation_not_found_upstream');
    expect(refusals('/v1/orders/{orderReference}/void', 'post', 409)).toContain('operation_in_doubt');
    expect(refusals('/v1/orders/{orderReference}/capture', 'post', 409)).toContain('operation_in_doubt');
    expect(refusals('/v1/checkout-sessions/{id}/orders', 'post', 409)).toContain('idempotency_key_in_flight');
  });

  it('documents every route the app serves', () => {
    const app = createApp({
      config: stack.bff.config,
      store: stack.db.store,
      upstream: stack.bff.upstream,
      logger: stack.bff.logger,
    });
    const served = servedRoutes(app.router as unknown as Router).map(([method, path]) => `${method} ${path}`);
    const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    // Both ways: nothing served without a description, nothing described that is not served.
    expect(served.length).toBeGreaterThanOrEqual(18);
    expect([...served].sort()).toEqual([...documented].sort());
  });

  it('documents only routes the app really serves', async () => {
    // A wrong callback or webhook secret is a deliberate 404 that looks like "no such route", so those paths are
    // called with the callback URL of a real order, as the upstream received it, and the configured webhook URL.
    const session = await createSession(stack.bff.url);
    const placed = await call(`${stack.bff.url}/v1/checkout-sessions/${session}/orders`, json('POST', shopper()));
    expect(placed.status).toBe(201);
    const created = stack.sandbox.journal.find((entry) => entry.method === 'POST' && entry.path.startsWith('/orders'));
    const callbackUrl = (created?.body as { dynamicCallbackUrl: string } | undefined)?.dynamicCallbackUrl ?? '';
    const concrete: Record<string, string> = {
      '/v1/callbacks/{orderReference}/{secret}': callbackUrl,
      '/v1/webhooks/upstream/{secret}': stack.bff.webhookUrl,
    };

    const entries = Object.entries(document.paths as Record<string, Record<string, unknown>>);
    expect(entries.length).toBeGreaterThanOrEqual(12);
    for (const [path, operations] of entries) {
      for (const method of Object.keys(operations)) {
        const url = concrete[path] ?? `${stack.bff.url}${path.replace(/\{[^}]+\}/g, 'unknown-id')}`;
        const answer = await call(url, {
          method: method.toUpperCase(),
          headers: { ...merchant, 'content-type': 'application/json' },
          body: method === 'get' ? undefined : '{}',
        });
        // A route that exists may refuse the made-up id, but never with the catch-all "no such route".
        expect(answer.body?.code, `${method.toUpperCase()} ${path}`).not.toBe('not_found');
      }
    }
  });
});
