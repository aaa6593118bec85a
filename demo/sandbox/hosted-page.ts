// The provider's page at redirectUrl, as the docs' Sandbox APM simulator: the tester picks the final status and
// whether it comes back at once or after a wait. Plain HTML and a form POST: no script, works with a keyboard
// and a screen reader.
import { toMajor } from '../../shared/money.js';
import { providerDisplayName } from '../../shared/providers.js';
import { firstAndLast, intervalAdverb, instalmentPlan } from './plans.js';
import { escapeHtml } from './html.js';
import { logoPath } from './logos.js';
import type { SandboxOrder } from './order.js';
import type { Decision, DecisionMode, DecisionOutcome } from './types.js';

const OUTCOMES: readonly { value: DecisionOutcome; label: string; hint: string }[] = [
  { value: 'approve', label: 'Approve', hint: 'status SUCCESSFUL' },
  { value: 'decline', label: 'Decline', hint: 'status DECLINED' },
  { value: 'cancel', label: 'Cancel, as the shopper', hint: 'status CANCELLED' },
  { value: 'error', label: 'Provider error', hint: 'status ERROR' },
];

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f4f4f6; color: #1b1b1f; }
  main { max-width: 32rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 12px; }
  h1 { font-size: 1.5rem; margin: 0.5rem 0 1rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
  dt { font-weight: 600; }
  dd { margin: 0; }
  fieldset { border: 1px solid #c4c4cc; border-radius: 8px; margin: 1rem 0; padding: 0.5rem 1rem; }
  legend { font-weight: 600; padding: 0 0.25rem; }
  label { display: block; padding: 0.25rem 0; }
  .hint { color: #55555f; font-size: 0.875rem; }
  button { font: inherit; padding: 0.6rem 1.4rem; border: 0; border-radius: 8px; background: #1b1b1f; color: #fff; cursor: pointer; }
  button:focus-visible, input:focus-visible { outline: 3px solid #4a4af4; outline-offset: 2px; }
  .error { color: #a3001b; font-weight: 600; }
  .sandbox { font-size: 0.875rem; color: #55555f; }
`;

function layout(title: string, content: string, head = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
${head}<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${content}
</main>
</body>
</html>
`;
}

/** "en_AE" (the upstream's locale form) to "en-AE" for Intl. */
function bcp47(locale: string): string {
  return locale.replace('_', '-');
}

function money(order: SandboxOrder, minor: number): string {
  return new Intl.NumberFormat(bcp47(order.locale), { style: 'currency', currency: order.currency }).format(
    toMajor(minor, order.currency),
  );
}

function planText(order: SandboxOrder): string {
  const plan = instalmentPlan(order.provider, order.amountMinor);
  const { first, last } = firstAndLast(plan);
  const adverb = intervalAdverb(plan.interval);
  if (first === last) return `${plan.count} ${adverb} payments of ${money(order, first)}`;
  return `${plan.count} ${adverb} payments: ${plan.count - 1} of ${money(order, first)}, then ${money(order, last)}`;
}

function orderSummary(order: SandboxOrder): string {
  const brand = escapeHtml(providerDisplayName(order.provider.name));
  return `<img src="${logoPath(order.provider.name)}" alt="" width="120" height="40">
<p class="sandbox">Sandbox stand-in for ${brand} (${escapeHtml(order.provider.name)}). No real payment is made.</p>
<h1>Pay with ${brand}</h1>
<dl>
<dt>Order</dt><dd>${escapeHtml(order.reference)}</dd>
<dt>Amount</dt><dd><span lang="${escapeHtml(bcp47(order.locale))}">${escapeHtml(money(order, order.amountMinor))}</span></dd>
<dt>Plan</dt><dd><span lang="${escapeHtml(bcp47(order.locale))}">${escapeHtml(planText(order))}</span></dd>
</dl>`;
}

function radio(name: string, value: string, label: string, hint: string, checked: boolean): string {
  const id = `${name}-${value}`;
  return `<label for="${id}"><input type="radio" id="${id}" name="${name}" value="${value}" aria-describedby="${id}-hint"${
    checked ? ' checked' : ''
  }> ${escapeHtml(label)} <span class="hint" id="${id}-hint">(${escapeHtml(hint)})</span></label>`;
}

export interface PaymentPageState {
  pendingSettleMs: number;
  selected?: Partial<Decision>;
  error?: string;
}

/** The page with the decision form; `error` re-renders it after a bad submission. */
export function paymentPage(order: SandboxOrder, state: PaymentPageState): string {
  const outcome = state.selected?.outcome ?? 'approve';
  const mode: DecisionMode = state.selected?.mode ?? 'instant';
  const seconds = Math.max(state.pendingSettleMs / 1000, 0);
  const error = state.error ? `<p class="error" role="alert" id="form-error">${escapeHtml(state.error)}</p>\n` : '';
  const title = `Pay with ${providerDisplayName(order.provider.name)}`;
  return layout(
    state.error ? `Error: ${title}` : title,
    `${orderSummary(order)}
${error}<form method="post" action="/pay/${encodeURIComponent(order.orderToken)}"${state.error ? ' aria-describedby="form-error"' : ''}>
<fieldset>
<legend>Outcome</legend>
${OUTCOMES.map((item) => radio('outcome', item.value, item.label, item.hint, item.value === outcome)).join('\n')}
</fieldset>
<fieldset>
<legend>Initial response</legend>
${radio('mode', 'instant', 'Instant', 'the final status goes straight back to the shop', mode === 'instant')}
${radio('mode', 'pending', 'Pending', `the shop first gets PENDING; the final status follows by callback after ${seconds} s`, mode === 'pending')}
</fieldset>
<button type="submit">Complete payment</button>
</form>`,
  );
}

const RESULT_TEXT: Record<SandboxOrder['status'], string> = {
  PENDING: 'Payment pending: the provider has not given its final answer yet.',
  SUCCESSFUL: 'Payment approved.',
  DECLINED: 'Payment declined by the provider.',
  CANCELLED: 'Payment cancelled.',
  ERROR: 'The provider reported an error.',
};

/** The outcome, for an order with no dynamicRedirectUrl, or one already decided. */
export function resultPage(order: SandboxOrder, note = ''): string {
  const text =
    order.status === 'CANCELLED' && order.cancelledBy === 'system'
      ? 'Order cancelled by the system: it was not paid in time.'
      : RESULT_TEXT[order.status];
  // A pending order's page refreshes itself until the final status is in; no script needed.
  const head = order.status === 'PENDING' ? '<meta http-equiv="refresh" content="3">\n' : '';
  return layout(
    `${order.status}: ${providerDisplayName(order.provider.name)}`,
    `${orderSummary(order)}
<p role="status"><strong>${escapeHtml(order.status)}</strong>: ${escapeHtml(text)}</p>
${note ? `<p>${escapeHtml(note)}</p>` : ''}`,
    head,
  );
}

/** A page with a heading and one sentence (unknown payment link, wrong method). */
export function messagePage(title: string, text: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>`);
}
