// A provider's instalment plan for an amount, in integer minor units: equal instalments rounded down, the last
// one absorbing the remainder, so the instalments always add up to the amount exactly.
import { providerDisplayName } from '../../shared/providers.js';
import { codeAmount } from './amounts.js';
import type { CatalogueEntry, InstalmentInterval } from './catalogue.js';

export interface InstalmentPlan {
  count: number;
  interval: InstalmentInterval;
  /** Each instalment in minor units; the last one may be larger. */
  instalments: number[];
}

export function instalmentPlan(entry: CatalogueEntry, amountMinor: number): InstalmentPlan {
  const count = entry.instalments;
  const regular = Math.floor(amountMinor / count);
  const instalments = Array.from({ length: count }, () => regular);
  instalments[count - 1] = amountMinor - regular * (count - 1);
  return { count, interval: entry.interval, instalments };
}

/** The regular instalment and the last one (larger when the amount does not divide evenly). */
export function firstAndLast(plan: InstalmentPlan): { first: number; last: number } {
  const first = plan.instalments[0] ?? 0;
  return { first, last: plan.instalments[plan.count - 1] ?? first };
}

/** How an interval is said in English: "4 monthly payments". */
export const ADVERBS: Record<InstalmentInterval, string> = {
  week: 'weekly',
  fortnight: 'fortnightly',
  month: 'monthly',
};
/** How a plan's interval is spelled in `instalment.termUnit`. */
export const TERM_UNITS: Record<InstalmentInterval, string> = {
  week: 'weeks',
  fortnight: 'fortnights',
  month: 'months',
};
const MONTHS_PER_INTERVAL: Record<InstalmentInterval, number> = { week: 0.25, fortnight: 0.5, month: 1 };

/** "Pay 4 x AED 25.00 monthly, interest-free, with Tabby." (plus "last ..." when the remainder makes it differ). */
export function termsText(entry: CatalogueEntry, plan: InstalmentPlan): string {
  const { first, last } = firstAndLast(plan);
  const remainder = last === first ? '' : ` (last ${codeAmount(last, entry.currency)})`;
  return (
    `Pay ${plan.count} x ${codeAmount(first, entry.currency)}${remainder} ${ADVERBS[plan.interval]}, ` +
    `interest-free, with ${providerDisplayName(entry.name)}.`
  );
}

/**
 * The plan's length and average costs. Local choice, matching the docs' one example (3 weekly payments:
 * termDurationInMonths 0.75, termDurationInWeeks 3, monthlyCost = the whole amount): a month counts 4 weeks and
 * a plan shorter than a month costs its whole amount per month.
 */
export function planCosts(plan: InstalmentPlan, amountMinor: number) {
  const months = plan.count * MONTHS_PER_INTERVAL[plan.interval];
  const weeks = months * 4;
  return {
    termDurationInMonths: months,
    termDurationInWeeks: weeks,
    weeklyMinor: Math.round(amountMinor / weeks),
    monthlyMinor: Math.round(amountMinor / Math.max(months, 1)),
  };
}
