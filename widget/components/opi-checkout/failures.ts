// Failure codes to what the shopper reads: the BFF's problem codes and the widget's own, and which codes end the
// checkout rather than leave the form open.
import type { FailureCode, Strings } from './i18n/index.js';

/**
 * Codes after which the form cannot continue: a new session is needed (every `session_` code but `session_changed`:
 * expired, completed, not found, exhausted), or, for an unsafe redirect, support.
 */
export const isFinal = (code: string): boolean => /^session_(?!changed)|^unsafe_redirect$/.test(code);

export const failureText = (code: string, { failures }: Strings): string =>
  failures[code as FailureCode] ?? failures.generic;
