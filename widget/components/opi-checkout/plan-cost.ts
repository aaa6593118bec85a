// Each plan's full cost where the shopper chooses: beside each provider, what they pay in all, interest-free or the
// rate, and the fees as the options state them; for the chosen one, its schedule (the same code as <opi-instalments>'s
// dialog: opi-instalments/plans.ts) and the provider's terms where the options give them as a link. A chunk of its
// own, which the details form loads, so the first paint carries none of it; the words of a language other than
// English come in a chunk each (opi-checkout-plan-<language>-*.js).
import { html, nothing, type TemplateResult } from 'lit';
import type { Catalogues, Say } from '../../internal/i18n.js';
import { settledWords } from '../../internal/settled-words.js';
import { schedule } from '../opi-instalments/plans.js';
import en from './i18n/plan/en.js';
import type { PlanStrings } from './i18n/plan/strings.js';
import type { Provider } from './session-model.js';

const catalogues: Catalogues<PlanStrings> = {
  en,
  load: {
    ar: () => import('./i18n/plan/ar.js'),
    de: () => import('./i18n/plan/de.js'),
    es: () => import('./i18n/plan/es.js'),
    fil: () => import('./i18n/plan/fil.js'),
    fr: () => import('./i18n/plan/fr.js'),
    id: () => import('./i18n/plan/id.js'),
    ms: () => import('./i18n/plan/ms.js'),
    sv: () => import('./i18n/plan/sv.js'),
    th: () => import('./i18n/plan/th.js'),
    vi: () => import('./i18n/plan/vi.js'),
    'zh-Hans': () => import('./i18n/plan/zh-Hans.js'),
    'zh-Hant': () => import('./i18n/plan/zh-Hant.js'),
  },
  words: new Map(),
};

type Money = (minor: number) => string;

/**
 * "Total AED 100.00 · interest-free · no fees", in the provider's label (its radio's name says it), after "declined
 * this payment" for a provider that declined an attempt of this checkout; nothing for a provider with neither.
 */
function costLine(provider: Provider, words: PlanStrings, say: Say, money: Money): TemplateResult | typeof nothing {
  const plan = provider.instalments;
  const parts = provider.declined ? [words.declined] : [];
  if (plan) {
    parts.push(
      say(words.total, { amount: money(plan.count * plan.amount) }),
      provider.interestRate > 0 ? say(words.interest, { rate: provider.interestRate }) : words.interestFree,
    );
    if (provider.customerFees !== undefined) parts.push(provider.customerFees ? words.fees : words.noFees);
    if (provider.lateFees) parts.push(words.lateFees);
  }
  return parts.length ? html`<span part="provider-cost" class="muted plan">${parts.join(' · ')}</span>` : nothing;
}

/** Local choice: a provider's terms are a link only when the options give an https URL, never a made-up one. */
const termsLink = (terms: string | undefined) => (terms && /^https:\/\/\S+$/.test(terms) ? terms : undefined);

/** The chosen plan's instalments, each with when it is due and how much, behind a disclosure; its terms link. */
function planSchedule(
  provider: Provider,
  words: PlanStrings,
  say: Say,
  money: Money,
  language: string,
): TemplateResult | typeof nothing {
  const plan = provider.instalments;
  if (!plan) return nothing;
  const terms = termsLink(provider.terms);
  return html`<details part="schedule" class="muted">
    <summary part="schedule-summary">${say(words.schedule, { provider: provider.displayName })}</summary>
    <ol part="schedule-list">${schedule(plan, language).map(({ when, amount }) => html`<li part="schedule-item">${when}: ${money(amount)}</li>`)}</ol>
    ${terms ? html`<a part="terms-link" href=${terms} target="_blank" rel="noopener">${words.terms}</a>` : nothing}
  </details>`;
}

/** Each plan's cost in one language: the line beside a provider and the chosen one's schedule. */
export interface PlanCosts {
  costLine(provider: Provider, say: Say, money: Money): TemplateResult | typeof nothing;
  schedule(provider: Provider, say: Say, money: Money): TemplateResult | typeof nothing;
}

/** Each plan's cost in `language` (English's words where it has none), once its words are here. */
export async function planCosts(language: string): Promise<PlanCosts> {
  const words = await settledWords(catalogues, language);
  return {
    costLine: (provider, say, money) => costLine(provider, words, say, money),
    schedule: (provider, say, money) => planSchedule(provider, words, say, money, language),
  };
}
