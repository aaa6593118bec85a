// One operation of the BFF's OpenAPI document: its id, its security (explicitly none for the public routes), its
// parameters, and every answer the route sends, status and content type, refusals included; and what many operations
// share. Each route declares its operations beside its handlers (bff/routes/openapi.ts assembles the document); test/bff/http/openapi-conformance.test.ts checks real answers against what is built here.
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
import {
  captureOrVoidRequestSchema,
  captureOrVoidViewSchema,
  eventListResponseSchema,
  funnelResponseSchema,
  notificationResendSchema,
  orderListResponseSchema,
  orderViewSchema,
  refundListResponseSchema,
  refundRequestBodySchema,
  refundViewSchema,
} from '../../shared/schemas/merchant-api.js';
import { problemStatus } from './problem.js';
import type { ErrorCode } from '../domain/errors.js';

type Io = 'input' | 'output';
type Schema = Record<string, unknown>;

export function jsonSchema(schema: z.core.$ZodType, io: Io): Schema {
  // Refinements (amount sums, ISO checks) have no JSON Schema form; they are described in
  // docs/internals/architecture.md.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Schema;
  return rest;
}

/** The answers with no zod schema of their own (they are built where they are sent). */
const received = { type: 'object', properties: { received: { const: true } }, required: ['received'] };
const script = { url: { type: 'string', format: 'uri' }, integrity: { type: 'string', pattern: '^sha384-' } };
const scriptSchema = { type: 'object', properties: script, required: ['url', 'integrity'] };
/** An element's script with the chunks a page may preload beside it (`<link rel="modulepreload">`). */
const preload = { type: 'array', items: scriptSchema };
const elementSchema = {
  type: 'object',
  properties: { ...script, preload },
  required: ['url', 'integrity', 'preload'],
};

// Requests are documented as clients write them (defaults optional), responses as the BFF sends them.
const COMPONENTS = {
  CreateSessionRequest: jsonSchema(createSessionRequestSchema, 'input'),
  CreateSessionResponse: jsonSchema(createSessionResponseSchema, 'output'),
  UpdateSessionCart: jsonSchema(updateSessionCartSchema, 'input'),
  InstalmentsView: jsonSchema(instalmentsViewSchema, 'output'),
  SessionView: jsonSchema(sessionViewSchema, 'output'),
  PlaceOrderRequest: jsonSchema(placeOrderRequestSchema, 'input'),
  PlaceOrderResponse: jsonSchema(placeOrderResponseSchema, 'output'),
  OrderView: jsonSchema(orderViewSchema, 'output'),
  OrderList: jsonSchema(orderListResponseSchema, 'output'),
  RefundRequest: jsonSchema(refundRequestBodySchema, 'input'),
  RefundView: jsonSchema(refundViewSchema, 'output'),
  RefundList: jsonSchema(refundListResponseSchema, 'output'),
  CaptureOrVoidRequest: jsonSchema(captureOrVoidRequestSchema, 'input'),
  CaptureOrVoidView: jsonSchema(captureOrVoidViewSchema, 'output'),
  Problem: jsonSchema(problemSchema, 'output'),
  Funnel: jsonSchema(funnelResponseSchema, 'output'),
  EventList: jsonSchema(eventListResponseSchema, 'output'),
  NotificationResend: jsonSchema(notificationResendSchema, 'output'),
  Received: received,
  Health: { type: 'object', properties: { status: { const: 'ok' } }, required: ['status'] },
  Ready: {
    type: 'object',
    properties: {
      status: { const: 'ready' },
      checks: {
        type: 'object',
        properties: { store: { const: 'ok' }, upstream: { const: 'ok' } },
        required: ['store', 'upstream'],
      },
    },
    required: ['status', 'checks'],
  },
  Widget: {
    type: 'object',
    properties: {
      ...script,
      preload,
      elements: { type: 'object', additionalProperties: elementSchema },
      importMap: {
        type: 'object',
        properties: { integrity: { type: 'object', additionalProperties: { type: 'string', pattern: '^sha384-' } } },
        required: ['integrity'],
      },
    },
    required: ['url', 'integrity', 'preload', 'elements', 'importMap'],
  },
  OpenApiDocument: {
    type: 'object',
    properties: { openapi: { type: 'string' }, info: { type: 'object' }, paths: { type: 'object' } },
    required: ['openapi', 'info', 'paths'],
  },
} satisfies Record<string, Schema>;

export type ComponentName = keyof typeof COMPONENTS;

export const componentSchemas = (): Record<ComponentName, Schema> => COMPONENTS;

