// Codes and problems to what the shopper reads: the BFF's problem codes and the widget's own, field problems,
// and which codes end the checkout rather than leave the form open.
import type { Strings } from './i18n/index.js';
import type { Problem } from './order-form.js';

/** Codes after which the form cannot continue: a new session is needed (or, for an unsafe redirect, support). */
const FINAL = ['session_expired', 'session_completed', 'session_not_found', 'unsafe_redirect'];

export const isFinal = (code: string): boolean => FINAL.includes(code);

const TEXTS: Record<string, keyof Strings['failures']> = {
  session_expired: 'expired',
  session_completed: 'completed',
  session_not_found: 'notFound',
  provider_not_eligible: 'notEligible',
  upstream_unavailable: 'upstream',
  upstream_timeout: 'upstream',
  bff_unreachable: 'unreachable',
  unsafe_redirect: 'unsafeRedirect',
};

export const failureText = (code: string, { failures }: Strings): string => failures[TEXTS[code] ?? 'generic'];

export const problemText = (problem: Problem, { errors }: Strings): string =>
  problem.kind === 'tooLong'
    ? errors.tooLong(problem.max)
    : problem.kind === 'rejected'
      ? errors.rejected(problem.message)
      : errors[problem.kind];
