// Failure codes to what the shopper reads: the BFF's problem codes and the widget's own, and which codes end the
// checkout rather than leave the form open.
import type { FailureCode, Strings } from './i18n/index.js';

/** Codes after which the form cannot continue: a new session is needed (or, for an unsafe redirect, support). */
const FINAL = ['session_expired', 'session_completed', 'session_not_found', 'unsafe_redirect'];

export const isFinal = (code: string): boolean => FINAL.includes(code);

export const failureText = (code: string, { failures }: Strings): string =>
  failures[code as FailureCode] ?? failures.generic;
