// Every refusal is application/problem+json (RFC 9457) with a stable `code`, a human `detail`, the field path of
// each validation error, and `retryable` where trying again may help. No stack, no secret, no upstream body.
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { requestLog } from './request-logging.js';
import { issuesToFieldErrors, type Problem as ProblemBody } from '../../shared/checkout-api.js';
import { LedgerUnavailableError } from '../store/ledger-errors.js';
import {
  UpstreamAuthError,
  UpstreamError,
  UpstreamOutcomeUnknownError,
  UpstreamProtocolError,
  UpstreamTimeoutError,
  UpstreamUnavailableError,
} from '../upstream/errors.js';

const CODES = {
  validation_failed: [400, 'Invalid request'],
  unknown_field: [400, 'Unknown field'],
  malformed_json: [400, 'Malformed JSON'],
  malformed_request: [400, 'Malformed request'],
  invalid_text: [400, 'Invalid text'],
  unreadable_notification: [400, 'Unreadable notification'],
  idempotency_key_required: [400, 'Idempotency-Key required'],
  unauthorized: [401, 'Unauthorized'],
  origin_not_allowed: [403, 'Origin not allowed'],
  not_found: [404, 'Not found'],
  session_not_found: [404, 'Checkout session not found'],
  order_not_found: [404, 'Order not found'],
  widget_not_built: [404, 'Widget bundle not built'],
  session_completed: [409, 'Checkout session already completed'],
  order_in_progress: [409, 'Order being placed'],
  session_order_placed: [409, 'Checkout session has an order'],
  session_changed: [409, 'Checkout session changed'],
  idempotency_key_in_flight: [409, 'Request with this Idempotency-Key in flight'],
  order_not_refundable: [409, 'Order not refundable'],
  order_not_capturable: [409, 'Order not capturable'],
  order_not_voidable: [409, 'Order not voidable'],
  operation_in_doubt: [409, 'Another operation of the order is not confirmed yet'],
  session_expired: [410, 'Checkout session expired'],
  payload_too_large: [413, 'Payload too large'],
  headers_too_large: [431, 'Request header fields too large'],
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
} as const satisfies Record<string, readonly [number, string]>;

export type ProblemCode = keyof typeof CODES;

/** The HTTP status a problem code always answers with (used by the OpenAPI document). */
export const problemStatus = (code: ProblemCode): number => CODES[code][0];
export type FieldError = { path: string; message: string };

export interface ProblemExtras {
  errors?: FieldError[];
  retryable?: boolean;
  headers?: Record<string, string>;
  cause?: unknown;
}

export class HttpProblem extends Error {
  readonly status: number;
  readonly title: string;

  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    readonly extras: ProblemExtras = {},
  ) {
    super(detail, extras.cause === undefined ? undefined : { cause: extras.cause });
    this.name = 'HttpProblem';
    [this.status, this.title] = CODES[code];
  }

  body(): ProblemBody {
    return {
      // Local choice: a stable, non-dereferenceable type URI per code (RFC 9457 allows it).
      type: `urn:opi-checkout:problem:${this.code}`,
      title: this.title,
      status: this.status,
      code: this.code,
      detail: this.detail,
      ...(this.extras.retryable === undefined ? {} : { retryable: this.extras.retryable }),
      ...(this.extras.errors ? { errors: this.extras.errors } : {}),
    };
  }
}

export function sendProblem(res: Response, problem: HttpProblem): void {
  for (const [name, value] of Object.entries(problem.extras.headers ?? {})) res.setHeader(name, value);
  res.status(problem.status).type('application/problem+json').json(problem.body());
}

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  keys?: readonly string[];
}

/** Parses `input` or throws a 400 naming every bad field (an unknown field by its own name: `unknown_field`). */
export function parseOrProblem<T>(
  schema: {
    safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: readonly IssueLike[] } };
  },
  input: unknown,
  what = 'request body',
): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const unknown = parsed.error.issues.some((issue) => issue.code === 'unrecognized_keys');
  const errors = issuesToFieldErrors(parsed.error.issues);
  throw new HttpProblem(
    unknown ? 'unknown_field' : 'validation_failed',
    unknown ? `The ${what} has fields that are not accepted.` : `The ${what} is not valid.`,
    { errors },
  );
}

