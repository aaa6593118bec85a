// GET /options?amount&currency[&channel][&isCapable]: the providers for a cart, in the upstream's item shape
// (limits, priority and interest rate as strings, as the real service sends them).
import { isCurrencyCode, toMajor } from '../../shared/money.js';
import { amountInMinor, MAX_AMOUNT, TOO_LARGE } from './amounts.js';
import { offeredProviders, type CatalogueEntry } from './catalogue.js';
import type { SandboxContext } from './context.js';
import { HttpError } from './http.js';
import { logoBase64, logoPath } from './logos.js';
import { instalmentPlan, planCosts, TERM_UNITS, termsText } from './plans.js';

interface OptionsQuery {
  currency: string;
  amountMinor: number;
  channel?: string;
  isCapable: boolean;
}

function parseQuery(ctx: SandboxContext, query: URLSearchParams): OptionsQuery {
  const problems: string[] = [];
  const currency = query.get('currency') ?? '';
  const knownCurrency = isCurrencyCode(currency);
  const rawAmount = query.get('amount') ?? '';
  const amount = rawAmount.trim() === '' ? Number.NaN : Number(rawAmount);
  let amountMinor = 0;
  if (!Number.isFinite(amount)) problems.push('amount must be a number');
  else if (amount < 1) problems.push('amount must not be less than 1');
  else if (amount > MAX_AMOUNT) problems.push(`amount ${TOO_LARGE}`);
  else if (knownCurrency) {
    const result = amountInMinor(ctx, amount, currency);
    if ('minor' in result) amountMinor = result.minor;
    else problems.push(`amount ${result.problem}`);
  }
  if (!knownCurrency) problems.push('currency must be an ISO 4217 currency code, such as AED');
  const isCapable = query.get('isCapable') ?? 'false';
  if (isCapable !== 'true' && isCapable !== 'false') problems.push('isCapable must be a boolean value');
  if (problems.length > 0) throw new HttpError(400, problems);
  const channel = query.get('channel') || undefined;
  return { currency, amountMinor, isCapable: isCapable === 'true', ...(channel ? { channel } : {}) };
}

function optionItem(entry: CatalogueEntry, query: OptionsQuery, baseUrl: string) {
  const plan = instalmentPlan(entry, query.amountMinor);
  const costs = planCosts(plan, query.amountMinor);
  const money = (minor: number) => ({ amount: toMajor(minor, entry.currency), currency: entry.currency });
  const image = query.isCapable ? logoBase64(entry.name) : undefined;
  return {
    name: entry.name,
    terms: termsText(entry, plan),
    imageUrl: `${baseUrl}${logoPath(entry.name)}`,
    ...(image ? { image } : {}),
    // Local choice: termDuration counts the instalments and termUnit is the interval between them.
    instalment: {
      rate: money(plan.instalments[0] ?? 0),
      termDuration: plan.count,
      termUnit: TERM_UNITS[plan.interval],
    },
    monthlyCost: money(costs.monthlyMinor),
    termDurationInMonths: costs.termDurationInMonths,
    weeklyCost: money(costs.weeklyMinor),
    termDurationInWeeks: costs.termDurationInWeeks,
    recommended: entry.recommended,
    checkoutConfig: {
      content: '',
      iframeUrl: '',
      button: {
        type: 'global',
        text: 'Checkout',
        color: entry.brand.foreground,
        background: entry.brand.background,
        position: 'left',
        size: 'small',
      },
      termsCondition: { type: 'none', content: '', linkText: 'Terms & Condition' },
    },
    currency: entry.currency,
    minAmount: entry.minAmount,
    maxAmount: entry.maxAmount,
    priority: String(entry.priority),
    lateFeesAllowed: false,
    customerFeesAllowed: false,
    interestRateAllowed: false,
    interestRate: '0',
    ratings: 0,
    ratingsAvailabilityStatus: false,
    requiredFields: [...entry.requiredFields],
  };
}

export function listOptions(ctx: SandboxContext, query: URLSearchParams): unknown[] {
  const parsed = parseQuery(ctx, query);
  const base = ctx.baseUrl();
  return offeredProviders(parsed).map((entry) => optionItem(entry, parsed, base));
}
