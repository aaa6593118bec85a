// Failure codes to what the shopper reads: the BFF's problem codes and the widget's own, and which codes end the
// checkout rather than leave the form open.
import type { FailureCode, Strings } from './i18n/index.js';

/**
 * Codes after which the form cannot continue: a new session is needed (every `session_` code but `session_changed`:
 * expired, completed, not found, exhausted), or, for an unsafe redirect, support.
 */
export const isFinal = (code: string): boolean => /^session_(?!changed)|^unsafe_redirect$/.test(code);

/**
 * What the shopper reads for a failure: its code's own sentence, else one that says whether trying again can help;
 * "Choose another" only when another provider is offered.
 */
export function failureText(code: string, { failures }: Strings, { retryable = true, others = true } = {}): string {
  if (code === 'provider_not_eligible' && !others) return failures.provider_not_eligible_alone;
  return failures[code as FailureCode] ?? (retryable ? failures.generic : failures.stopped);
}
