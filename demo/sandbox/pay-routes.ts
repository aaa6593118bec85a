// GET /pay/:orderToken (the form), POST /pay/:orderToken (the tester's choice, then 303 to dynamicRedirectUrl),
// GET /pay/:orderToken/result (the outcome when the order has no dynamicRedirectUrl).
import type { SandboxContext } from './context.js';
import { DECISION_OUTCOMES, decide, decideByScenario } from './decisions.js';
import { messagePage, paymentPage, resultPage } from './hosted-page.js';
import { decodeParam, HttpError, type Reply } from './http.js';
import type { SandboxOrder } from './order.js';
import type { DecisionMode, DecisionOutcome } from './types.js';

// No script runs on these pages; styles are inline. Chromium applies form-action to the redirect after a
// submission, so it is left open for the 303 to the merchant's own host.
const PAGE_HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

const OUTCOMES: readonly string[] = DECISION_OUTCOMES;
const MODES: readonly string[] = ['instant', 'pending'] satisfies DecisionMode[];

const page = (status: number, html: string, headers: Record<string, string> = {}): Reply => ({
  status,
  html,
  headers: { ...PAGE_HEADERS, ...headers },
});

/** The order a payment link names; a link with a broken %-escape names none (a page, not an API error). */
function orderFor(ctx: SandboxContext, rawToken: string): SandboxOrder | undefined {
  try {
    return ctx.store.byOrderToken(decodeParam(rawToken));
  } catch {
    return undefined;
  }
}

export function payRoute(
  ctx: SandboxContext,
  method: string,
  rawToken: string,
  view: 'form' | 'result',
  form: Record<string, string>,
): Reply {
  const order = orderFor(ctx, rawToken);
  if (!order) return page(404, messagePage('Payment not found', 'This payment link is unknown to the sandbox.'));
  if (method === 'GET') {
    const decided = view === 'result' || order.decision !== undefined || order.status !== 'PENDING';
    return page(200, decided ? resultPage(order) : paymentPage(order, { pendingSettleMs: ctx.pendingSettleMs }));
  }
  if (method !== 'POST' || view !== 'form') {
    return page(405, messagePage('Method not allowed', 'Open this page, or submit its form.'), { allow: 'GET, POST' });
  }
  const { outcome = '', mode = 'instant' } = form;
  const { scenario } = order;
  // An order whose test data chose its outcome needs no fields; a chosen outcome still wins.
  const byScenario = scenario !== undefined && outcome === '';
  if (!byScenario && (!OUTCOMES.includes(outcome) || !MODES.includes(mode))) {
    const error = !OUTCOMES.includes(outcome) ? 'Choose an outcome.' : 'Choose an initial response.';
    return page(400, paymentPage(order, { pendingSettleMs: ctx.pendingSettleMs, error }));
  }
  try {
    const { redirectTo } = byScenario
      ? decideByScenario(ctx, order, scenario)
      : decide(ctx, order, { outcome: outcome as DecisionOutcome, mode: mode as DecisionMode });
    return page(303, '', { location: redirectTo });
  } catch (error) {
    if (error instanceof HttpError && error.status === 409) {
      return page(409, resultPage(order, 'This payment was already completed; the choice was not applied again.'));
    }
    throw error;
  }
}
