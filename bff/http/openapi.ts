// The BFF's API as an OpenAPI 3.1 document, generated from the very zod schemas the routes validate with, so the
// reference cannot drift from the code. Served at /openapi.json.
import * as z from 'zod/mini';
import {
  createSessionRequestSchema,
  createSessionResponseSchema,
  instalmentsViewSchema,
  updateSessionCartSchema,
  placeOrderRequestSchema,
  placeOrderResponseSchema,
  problemSchema,
  sessionViewSchema,
} from '../../shared/schemas/checkout-api.js';
import { MAX_AMOUNT } from '../../shared/schemas/fields.js';
import {
  captureOrVoidRequestSchema,
  captureOrVoidViewSchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderViewSchema,
  refundListResponseSchema,
  refundRequestBodySchema,
  refundViewSchema,
} from '../../shared/schemas/merchant-api.js';
import { problemStatus } from './problem.js';
import type { ErrorCode } from '../domain/errors.js';

type Io = 'input' | 'output';

// Requests are documented as clients write them (defaults optional), responses as the BFF sends them.
const COMPONENTS = {
  CreateSessionRequest: [createSessionRequestSchema, 'input'],
  CreateSessionResponse: [createSessionResponseSchema, 'output'],
  UpdateSessionCart: [updateSessionCartSchema, 'input'],
  InstalmentsView: [instalmentsViewSchema, 'output'],
  SessionView: [sessionViewSchema, 'output'],
  PlaceOrderRequest: [placeOrderRequestSchema, 'input'],
  PlaceOrderResponse: [placeOrderResponseSchema, 'output'],
  OrderView: [orderViewSchema, 'output'],
  OrderList: [orderListResponseSchema, 'output'],
  RefundRequest: [refundRequestBodySchema, 'input'],
  RefundView: [refundViewSchema, 'output'],
  RefundList: [refundListResponseSchema, 'output'],
  CaptureOrVoidRequest: [captureOrVoidRequestSchema, 'input'],
  CaptureOrVoidView: [captureOrVoidViewSchema, 'output'],
  Problem: [problemSchema, 'output'],
} as const satisfies Record<string, readonly [z.core.$ZodType, Io]>;

type ComponentName = keyof typeof COMPONENTS;

function jsonSchema(schema: z.core.$ZodType, io: Io): Record<string, unknown> {
  // Refinements (amount sums, ISO checks) have no JSON Schema form; they are described in docs/architecture.md.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
}

const ref = (name: ComponentName) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: ComponentName) => ({ 'application/json': { schema: ref(name) } });

interface Operation {
  summary: string;
  auth?: 'merchant';
  params?: string[];
  idempotencyKey?: 'optional' | 'required';
  query?: Record<string, unknown>;
  /** Query parameters without which the request is refused. */
  requiredQuery?: string[];
  body?: ComponentName;
  ok: [number, ComponentName | string];
  problems?: ErrorCode[];
}

