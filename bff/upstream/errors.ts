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

/**
 * Whether a 400 refuses `field` (e.g. captureReference) as already used: the upstream already holds that operation.
 * Local choice: the docs only say references are unique; the wording "<field> already exists" is the assumption
 * the handbook makes (and the sandbox answers). Any other refusal tells nothing about an earlier send.
 */
export function refusesUsedReference(error: UpstreamError, field: string): boolean {
  const wording = `${field} already exists`.toLowerCase();
  return (
    error instanceof UpstreamValidationError &&
    error.messages.some((message) => message.toLowerCase().includes(wording))
  );
}
