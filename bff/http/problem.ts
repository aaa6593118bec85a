// Every refusal is application/problem+json (RFC 9457) with a stable `code`, a human `detail`, the field path of
// each validation error, and `retryable` where trying again may help. No stack, no secret, no upstream body. The
// services throw DomainError (bff/domain/errors.ts); this is the one place that gives a code its status and writes
// the body, for the routes' one error handler and for the in-process API's CheckoutError.
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { requestLog } from './request-logging.js';
import type { Problem as ProblemBody } from '../../shared/schemas/checkout-api.js';
import { DomainError, type ErrorCode, refusalBody, refusalOf } from '../domain/errors.js';

const CODES = {
  validation_failed: [400, 'Invalid request'],
  unknown_field: [400, 'Unknown field'],
  malformed_json: [400, 'Malformed JSON'],
  malformed_request: [400, 'Malformed request'],
  invalid_text: [400, 'Invalid text'],
  too_deeply_nested: [400, 'Too deeply nested'],
  idempotency_key_required: [400, 'Idempotency-Key required'],
  unauthorized: [401, 'Unauthorized'],
  origin_not_allowed: [403, 'Origin not allowed'],
  not_found: [404, 'Not found'],
  session_not_found: [404, 'Checkout session not found'],
  order_not_found: [404, 'Order not found'],
  widget_not_built: [404, 'Widget bundle not built'],
  session_completed: [409, 'Checkout session already completed'],
  merchant_reference_in_use: [409, 'A live checkout session has this merchantReference'],
  notifications_off: [409, 'Merchant notifications are not configured'],
  notification_not_found: [404, 'No notification for this order'],
  order_in_progress: [409, 'Order being placed'],
  session_order_placed: [409, 'Checkout session has an order'],
  session_changed: [409, 'Checkout session changed'],
  session_exhausted: [409, 'Checkout session has no attempts left'],
  idempotency_key_in_flight: [409, 'Request with this Idempotency-Key in flight'],
  order_not_refundable: [409, 'Order not refundable'],
  order_not_capturable: [409, 'Order not capturable'],
  order_not_voidable: [409, 'Order not voidable'],
  operation_in_doubt: [409, 'Another operation of the order is not confirmed yet'],
  session_expired: [410, 'Checkout session expired'],
  payload_too_large: [413, 'Payload too large'],
  headers_too_large: [431, 'Request header fields too large'],
  request_timeout: [408, 'Request timeout'],
  unsupported_media_type: [415, 'Unsupported media type'],
  provider_not_eligible: [422, 'Provider not eligible'],
  idempotency_key_reused: [422, 'Idempotency-Key reused with another request'],
  refund_exceeds_refundable: [422, 'Refund exceeds the refundable amount'],
  amount_exceeds_remaining: [422, 'Amount exceeds what is left'],
  operation_refused: [422, 'Payment service refused the operation'],
  operation_not_found_upstream: [422, 'Payment service has no record of the operation'],
  rate_limited: [429, 'Too many requests'],
  internal: [500, 'Internal error'],
  upstream_unavailable: [502, 'Payment service unavailable'],
  upstream_invalid_response: [502, 'Payment service answered unexpectedly'],
  upstream_invalid_redirect: [502, 'Payment service returned an unsafe redirect'],
  upstream_rejected: [502, 'Payment service refused the request'],
  upstream_auth_failed: [502, 'Payment service refused our credentials'],
  not_ready: [503, 'Not ready'],
  ledger_unavailable: [503, 'Ledger unavailable'],
  draining: [503, 'Shutting down'],
  upstream_timeout: [504, 'Payment service timed out'],
  outcome_unknown: [502, 'Outcome not known yet'],
} as const satisfies Record<ErrorCode, readonly [number, string]>;

/** The HTTP status a refusal's code always answers with (also in the OpenAPI document). */
export const problemStatus = (code: ErrorCode): number => CODES[code][0];

/** A refusal as its problem+json body. */
export function problemBody(error: DomainError): ProblemBody {
  const [status, title] = CODES[error.code];
  // Local choice: a stable, non-dereferenceable type URI per code (RFC 9457 allows it).
  return { type: `urn:opi-checkout:problem:${error.code}`, title, status, ...refusalBody(error) };
}

/** The headers a refusal answers with: when to try again, and how to authenticate for a missing merchant key. */
export function problemHeaders({ code, extras }: DomainError): Record<string, string> {
  return {
    ...(extras.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(extras.retryAfterSeconds) }),
    ...(code === 'unauthorized' ? { 'WWW-Authenticate': 'Bearer realm="opi-checkout"' } : {}),
  };
}

export function sendProblem(res: Response, error: DomainError): void {
  for (const [name, value] of Object.entries(problemHeaders(error))) res.setHeader(name, value);
  res.status(problemStatus(error.code)).type('application/problem+json').json(problemBody(error));
}

export const notFound: RequestHandler = (_req, _res, next) => {
  next(new DomainError('not_found', 'There is nothing at this address.'));
};

// body-parser's error types (express.json).
const BODY_ERRORS: Record<string, [ErrorCode, string]> = {
  'entity.too.large': ['payload_too_large', 'The request body is larger than 16 KB.'],
  'entity.parse.failed': ['malformed_json', 'The request body is not valid JSON.'],
  'encoding.unsupported': ['unsupported_media_type', 'The request body encoding is not supported.'],
  'charset.unsupported': ['unsupported_media_type', 'The request body charset is not supported; use UTF-8.'],
  'request.size.invalid': ['malformed_json', 'The request body length does not match Content-Length.'],
  'request.aborted': ['malformed_json', 'The request body was cut short.'],
};

/** A library's own refusal of the request (http-errors style: a 4xx `status`, `expose`), or a URIError. */
function clientErrorStatus(error: unknown): number | null {
  if (error instanceof URIError) return 400;
  const status =
    (error as { status?: unknown; statusCode?: unknown } | null)?.status ??
    (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}

/** Any error a route or middleware raised, as the refusal to answer with; unexpected ones are logged. */
export function problemFor(error: unknown, req: Request): DomainError {
  const refusal = refusalOf(error);
  if (refusal) return refusal;
  const type = (error as { type?: unknown } | null)?.type;
  if (typeof type === 'string' && BODY_ERRORS[type]) {
    const [code, detail] = BODY_ERRORS[type];
    return new DomainError(code, detail);
  }
  // Undecodable percent-encoding in the path, a body that does not match its Content-Encoding, and the like.
  const status = clientErrorStatus(error);
  if (status === 413) return new DomainError('payload_too_large', BODY_ERRORS['entity.too.large']![1]);
  if (status === 415)
    return new DomainError('unsupported_media_type', 'The request body encoding or type is not supported.');
  if (status !== null)
    return new DomainError('malformed_request', 'The request could not be read: its address or body is malformed.');
  requestLog(req)?.error({ err: error }, 'unexpected error');
  return new DomainError('internal', 'Something went wrong on our side.');
}

export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  const problem = problemFor(error, req);
  // The ledger's own failures are logged once by its driver; the access line says which requests met them.
  if (problemStatus(problem.code) >= 500 && problem.code !== 'internal' && problem.code !== 'ledger_unavailable')
    requestLog(req)?.warn({ err: problem.extras.cause ?? problem, code: problem.code }, 'upstream problem');
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendProblem(res, problem);
};