function operation(op: Operation) {
  const parameters: unknown[] = (op.params ?? []).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  for (const [name, schema] of Object.entries(op.query ?? {}))
    parameters.push({ name, in: 'query', required: op.requiredQuery?.includes(name) ?? false, schema });
  if (op.idempotencyKey) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: op.idempotencyKey === 'required',
      schema: { type: 'string' },
    });
  }
  const [okStatus, okBody] = op.ok;
  const responses: Record<string, unknown> = {
    [okStatus]:
      okBody in COMPONENTS
        ? { description: 'Success', content: json(okBody as ComponentName) }
        : { description: okBody },
  };
  // Any route may meet text that cannot be stored, or an address or headers over Node's limit; a JSON body may nest
  // past the limit measured before it is parsed.
  const problems: ErrorCode[] = [
    ...(op.auth ? (['unauthorized'] as const) : []),
    ...(op.problems ?? []),
    ...(op.body ? (['too_deeply_nested'] as const) : []),
    'invalid_text',
    'headers_too_large',
  ];
  for (const code of problems) {
    const status = String(problemStatus(code));
    const existing = responses[status] as { description: string } | undefined;
    responses[status] = {
      description: existing ? `${existing.description}, ${code}` : code,
      content: { 'application/problem+json': { schema: ref('Problem') } },
    };
  }
  return {
    summary: op.summary,
    ...(op.auth ? { security: [{ merchantKey: [] }] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(op.body ? { requestBody: { required: true, content: json(op.body) } } : {}),
    responses,
  };
}

const UPSTREAM_FAILURES: ErrorCode[] = ['upstream_unavailable', 'upstream_timeout'];

export function buildOpenApiDocument(publicUrl: string) {
  const listQuery = jsonSchema(orderListQuerySchema, 'input') as { properties: Record<string, unknown> };
  const operateOnOrder = (summary: string, notAllowed: ErrorCode) =>
    operation({
      summary,
      auth: 'merchant',
      params: ['orderReference'],
      idempotencyKey: 'required',
      body: 'CaptureOrVoidRequest',
      ok: [201, 'CaptureOrVoidView'],
      problems: [
        'validation_failed',
        'idempotency_key_required',
        'order_not_found',
        notAllowed,
        'amount_exceeds_remaining',
        'idempotency_key_reused',
        'idempotency_key_in_flight',
        'operation_refused',
        'outcome_unknown',
        ...UPSTREAM_FAILURES,
      ],
    });
  return {
    openapi: '3.1.0',
    info: {
      title: 'opi-checkout BFF',
      version: '1',
      description:
        'Amounts are decimal numbers in the major unit of the currency (257.75 AED). Every refusal is application/problem+json with a stable code.',
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
      schemas: Object.fromEntries(
        Object.entries(COMPONENTS).map(([name, [schema, io]]) => [name, jsonSchema(schema, io)]),
      ),
    },
    paths: {
      '/v1/checkout-sessions': {
        post: operation({
          summary: 'Create a checkout session with the cart (merchant server)',
          auth: 'merchant',
          body: 'CreateSessionRequest',
          ok: [201, 'CreateSessionResponse'],
          problems: ['validation_failed', 'unknown_field', 'malformed_json', 'malformed_request'],
        }),
      },
      '/v1/checkout-sessions/{id}': {
        patch: operation({
          summary:
            "Replace an open session's cart and amounts before an order may take the payment (a coupon, a delivery choice; merchant server); the fields fixed at creation (currency, country, locale, returnUrl, prefill, channel, capture) are refused as unknown_field. Then the page calls the element's refresh()",
          auth: 'merchant',
          params: ['id'],
          body: 'UpdateSessionCart',
          ok: [200, 'CreateSessionResponse'],
          problems: [
            'validation_failed',
            'unknown_field',
            'malformed_json',
            'malformed_request',
            'session_not_found',
            'session_completed',
            'session_order_placed',
            'session_expired',
          ],
        }),
        get: operation({
          summary: 'Everything the widget needs: amount, prefill and the providers for this cart',
          params: ['id'],
          ok: [200, 'SessionView'],
          problems: ['session_not_found', 'session_completed', 'session_expired', 'rate_limited', ...UPSTREAM_FAILURES],
        }),
      },
      '/v1/checkout-sessions/{id}/orders': {
        post: operation({
          summary: "Place the order with the shopper's choices; a double submit gets the same order",
          params: ['id'],
          idempotencyKey: 'optional',
          body: 'PlaceOrderRequest',
          ok: [201, 'PlaceOrderResponse'],
          problems: [
            'validation_failed',
            'unknown_field',
            'malformed_request',
            'session_not_found',
            'session_completed',
            'order_in_progress',
            'session_changed',
            'session_expired',
            'provider_not_eligible',
            'idempotency_key_reused',
            'rate_limited',
            'upstream_invalid_redirect',
            'upstream_rejected',
            ...UPSTREAM_FAILURES,
          ],
        }),
      },
      '/v1/orders': {
        get: operation({
          summary: 'Orders, newest first',
          auth: 'merchant',
          query: listQuery.properties,
          ok: [200, 'OrderList'],
          problems: ['validation_failed'],
        }),
      },
      '/v1/orders/{orderReference}': {
        get: operation({
          summary: 'One order: the ledger after a fresh upstream read, with its events and refunds',
          auth: 'merchant',
          params: ['orderReference'],
          ok: [200, 'OrderView'],
          problems: ['order_not_found'],
        }),
      },
      '/v1/orders/{orderReference}/refunds': {
        get: operation({
          summary: "The order's refunds",
          auth: 'merchant',
          params: ['orderReference'],
          ok: [200, 'RefundList'],
          problems: ['order_not_found'],
        }),
        post: operation({
          summary: 'Refund part or all of what was paid; never more',
          auth: 'merchant',
          params: ['orderReference'],
          idempotencyKey: 'required',
          body: 'RefundRequest',
          ok: [201, 'RefundView'],
          problems: [
            'validation_failed',
            'idempotency_key_required',
            'order_not_found',
            'order_not_refundable',
            'refund_exceeds_refundable',
            'idempotency_key_reused',
            'idempotency_key_in_flight',
            ...UPSTREAM_FAILURES,
          ],
        }),
      },
      '/v1/orders/{orderReference}/capture': {
        post: operateOnOrder('Capture an authorised order (all that is left by default)', 'order_not_capturable'),
      },
      '/v1/orders/{orderReference}/void': {
        post: operateOnOrder('Void what is left of an authorised order', 'order_not_voidable'),
      },
      '/v1/returns/{orderReference}': {
        get: {
          summary:
            "The shopper's return from the provider (dynamicRedirectUrl): hash checked, order re-read, then a 303 to the session's returnUrl",
          parameters: [{ name: 'orderReference', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            303: {
              description:
                'To returnUrl with orderReference and the normalised status (status=unknown when the hash does not verify); one upstream read per order and claimed status per 5 s, shared with the notices',
            },
            400: { description: 'An address that cannot be decoded, or text that cannot be stored: a plain HTML page' },
            429: { description: 'Too many returns from this client: a plain HTML page with Retry-After' },
            404: { description: 'Unknown order: a plain HTML page' },
          },
        },
      },
      '/v1/callbacks/{orderReference}/{secret}': {
        post: {
          summary:
            "The upstream's callback (dynamicCallbackUrl): the per-client limit, then the order and its secret, and only then the body (64 KB at most), which is only a hint: the order is re-read (one read per order and claimed status per 5 s), journalled when it changed",
          parameters: ['orderReference', 'secret'].map((name) => ({
            name,
            in: 'path',
            required: true,
            schema: { type: 'string' },
          })),
          responses: {
            200: { description: 'Recorded (whatever the body holds: it is never refused for what it carries)' },
            202: { description: 'Accepted: the re-read goes on' },
            404: { description: 'Unknown order or wrong secret; nothing changes, and the body is not read' },
            429: { description: 'rate_limited' },
            503: { description: 'ledger_unavailable: the ledger could not be read; deliver again' },
          },
        },
      },
      '/v1/webhooks/upstream': {
        post: {
          summary:
            "The merchant account's webhook (register it in the upstream's portal): REFUND_CALLBACK and ORDER_STATUS_UPDATE, flat or in `data`; only a hint, the order or its refunds are re-read. A notice is placed by its merchantReference/orderReference, else by an id of the upstream's the ledger has learnt (transactionId, transactionReference, bnplOrderId); one that names nothing known is acknowledged and makes the live orders due for a read (at most 100, once per 30 s). Never refused for a field it lacks",
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    event: { type: 'string' },
                    status: { type: 'string' },
                    transactionId: { type: 'string' },
                    merchantReference: { type: 'string' },
                    data: { type: 'object' },
                  },
                },
              },
            },
          },
          responses: {
            200: { description: 'Acted on (or a repeat of one acted on within a minute)' },
            202: {
              description:
                'Accepted: still working, or no order here that it names (unreadable or unknown; the live orders are read again)',
            },
            429: { description: 'rate_limited' },
            503: { description: 'ledger_unavailable: the ledger could not be read; deliver again' },
          },
        },
      },
      '/opi-{name}.js': {
        get: {
          summary:
            'An element of the widget (opi-checkout.js, opi-instalments.js; see /v1/widget for their versioned URLs and SRI hashes) or a chunk they import (content-hashed name, immutable)',
          responses: { 200: { description: 'JavaScript' }, 404: { description: 'widget_not_built, not_found' } },
        },
      },
      '/opi-{name}.js.sri': {
        get: {
          summary: "An element's SRI hash (sha384-...), as text: /opi-checkout.js.sri, /opi-instalments.js.sri",
          responses: { 200: { description: 'text/plain' }, 404: { description: 'widget_not_built, not_found' } },
        },
      },
      '/v1/instalments': {
        get: operation({
          summary:
            "The instalment plans for a price, for `<opi-instalments>` on product and cart pages: public (no session, nothing about anyone), CORS for OPI_ALLOWED_ORIGINS, cacheable for the options cache time (`Cache-Control: public`, `Vary: Origin`); `availableFrom` when no provider takes the price and some take more. `country` is checked and reserved: the upstream's options take no country",
          query: {
            amount: {
              type: 'string',
              description: `Decimal, in the currency's major unit: "189.00"; above 0, at most ${MAX_AMOUNT}, no more decimals than the currency has (2 at most)`,
            },
            currency: { type: 'string', description: 'ISO 4217' },
            country: { type: 'string', description: 'ISO 3166-1 alpha-2' },
            channel: { type: 'string', description: 'The sales channel, when providers are configured per channel' },
          },
          requiredQuery: ['amount', 'currency', 'country'],
          ok: [200, 'InstalmentsView'],
          problems: ['validation_failed', 'rate_limited', ...UPSTREAM_FAILURES],
        }),
      },
      '/v1/widget': {
        get: {
          summary:
            "The current widget build: { url, integrity } of `<opi-checkout>`, the same per element under `elements`, and `importMap` ({ integrity: { chunk URL: hash } }), to render the page's script tags",
          responses: {
            200: { description: '{ url, integrity, elements, importMap }' },
            404: { description: 'widget_not_built' },
          },
        },
      },
      '/openapi.json': { get: { summary: 'This document', responses: { 200: { description: 'OpenAPI 3.1' } } } },
      '/healthz': { get: { summary: 'The process is up', responses: { 200: { description: 'Up' } } } },
      '/readyz': {
        get: {
          summary: 'The ledger answers and an upstream token can be had',
          responses: { 200: { description: 'Ready' }, 503: { description: 'Not ready' } },
        },
      },
    },
  };
}
