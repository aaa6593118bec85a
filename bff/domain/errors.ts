// The refusals of the BFF's business, by stable code: what a service throws when it will not do what it was asked,
// with the human detail, the field of each validation error, and whether trying again may help. Services know
// nothing of HTTP; bff/http/problem.ts gives each code its status and writes the problem+json, and the in-process
// API (bff/in-process-api.ts) turns a refusal into the CheckoutError a merchant's code catches. At the end, the text
// the ledger can keep, and the refusals of what it cannot.
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
  'merchant_reference_in_use',
  'notifications_off',
  'notification_not_found',
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
  'request_timeout',
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

/** The refusal of every merchant route about an order the ledger does not hold. */
export const orderNotFound = () => new DomainError('order_not_found', 'There is no order with this reference.');

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

// Text the ledger can keep: no U+0000 and no unpaired UTF-16 surrogate. PostgreSQL stores neither U+0000 in text
// nor in jsonb, and a lone surrogate is not Unicode at all: both would fail later, in the ledger or at the upstream.
// bff/http/text-guard.ts refuses them at the edge; a notification's body is checked with these before it is read.
//
// What a stranger sends costs work in proportion to its size and no more: a JSON body is measured for nesting in one
// pass over its text before anything parses or walks it (MAX_JSON_DEPTH), the walk below visits each node once and
// builds a path only for a string it reports, and it reports at most MAX_REPORTED of them.

// Without the u flag a regular expression sees UTF-16 code units, so a lone surrogate can be matched.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching U+0000 is this expression's purpose.
const BAD_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const MESSAGE = 'must not contain U+0000 or an unpaired surrogate';

/** Local choice: deeper than any request or notification the BFF reads (the deepest is 4 levels) by far. */
export const MAX_JSON_DEPTH = 32;
/** The most bad strings one refusal names. */
const MAX_REPORTED = 10;

export const isBadText = (text: string): boolean => BAD_TEXT.test(text);

/**
 * Whether JSON text (or its UTF-8 bytes: the characters that count are ASCII, never part of a longer sequence) nests
 * arrays and objects no deeper than `max`: one pass, strings skipped (escapes included), no parse. Text that is not
 * JSON at all may pass; the parser refuses it.
 */
export function nestsWithin(text: string | Uint8Array, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = typeof text === 'string' ? text.charCodeAt(index) : text[index]!;
    if (inString) {
      if (code === 0x5c)
        index++; // a backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > max) return false;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return true;
}

/** A node of the walk: its value, and how to name it (its key and its parent's index) if it must be reported. */
interface Visit {
  value: unknown;
  key: string | null;
  parent: number;
}

/**
 * The dotted paths of the bad strings (or keys) in a parsed JSON value or query object, sorted, at most
 * MAX_REPORTED of them. Each node is visited once; a path is built only for a node it reports.
 */
export function badTextPaths(value: unknown, prefix: string[] = []): string[] {
  const visits: Visit[] = [{ value, key: null, parent: -1 }];
  const found: string[] = [];
  const pathOf = (index: number, last?: string) => {
    const keys: string[] = last === undefined ? [] : [last];
    for (let at = index; at >= 0 && visits[at]!.key !== null; at = visits[at]!.parent) keys.push(visits[at]!.key!);
    return [...prefix, ...keys.reverse()].join('.');
  };
  for (let index = 0; index < visits.length && found.length < MAX_REPORTED; index++) {
    const { value: current } = visits[index]!;
    if (typeof current === 'string') {
      if (isBadText(current)) found.push(pathOf(index));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        if (isBadText(key)) found.push(pathOf(index, '(key)'));
        visits.push({ value: child, key, parent: index });
      }
    }
  }
  return found.slice(0, MAX_REPORTED).sort();
}

export function invalidText(paths: string[]): DomainError {
  return new DomainError(
    'invalid_text',
    'Text in the request holds a character that cannot be stored (U+0000 or a lone surrogate).',
    {
      errors: paths.map((path) => ({ path, message: MESSAGE })),
    },
  );
}

export function tooDeep(): DomainError {
  return new DomainError(
    'too_deeply_nested',
    `The request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.`,
  );
}
