// The refusals of the BFF's business, by stable code: what a service throws when it will not do what it was asked,
// with the human detail, the field of each validation error, and whether trying again may help. Services know
// nothing of HTTP; bff/http/problem.ts gives each code its status and writes the problem+json, and the in-process
// API (bff/in-process-api.ts) turns a refusal into the CheckoutError a merchant's code catches.
import { issuesToFieldErrors } from '../../shared/schemas/checkout-api.js';
import { LedgerUnavailableError } from '../store/ledger-errors.js';
import {
  UpstreamAuthError,
  UpstreamError,
  UpstreamOutcomeUnknownError,
  UpstreamProtocolError,
  UpstreamTimeoutError,
  UpstreamUnavailableError,
} from '../upstream/errors.js';

export const ERROR_CODES = [
  'validation_failed',
  'unknown_field',
  'malformed_json',
  'malformed_request',
  'invalid_text',
  'too_deeply_nested',
  'idempotency_key_required',
  'unauthorized',
  'origin_not_allowed',
  'not_found',
  'session_not_found',
  'order_not_found',
  'widget_not_built',
  'session_completed',
  'order_in_progress',
  'session_order_placed',
  'session_changed',
  'session_exhausted',
  'idempotency_key_in_flight',
  'order_not_refundable',
  'order_not_capturable',
  'order_not_voidable',
  'operation_in_doubt',
  'session_expired',
  'payload_too_large',
  'headers_too_large',
  'unsupported_media_type',
  'provider_not_eligible',
  'idempotency_key_reused',
  'refund_exceeds_refundable',
  'amount_exceeds_remaining',
  'operation_refused',
  'operation_not_found_upstream',
  'rate_limited',
  'internal',
  'upstream_unavailable',
  'upstream_invalid_response',
  'upstream_invalid_redirect',
  'upstream_rejected',
  'upstream_auth_failed',
  'not_ready',
  'ledger_unavailable',
  'draining',
  'upstream_timeout',
  'outcome_unknown',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export type FieldError = { path: string; message: string };

export interface RefusalDetails {
  /** The fields at fault, by their path in the request. */
  errors?: FieldError[];
  /** Whether the same request may succeed later. */
  retryable?: boolean;
  /** When to try again, for a refusal that is only for now. */
  retryAfterSeconds?: number;
  cause?: unknown;
}

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly extras: RefusalDetails = {},
  ) {
    super(detail, extras.cause === undefined ? undefined : { cause: extras.cause });
    this.name = 'DomainError';
  }
}

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  keys?: readonly string[];
}

/**
 * Local choice: the most fields one refusal names. A form has fewer; a stranger's body of 2,000 unknown keys gets an
 * answer of this size, not of theirs.
 */
const MAX_FIELD_ERRORS = 30;

/**
 * Parses `input` or refuses it, naming each bad field (an unknown field by its own name: `unknown_field`), the first
 * MAX_FIELD_ERRORS of them.
 */
export function parseOrRefuse<T>(
  schema: {
    safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: readonly IssueLike[] } };
  },
  input: unknown,
  what = 'request body',
): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const unknown = parsed.error.issues.some((issue) => issue.code === 'unrecognized_keys');
  const errors = issuesToFieldErrors(parsed.error.issues).slice(0, MAX_FIELD_ERRORS);
  throw new DomainError(
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

/** The refusal an upstream failure ends a request in. */
export function upstreamRefusal(error: UpstreamError): DomainError {
  const cause = error;
  if (error instanceof UpstreamTimeoutError) {
    return new DomainError('upstream_timeout', 'The payment service did not answer in time. Please try again.', {
      retryable: true,
      cause,
    });
  }
  if (error instanceof UpstreamUnavailableError) {
    return new DomainError('upstream_unavailable', 'The payment service is unavailable. Please try again.', {
      retryable: true,
      cause,
    });
  }
  if (error instanceof UpstreamProtocolError) {
    return new DomainError(
      'upstream_invalid_response',
      'The payment service answered unexpectedly. Please try again.',
      { retryable: true, cause },
    );
  }
  if (error instanceof UpstreamOutcomeUnknownError) {
    return new DomainError('outcome_unknown', 'The payment service has not confirmed this yet. Please try again.', {
      retryable: true,
      cause,
    });
  }
  if (error instanceof UpstreamAuthError) {
    return new DomainError('upstream_auth_failed', 'The payment service is not available right now.', {
      retryable: false,
      cause,
    });
  }
  return new DomainError('upstream_rejected', 'The payment service refused the request.', { retryable: false, cause });
}

/**
 * The ledger could not be reached or written (a restart, a failover, a full disk): nothing of this request was sent
 * upstream unrecorded, and the same request (with its Idempotency-Key) may be sent again.
 */
export function ledgerRefusal(error: LedgerUnavailableError): DomainError {
  return new DomainError('ledger_unavailable', 'Our records cannot be written right now. Please try again shortly.', {
    retryable: true,
    retryAfterSeconds: 5,
    cause: error,
  });
}

/** What a refusal is, in the shape a stored answer keeps and a problem+json body carries. */
export interface RefusalBody {
  code: ErrorCode;
  detail: string;
  retryable?: boolean;
  errors?: FieldError[];
}

export const refusalBody = ({ code, detail, extras }: DomainError): RefusalBody => ({
  code,
  detail,
  ...(extras.retryable === undefined ? {} : { retryable: extras.retryable }),
  ...(extras.errors ? { errors: extras.errors } : {}),
});

export const fromRefusalBody = ({ code, detail, retryable, errors }: RefusalBody): DomainError =>
  new DomainError(code, detail, { ...(retryable === undefined ? {} : { retryable }), ...(errors ? { errors } : {}) });

/** Any error a service may throw, as the refusal it means: a DomainError, an upstream failure, the ledger away. */
export function refusalOf(error: unknown): DomainError | undefined {
  if (error instanceof DomainError) return error;
  if (error instanceof LedgerUnavailableError) return ledgerRefusal(error);
  if (error instanceof UpstreamError) return upstreamRefusal(error);
  return undefined;
}
