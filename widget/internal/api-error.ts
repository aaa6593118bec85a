export interface FieldError {
  path: string;
  message: string;
}

/** A failure with the BFF's stable problem code (session_expired, ...) or one of the widget's own (bff_unreachable). */
export class CheckoutApiError extends Error {
  constructor(
    readonly code: string,
    readonly retryable = false,
    readonly fieldErrors: readonly FieldError[] = [],
  ) {
    super(code);
  }
}

export const toApiError = (error: unknown): CheckoutApiError =>
  error instanceof CheckoutApiError ? error : new CheckoutApiError('unexpected_error', true);