const ref = (name: ComponentName) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: ComponentName) => ({ 'application/json': { schema: ref(name) } });

/** An answer that is not a refusal: a component as JSON, or a body of another type (a page, a script, nothing). */
export type Answer =
  | { status: number; description: string; json: ComponentName }
  | { status: number; description: string; content?: Record<string, Schema>; headers?: Record<string, string> };

export const TEXT = (type: string, schema: Schema = { type: 'string' }) => ({ [type]: { schema } });

export interface Operation {
  operationId: string;
  summary: string;
  /** A merchant server's key; without it the operation is public (`security: []`). */
  auth?: 'merchant';
  params?: Record<string, string>;
  idempotencyKey?: 'optional' | 'required';
  query?: Record<string, unknown>;
  /** Query parameters without which the request is refused. */
  requiredQuery?: string[];
  body?: ComponentName | Schema;
  answers: Answer[];
  problems?: ErrorCode[];
  /** The route's refusals are plain pages for a shopper's browser (listed in `answers`), not problem+json. */
  pages?: true;
}

/**
 * What every route may answer, whatever it does: text that cannot be stored, an address or headers over the limit, a
 * request (or its body) that did not arrive in time.
 */
const EVERY_ROUTE: ErrorCode[] = ['invalid_text', 'headers_too_large', 'request_timeout'];

function answerOf(answer: Answer) {
  const headers =
    'headers' in answer && answer.headers
      ? {
          headers: Object.fromEntries(
            Object.entries(answer.headers).map(([name, description]) => [
              name,
              { description, schema: { type: 'string' } },
            ]),
          ),
        }
      : {};
  if ('json' in answer) return { description: answer.description, content: json(answer.json) };
  return { description: answer.description, ...headers, ...(answer.content ? { content: answer.content } : {}) };
}

export function operation(op: Operation) {
  const parameters: unknown[] = Object.entries(op.params ?? {}).map(([name, description]) => ({
    name,
    in: 'path',
    required: true,
    description,
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
  const responses: Record<string, { description: string; content?: unknown }> = {};
  for (const answer of op.answers) responses[answer.status] = answerOf(answer);
  const problems: ErrorCode[] = [
    ...(op.auth ? (['unauthorized'] as const) : []),
    ...(op.problems ?? []),
    ...(op.body ? (['too_deeply_nested', 'payload_too_large', 'unsupported_media_type'] as const) : []),
    // Node answers an oversized or late header block itself, as problem+json, before any route's own pages.
    ...(op.pages ? (['headers_too_large', 'request_timeout'] as const) : EVERY_ROUTE),
  ];
  for (const code of new Set(problems)) {
    const status = String(problemStatus(code));
    const existing = responses[status];
    responses[status] = {
      description: existing ? `${existing.description}, ${code}` : code,
      content: { ...(existing?.content ?? {}), 'application/problem+json': { schema: ref('Problem') } },
    };
  }
  const body = typeof op.body === 'string' ? json(op.body) : op.body && { 'application/json': { schema: op.body } };
  return {
    operationId: op.operationId,
    summary: op.summary,
    security: op.auth ? [{ merchantKey: [] }] : [],
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: { required: true, content: body } } : {}),
    responses,
  };
}

/** What a route that reads a JSON body refuses before its own checks: a body not valid, a field it does not know, not JSON. */
export const BODY_REFUSALS: ErrorCode[] = ['validation_failed', 'unknown_field', 'malformed_json'];
/** What an upstream failure is answered with on any route that calls the upstream (upstreamRefusal, domain/errors.ts). */
export const UPSTREAM_FAILURES: ErrorCode[] = [
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
export const OPERATION_UPSTREAM_FAILURES: ErrorCode[] = ['upstream_auth_failed', 'upstream_rejected'];
/** What the routes the widget calls may add: a page origin the BFF does not allow, a busy client. */
export const WIDGET_GUARDS: ErrorCode[] = ['origin_not_allowed', 'rate_limited'];
export const ORDER = { orderReference: "The order's reference (ORD-...)" };
/** A refund, capture or void the payment service has not confirmed: it may have been made, so it is never a 5xx. */
export const NOT_CONFIRMED =
  'Not confirmed yet (status pending): its answer was lost or it settles later; its amount stays reserved';
export const SESSION = { id: 'The checkout session id (cs_...)' };
export const ELEMENT = { name: 'checkout or instalments, or a chunk\'s content-hashed name ("shared-01YaKYlv")' };
export const HTML = TEXT('text/html');
export const RETRY_AFTER = { 'Retry-After': 'Seconds to wait before asking again' };