// A leading field path followed by the verb of a validation message (class-validator style).
const FIELD_MESSAGE =
  /^([A-Za-z_]\w*(?:\.\w+|\[\d+\])*)\s+((?:must|should|is|are|has|have|cannot|can|does|do|already|contains|needs)\b.*)$/s;

/** "billingAddress.country must be ..." -> { path: 'billingAddress.country', message: 'must be ...' }; else path ''. */
export function upstreamFieldErrors(messages: readonly string[]): FieldError[] {
  return messages.map((text) => {
    const match = FIELD_MESSAGE.exec(text.trim());
    if (!match) return { path: '', message: text };
    return { path: match[1]!.replace(/\[(\d+)\]/g, '.$1'), message: match[2]! };
  });
}

/** The problem for an upstream failure that reached a route unhandled. */
export function upstreamProblem(error: UpstreamError): HttpProblem {
  const cause = error;
  if (error instanceof UpstreamTimeoutError) {
    return new HttpProblem('upstream_timeout', 'The payment service did not answer in time. Please try again.', {
      retryable: true,
      cause,
    });
  }
  if (error instanceof UpstreamUnavailableError) {
    return new HttpProblem('upstream_unavailable', 'The payment service is unavailable. Please try again.', {
      retryable: true,
      cause,
    });
  }
  if (error instanceof UpstreamProtocolError) {
    return new HttpProblem(
      'upstream_invalid_response',
      'The payment service answered unexpectedly. Please try again.',
      { retryable: true, cause },
    );
  }
  if (error instanceof UpstreamOutcomeUnknownError) {
    return new HttpProblem('outcome_unknown', 'The payment service has not confirmed this yet. Please try again.', {
      retryable: true,
      cause,
    });
  }
  if (error instanceof UpstreamAuthError) {
    return new HttpProblem('upstream_auth_failed', 'The payment service is not available right now.', {
      retryable: false,
      cause,
    });
  }
  return new HttpProblem('upstream_rejected', 'The payment service refused the request.', { retryable: false, cause });
}

/**
 * The ledger could not be reached or written (a restart, a failover, a full disk): nothing of this request was sent
 * upstream unrecorded, and the same request (with its Idempotency-Key) may be sent again.
 */
export function ledgerProblem(error: LedgerUnavailableError): HttpProblem {
  return new HttpProblem('ledger_unavailable', 'Our records cannot be written right now. Please try again shortly.', {
    retryable: true,
    headers: { 'Retry-After': '5' },
    cause: error,
  });
}

export const notFound: RequestHandler = (_req, _res, next) => {
  next(new HttpProblem('not_found', 'There is nothing at this address.'));
};

// body-parser's error types (express.json).
const BODY_ERRORS: Record<string, [ProblemCode, string]> = {
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

/** Any error a route or middleware raised, as the problem to answer with; unexpected ones are logged. */
export function problemFor(error: unknown, req: Request): HttpProblem {
  if (error instanceof HttpProblem) return error;
  if (error instanceof UpstreamError) return upstreamProblem(error);
  if (error instanceof LedgerUnavailableError) return ledgerProblem(error);
  const type = (error as { type?: unknown } | null)?.type;
  if (typeof type === 'string' && BODY_ERRORS[type]) {
    const [code, detail] = BODY_ERRORS[type];
    return new HttpProblem(code, detail);
  }
  // Undecodable percent-encoding in the path, a body that does not match its Content-Encoding, and the like.
  const status = clientErrorStatus(error);
  if (status === 413) return new HttpProblem('payload_too_large', BODY_ERRORS['entity.too.large']![1]);
  if (status === 415)
    return new HttpProblem('unsupported_media_type', 'The request body encoding or type is not supported.');
  if (status !== null)
    return new HttpProblem('malformed_request', 'The request could not be read: its address or body is malformed.');
  requestLog(req)?.error({ err: error }, 'unexpected error');
  return new HttpProblem('internal', 'Something went wrong on our side.');
}

export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  const problem = problemFor(error, req);
  // The ledger's own failures are logged once by its driver; the access line says which requests met them.
  if (problem.status >= 500 && problem.code !== 'internal' && problem.code !== 'ledger_unavailable')
    requestLog(req)?.warn({ err: problem.extras.cause ?? problem, code: problem.code }, 'upstream problem');
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendProblem(res, problem);
};
