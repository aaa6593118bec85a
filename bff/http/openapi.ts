// The BFF's API as an OpenAPI 3.1 document, generated from the very zod schemas the routes validate with, so the
// reference cannot drift from the code. Served at /openapi.json. Every operation has an id (client generators name
// their methods from it), its security (explicitly none when public), and every answer the route sends.
import { MAX_AMOUNT } from '../../shared/schemas/fields.js';
import { eventListQuerySchema, funnelQuerySchema, orderListQuerySchema } from '../../shared/schemas/merchant-api.js';
import { componentSchemas, jsonSchema, operation, TEXT } from './openapi-operation.js';
import type { ErrorCode } from '../domain/errors.js';

/** What an upstream failure is answered with on any route that calls the upstream (upstreamRefusal, domain/errors.ts). */
const UPSTREAM_FAILURES: ErrorCode[] = [
  'upstream_unavailable',
  'upstream_timeout',
  'upstream_invalid_response',
  'upstream_auth_failed',
  'upstream_rejected',
  'outcome_unknown',
];
/**
 * A refund, capture or void answers a failure the upstream may have acted on as pending (202), never as a 5xx: only
 * a first send's refusal that says nothing was made reaches the merchant as one.
 */
const OPERATION_UPSTREAM_FAILURES: ErrorCode[] = ['upstream_auth_failed', 'upstream_rejected'];
/** What the routes the widget calls may add: a page origin the BFF does not allow, a busy client. */
const WIDGET_GUARDS: ErrorCode[] = ['origin_not_allowed', 'rate_limited'];
const ORDER = { orderReference: "The order's reference (ORD-...)" };
/** A refund, capture or void the payment service has not confirmed: it may have been made, so it is never a 5xx. */
const NOT_CONFIRMED =
  'Not confirmed yet (status pending): its answer was lost or it settles later; its amount stays reserved';
const SESSION = { id: 'The checkout session id (cs_...)' };
const ELEMENT = { name: 'checkout or instalments, or a chunk\'s content-hashed name ("shared-01YaKYlv")' };
const HTML = TEXT('text/html');
const RETRY_AFTER = { 'Retry-After': 'Seconds to wait before asking again' };

