// The provider's page at redirectUrl, as the docs' Sandbox APM simulator: the tester picks the final status and
// whether it comes back at once or after a wait. Plain HTML and a form POST: no script, works with a keyboard
// and a screen reader.
import { toMajor } from '../../shared/money.js';
import { providerDisplayName } from '../../shared/providers.js';
import { pageStrings, type PageStrings } from './hosted-page-strings.js';
import { firstAndLast, instalmentPlan } from './plans.js';
import escapeHtml from 'escape-html';
import { logoPath } from './logos.js';
import type { SandboxOrder } from './order.js';
import type { Decision, DecisionMode, DecisionOutcome } from './types.js';

const OUTCOMES: readonly { value: DecisionOutcome; status: string }[] = [
  { value: 'approve', status: 'SUCCESSFUL' },
  { value: 'decline', status: 'DECLINED' },
  { value: 'cancel', status: 'CANCELLED' },
  { value: 'error', status: 'ERROR' },
  { value: 'error-then-approve', status: 'ERROR → SUCCESSFUL' },
  { value: 'error-then-decline', status: 'ERROR → DECLINED' },
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

export function layout(
  title: string,
  content: string,
  head = '',
  words: Pick<PageStrings, 'lang' | 'dir'> = { lang: 'en', dir: 'ltr' },
): string {
  return `<!doctype html>
<html lang="${words.lang}" dir="${words.dir}">
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

/** In the order's locale, with Western digits in every language, as the demo shop writes amounts. */
export function money(order: SandboxOrder, minor: number): string {
  return new Intl.NumberFormat(`${bcp47(order.locale)}-u-nu-latn`, {
    style: 'currency',
    currency: order.currency,
  }).format(toMajor(minor, order.currency));
}

function planText(order: SandboxOrder, words: PageStrings): string {
  const plan = instalmentPlan(order.provider, order.amountMinor);
  const { first, last } = firstAndLast(plan);
  return words.planText(plan.count, plan.interval, money(order, first), money(order, last));
}

function orderSummary(order: SandboxOrder, words: PageStrings): string {
  return `<img src="${logoPath(order.provider.name)}" alt="" width="120" height="40">
<p class="sandbox">${escapeHtml(words.sandboxNotice(providerDisplayName(order.provider.name), order.provider.name))}</p>
<h1>${escapeHtml(words.payWith(providerDisplayName(order.provider.name)))}</h1>
<dl>
<dt>${escapeHtml(words.order)}</dt><dd>${escapeHtml(order.reference)}</dd>
<dt>${escapeHtml(words.amount)}</dt><dd>${escapeHtml(money(order, order.amountMinor))}</dd>
<dt>${escapeHtml(words.plan)}</dt><dd>${escapeHtml(planText(order, words))}</dd>
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

/** The page with the decision form, in the order's language; `error` re-renders it after a bad submission. */
export function paymentPage(order: SandboxOrder, state: PaymentPageState): string {
  const words = pageStrings(order.locale);
  const outcome = state.selected?.outcome ?? 'approve';
  const mode: DecisionMode = state.selected?.mode ?? 'instant';
  const seconds = Math.max(state.pendingSettleMs / 1000, 0);
  const error = state.error ? `<p class="error" role="alert" id="form-error">${escapeHtml(state.error)}</p>\n` : '';
  const title = words.payWith(providerDisplayName(order.provider.name));
  const action = `/pay/${encodeURIComponent(order.orderToken)}`;
  if (order.scenario && !state.error) {
    return layout(
      title,
      `${orderSummary(order, words)}
<p role="note">${escapeHtml(words.scenarioNotice(order.scenario.name))}</p>
<form method="post" action="${action}">
<button type="submit">${escapeHtml(words.complete)}</button>
</form>`,
      '',
      words,
    );
  }
  return layout(
    state.error ? `${words.error}: ${title}` : title,
    `${orderSummary(order, words)}
${error}<form method="post" action="${action}"${state.error ? ' aria-describedby="form-error"' : ''}>
<fieldset>
<legend>${escapeHtml(words.outcome)}</legend>
${OUTCOMES.map((item) => radio('outcome', item.value, words.outcomes[item.value], `${words.status} ${item.status}`, item.value === outcome)).join('\n')}
</fieldset>
<fieldset>
<legend>${escapeHtml(words.initialResponse)}</legend>
${radio('mode', 'instant', words.instant, words.instantHint, mode === 'instant')}
${radio('mode', 'pending', words.pending, words.pendingHint(seconds), mode === 'pending')}
</fieldset>
<button type="submit">${escapeHtml(words.complete)}</button>
</form>`,
    '',
    words,
  );
}

/** The outcome, for an order with no dynamicRedirectUrl, or one already decided. */
export function resultPage(order: SandboxOrder, note = ''): string {
  const words = pageStrings(order.locale);
  const text =
    order.status === 'CANCELLED' && order.cancelledBy === 'system'
      ? words.cancelledBySystem
      : words.results[order.status];
  // A pending order's page, or one in ERROR that may still end otherwise, refreshes itself until the final status is
  // in; no script needed.
  const recovering = order.status === 'ERROR' && order.decision?.outcome.startsWith('error-then') === true;
  const waiting = order.status === 'PENDING' || recovering;
  const head = waiting ? '<meta http-equiv="refresh" content="3">\n' : '';
  return layout(
    `${order.status}: ${providerDisplayName(order.provider.name)}`,
    `${orderSummary(order, words)}
<p role="status"><strong>${escapeHtml(order.status)}</strong>: ${escapeHtml(text)}</p>
${note ? `<p>${escapeHtml(note)}</p>` : ''}`,
    head,
    words,
  );
}

/** A page with a heading and one sentence (unknown payment link, wrong method). */
export function messagePage(title: string, text: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>`);
}
