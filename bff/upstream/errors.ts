// What can go wrong talking to the upstream, as thrown errors the routes map to problem responses. Messages name
// the operation and the status, never a header, a token or a request body.

export interface UpstreamErrorOptions {
  operation: string;
  status?: number;
  cause?: unknown;
}

export class UpstreamError extends Error {
  readonly operation: string;
  readonly status: number | undefined;
  /** Stable code for logs and problem responses. */
  readonly code: string = 'upstream_rejected';
  /** Whether trying the same thing again later may succeed. */
  readonly retryable: boolean = false;

  constructor(message: string, options: UpstreamErrorOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.operation = options.operation;
    this.status = options.status;
  }
}

/** No answer within the budget (the body read included). The upstream may still have acted on a write. */
export class UpstreamTimeoutError extends UpstreamError {
  override readonly code = 'upstream_timeout';
  override readonly retryable = true;
}

/** Connection refused or reset, 5xx, or 429 beyond the budget. */
export class UpstreamUnavailableError extends UpstreamError {
  override readonly code = 'upstream_unavailable';
  override readonly retryable = true;
  /** True when the request surely never reached the upstream (connection refused). */
  readonly neverSent: boolean;
  constructor(message: string, options: UpstreamErrorOptions & { neverSent?: boolean }) {
    super(message, options);
    this.neverSent = options.neverSent ?? false;
  }
}

/**
 * A write whose answer was lost and whose resend (same reference) was refused: the refusal may be of the reference
 * as used, or of anything else; only the upstream's records, read back, can tell whether the first one happened.
 */
export class UpstreamOutcomeUnknownError extends UpstreamError {
  override readonly code = 'upstream_outcome_unknown';
  override readonly retryable = true;
}

/** A 400: the upstream's validation messages, e.g. "billingAddress.country must be a valid ISO31661 Alpha2 code". */
export class UpstreamValidationError extends UpstreamError {
  override readonly code = 'upstream_validation_failed';
  constructor(
    readonly messages: string[],
    options: UpstreamErrorOptions,
  ) {
    super(
      `${options.operation}: upstream refused the request (${messages.length} message${messages.length === 1 ? '' : 's'})`,
      options,
    );
  }
}

/** A 401 that a fresh token did not cure, or refused client credentials. */
export class UpstreamAuthError extends UpstreamError {
  override readonly code = 'upstream_auth_failed';
}

/** A body that is not JSON or not the shape the contract promises. */
export class UpstreamProtocolError extends UpstreamError {
  override readonly code = 'upstream_invalid_response';
  override readonly retryable = true;
}
