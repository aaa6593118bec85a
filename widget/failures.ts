// Codes and problems to what the shopper reads: the BFF's problem codes and the widget's own, field problems,
// and which codes end the checkout rather than leave the form open.
import type { Strings } from './i18n/index.js';
import type { Problem } from './order-form.js';

/** Codes after which the form cannot continue: a new session is needed (or, for an unsafe redirect, support). */
const FINAL = new Set(['session_expired', 'session_completed', 'session_not_found', 'unsafe_redirect']);

export const isFinal = (code: string): boolean => FINAL.has(code);

export function failureText(code: string, { failures }: Strings): string {
  switch (code) {
    case 'session_expired':
      return failures.expired;
    case 'session_completed':
      return failures.completed;
    case 'session_not_found':
      return failures.notFound;
    case 'provider_not_eligible':
      return failures.notEligible;
    case 'upstream_unavailable':
    case 'upstream_timeout':
      return failures.upstream;
    case 'bff_unreachable':
      return failures.unreachable;
    case 'unsafe_redirect':
      return failures.unsafeRedirect;
    default:
      return failures.generic;
  }
}

export function problemText(problem: Problem, { errors }: Strings): string {
  switch (problem.kind) {
    case 'tooLong':
      return errors.tooLong(problem.max);
    case 'rejected':
      return errors.rejected(problem.message);
    default:
      return errors[problem.kind];
  }
}