export function buildOpenApiDocument(publicUrl: string) {
  const listQuery = jsonSchema(orderListQuerySchema, 'input') as { properties: Record<string, unknown> };
  const operateOnOrder = (operationId: string, summary: string, notAllowed: ErrorCode, also: ErrorCode[] = []) =>
    operation({
      operationId,
      summary,
      auth: 'merchant',
      params: ORDER,
      idempotencyKey: 'required',
      body: 'CaptureOrVoidRequest',
      answers: [
        { status: 201, description: 'Made', json: 'CaptureOrVoidView' },
        { status: 202, description: NOT_CONFIRMED, json: 'CaptureOrVoidView' },
      ],
      problems: [
        'validation_failed',
        'unknown_field',
        'malformed_json',
        'idempotency_key_required',
        'order_not_found',
        notAllowed,
        'amount_exceeds_remaining',
        ...also,
        'idempotency_key_reused',
        'idempotency_key_in_flight',
        'operation_refused',
        'operation_not_found_upstream',
        'ledger_unavailable',
        ...OPERATION_UPSTREAM_FAILURES,
      ],
    });
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
      '/v1/checkout-sessions': {
        post: operation({
          operationId: 'createCheckoutSession',
          summary: 'Create a checkout session with the cart (merchant server)',
          auth: 'merchant',
          body: 'CreateSessionRequest',
          answers: [{ status: 201, description: 'Created', json: 'CreateSessionResponse' }],
          problems: [
            'validation_failed',
            'unknown_field',
            'malformed_json',
            'malformed_request',
            'merchant_reference_in_use',
            'ledger_unavailable',
          ],
        }),
      },
      '/v1/checkout-sessions/{id}': {
        patch: operation({
          operationId: 'updateCheckoutSessionCart',
          summary:
            "Replace an open session's cart and amounts before an order may take the payment (a coupon, a delivery choice; merchant server); the fields fixed at creation (currency, country, locale, returnUrl, prefill, channel, capture) are refused as unknown_field. Then the page calls the element's refresh()",
          auth: 'merchant',
          params: SESSION,
          body: 'UpdateSessionCart',
          answers: [{ status: 200, description: 'Replaced', json: 'CreateSessionResponse' }],
          problems: [
            'validation_failed',
            'unknown_field',
            'malformed_json',
            'malformed_request',
            'session_not_found',
            'session_completed',
            'session_order_placed',
            'session_expired',
            'ledger_unavailable',
          ],
        }),
        get: operation({
          operationId: 'getCheckoutSession',
          summary: 'Everything the widget needs: amount, prefill and the providers for this cart',
          params: SESSION,
          answers: [{ status: 200, description: 'The session', json: 'SessionView' }],
          problems: [
            'session_not_found',
            'session_completed',
            'session_expired',
            ...WIDGET_GUARDS,
            'ledger_unavailable',
            ...UPSTREAM_FAILURES,
          ],
        }),
      },
      '/v1/checkout-sessions/{id}/orders': {
        post: operation({
          operationId: 'placeOrder',
          summary: "Place the order with the shopper's choices; a double submit gets the same order",
          params: SESSION,
          idempotencyKey: 'optional',
          body: 'PlaceOrderRequest',
          answers: [
            { status: 201, description: 'Placed: send the shopper to redirectUrl', json: 'PlaceOrderResponse' },
          ],
          problems: [
            'validation_failed',
            'unknown_field',
            'malformed_json',
            'malformed_request',
            'session_not_found',
            'session_completed',
            'order_in_progress',
            'session_changed',
            'session_exhausted',
            'session_expired',
            'provider_not_eligible',
            'idempotency_key_reused',
            'idempotency_key_in_flight',
            ...WIDGET_GUARDS,
            'upstream_invalid_redirect',
            'ledger_unavailable',
            ...UPSTREAM_FAILURES,
          ],
        }),
      },
      '/v1/orders': {
        get: operation({
          operationId: 'listOrders',
          summary:
            "Orders, newest first; filtered by status, paymentState, the shop's merchantReference, and a created-at range (createdFrom inclusive, createdTo exclusive)",
          auth: 'merchant',
          query: listQuery.properties,
          answers: [{ status: 200, description: 'A page of orders', json: 'OrderList' }],
          problems: ['validation_failed', 'ledger_unavailable'],
        }),
      },
      '/v1/orders/{orderReference}': {
        get: operation({
          operationId: 'getOrder',
          summary: 'One order: the ledger after a fresh upstream read, with its events and refunds',
          auth: 'merchant',
          params: ORDER,
          answers: [{ status: 200, description: 'The order', json: 'OrderView' }],
          problems: ['order_not_found', 'ledger_unavailable'],
        }),
      },
      '/v1/orders/{orderReference}/refunds': {
        get: operation({
          operationId: 'listRefunds',
          summary: "The order's refunds",
          auth: 'merchant',
          params: ORDER,
          answers: [{ status: 200, description: 'Its refunds', json: 'RefundList' }],
          problems: ['order_not_found', 'ledger_unavailable'],
        }),
        post: operation({
          operationId: 'refundOrder',
          summary: 'Refund part or all of what was paid; never more',
          auth: 'merchant',
          params: ORDER,
          idempotencyKey: 'required',
          body: 'RefundRequest',
          answers: [
            { status: 201, description: 'Recorded', json: 'RefundView' },
            { status: 202, description: NOT_CONFIRMED, json: 'RefundView' },
          ],
          problems: [
            'validation_failed',
            'unknown_field',
            'malformed_json',
            'idempotency_key_required',
            'order_not_found',
            'order_not_refundable',
            'refund_exceeds_refundable',
            'idempotency_key_reused',
            'idempotency_key_in_flight',
            'operation_refused',
            'ledger_unavailable',
            ...OPERATION_UPSTREAM_FAILURES,
          ],
        }),
      },
      '/v1/orders/{orderReference}/notifications/resend': {
        post: operation({
          operationId: 'resendOrderNotification',
          summary:
            "Queue the order's latest notification again: the same body and id (a shop that handled it skips it), a new series of deliveries. No Idempotency-Key: twice queues it twice",
          auth: 'merchant',
          params: ORDER,
          answers: [{ status: 202, description: 'Queued', json: 'NotificationResend' }],
          problems: ['order_not_found', 'notification_not_found', 'notifications_off', 'ledger_unavailable'],
        }),
      },
      '/v1/events': {
        get: operation({
          operationId: 'listEvents',
          summary:
            'Every merchant notification, oldest first, the bodies the webhook is sent (ids included): catch up after an outage from the nextCursor kept last time. Each is listed 5 s after it was written (one committed late is not skipped); kept while retried and then as long as OPI_RETENTION_PERSONAL_DAYS',
          auth: 'merchant',
          query: (jsonSchema(eventListQuerySchema, 'input') as { properties: Record<string, unknown> }).properties,
          answers: [{ status: 200, description: 'A page of notifications', json: 'EventList' }],
          problems: ['validation_failed', 'notifications_off', 'ledger_unavailable'],
        }),
      },
      '/v1/orders/{orderReference}/capture': {
        // A capture waits while another capture or void is in doubt (operations.ts).
        post: operateOnOrder(
          'captureOrder',
          'Capture an authorised order (all that is left by default)',
          'order_not_capturable',
          ['operation_in_doubt'],
        ),
      },
      '/v1/orders/{orderReference}/void': {
        // A void waits while another capture or void is unconfirmed (operations.ts).
        post: operateOnOrder('voidOrder', 'Void what is left of an authorised order', 'order_not_voidable', [
          'operation_in_doubt',
        ]),
      },
      '/v1/funnel': {
        get: operation({
          operationId: 'getFunnel',
          summary:
            "The checkout's conversion per provider and hour, from this instance's counts since it started: shown, chosen, placed, returned, then the outcome (paid, on_hold, declined, cancelled, error, failed), then recovered (paid after a declined or failed attempt of the session) and declined_recovered (per attempt so recovered, on its provider); nothing about anyone",
          auth: 'merchant',
          query: (jsonSchema(funnelQuerySchema, 'input') as { properties: Record<string, unknown> }).properties,
          answers: [{ status: 200, description: 'The last `hours` hours, oldest first', json: 'Funnel' }],
          problems: ['validation_failed'],
        }),
      },
      '/v1/returns/{orderReference}': {
        get: operation({
          operationId: 'shopperReturn',
          summary:
            "The shopper's return from the provider (dynamicRedirectUrl): hash checked, order re-read, then a 303 to the session's returnUrl",
          params: ORDER,
          pages: true,
          answers: [
            {
              status: 303,
              description:
                "To returnUrl with orderReference, the normalised status (status=unknown when the hash does not verify) and, for a verified return, checkoutUrl (the session's hosted checkout page, the way back to paying); one upstream read per order and claimed status per 5 s, shared with the notices, waited for 3 s at most",
              headers: { Location: "The session's returnUrl with orderReference and status" },
              // Express's redirect says where in a short text or page, for clients that do not follow it.
              content: { ...TEXT('text/plain'), ...HTML },
            },
            {
              status: 400,
              description: 'An address that cannot be decoded, or text that cannot be stored',
              content: HTML,
            },
            { status: 404, description: 'Unknown order', content: HTML },
            { status: 429, description: 'Too many returns from this client', content: HTML, headers: RETRY_AFTER },
            { status: 503, description: 'The ledger could not be read; try again', content: HTML },
          ],
        }),
      },
      '/pay/{sessionId}': {
        get: operation({
          operationId: 'hostedCheckoutPage',
          summary:
            "The checkout page the BFF hosts for a session (its checkoutUrl, pay by link): the merchant, the cart and its total, and <opi-checkout> for the session, in the session's language",
          params: { sessionId: SESSION.id },
          pages: true,
          answers: [
            { status: 200, description: 'The page, under a CSP with a nonce of its own', content: HTML },
            { status: 404, description: 'No such session', content: HTML },
            { status: 409, description: 'The session already has its payment: a link back to the shop', content: HTML },
            { status: 410, description: 'The session has expired: a link back to the shop', content: HTML },
            { status: 429, description: 'Too many pages from this client', content: HTML, headers: RETRY_AFTER },
            { status: 503, description: 'The ledger or the widget bundle is not there; try again', content: HTML },
          ],
        }),
      },
      '/v1/callbacks/{orderReference}/{secret}': {
        post: operation({
          operationId: 'upstreamCallback',
          summary:
            "The upstream's callback (dynamicCallbackUrl): the per-client limit, then the order and its secret, and only then the body (64 KB at most), which is only a hint: the order is re-read (one read per order and claimed status per 5 s), journalled when it changed",
          params: { ...ORDER, secret: "The order's callback secret, in the URL the BFF gave the upstream" },
          body: { description: 'Any body, read as text: never refused for what it carries' },
          answers: [
            { status: 200, description: 'Recorded (whatever the body holds)', json: 'Received' },
            { status: 202, description: 'Accepted: the re-read goes on', json: 'Received' },
          ],
          problems: ['not_found', 'rate_limited', 'ledger_unavailable'],
        }),
      },
      '/v1/webhooks/upstream/{secret}': {
        post: operation({
          operationId: 'upstreamAccountWebhook',
          summary:
            "The merchant account's webhook (register it in the upstream's portal with its secret, OPI_UPSTREAM_WEBHOOK_SECRET; a wrong secret is 404 before any work, and without the setting the webhook is off): REFUND_CALLBACK and ORDER_STATUS_UPDATE, flat or in `data`; only a hint, the order or its refunds are re-read. A notice is placed by its merchantReference/orderReference, else by its refundReference (as sent, or as the upstream answers it, X-00), else by an id of the upstream's the ledger has learnt (transactionId, transactionReference, bnplOrderId); one that names nothing known is acknowledged and makes the recent live orders (created within the poll horizon) and those with a refund, capture or void open due for a read (at most 100 of each, once per 30 s for every instance together); a REFUND_CALLBACK also the recent ones with money to refund (100, once per 30 s). Never refused for a field it lacks",
          params: { secret: 'The secret of OPI_UPSTREAM_WEBHOOK_SECRET, as registered in the portal' },
          body: {
            type: 'object',
            properties: {
              event: { type: 'string' },
              status: { type: 'string' },
              transactionId: { type: 'string' },
              merchantReference: { type: 'string' },
              data: { type: 'object' },
            },
          },
          answers: [
            { status: 200, description: 'Acted on (or a repeat of one acted on within a minute)', json: 'Received' },
            {
              status: 202,
              description:
                'Accepted: still working, or no order here that it names (unreadable or unknown; the live orders are read again)',
              json: 'Received',
            },
          ],
          problems: ['not_found', 'rate_limited', 'ledger_unavailable'],
        }),
      },
      '/opi-{name}.js': {
        get: operation({
          operationId: 'getWidgetScript',
          summary:
            'An element of the widget (opi-checkout.js, opi-instalments.js; see /v1/widget for their versioned URLs and SRI hashes) or a chunk they import (content-hashed name, immutable)',
          params: ELEMENT,
          answers: [
            {
              status: 200,
              description: 'The script (brotli or gzip when accepted)',
              content: TEXT('application/javascript'),
            },
            { status: 304, description: 'Not modified (If-None-Match matched its ETag)' },
          ],
          problems: ['not_found', 'widget_not_built'],
        }),
      },
      '/opi-{name}.js.sri': {
        get: operation({
          operationId: 'getWidgetScriptIntegrity',
          summary: "An element's SRI hash (sha384-...), as text: /opi-checkout.js.sri, /opi-instalments.js.sri",
          params: { name: 'checkout or instalments' },
          answers: [
            {
              status: 200,
              description: 'The hash',
              content: TEXT('text/plain', { type: 'string', pattern: '^sha384-' }),
            },
          ],
          problems: ['not_found', 'widget_not_built'],
        }),
      },
      '/v1/instalments': {
        get: operation({
          operationId: 'getInstalments',
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
          answers: [{ status: 200, description: 'The plans', json: 'InstalmentsView' }],
          problems: ['validation_failed', ...WIDGET_GUARDS, ...UPSTREAM_FAILURES],
        }),
      },
      '/v1/widget': {
        get: operation({
          operationId: 'getWidgetBuild',
          summary:
            'The current widget build: { url, integrity, preload } of `<opi-checkout>`, the same per element under `elements` (`preload`: the chunks it imports and those it asks for with its first read, each { url, integrity }, for `<link rel="modulepreload">`), and `importMap` ({ integrity: { chunk URL: hash } }), to render the page\'s script tags',
          answers: [{ status: 200, description: 'The build', json: 'Widget' }],
          problems: ['widget_not_built'],
        }),
      },
      '/openapi.json': {
        get: operation({
          operationId: 'getOpenApiDocument',
          summary: 'This document',
          answers: [{ status: 200, description: 'OpenAPI 3.1', json: 'OpenApiDocument' }],
        }),
      },
      '/healthz': {
        get: operation({
          operationId: 'getHealth',
          summary: 'The process is up',
          answers: [{ status: 200, description: 'Up', json: 'Health' }],
        }),
      },
      '/readyz': {
        get: operation({
          operationId: 'getReadiness',
          summary: 'The ledger answers and an upstream token can be had (checked at most once a second)',
          answers: [{ status: 200, description: 'Ready', json: 'Ready' }],
          problems: ['not_ready', 'draining'],
        }),
      },
    },
  };
}
