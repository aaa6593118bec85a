// Which plan to lead with, and when each instalment of a plan is due, in the shopper's words.
import type { Provider } from '../../internal/provider-model.js';

type Plan = NonNullable<Provider['instalments']>;
export type Planned = Provider & { instalments: Plan };

export const hasPlan = (provider: Provider): provider is Planned => provider.instalments !== null;

const interestFree = (provider: Planned) => provider.interestRate === 0;

/**
 * The plan to lead with: interest-free before any other, then the smallest instalment, then the BFF's order
 * (priority). Local choice: "best" is what costs the shopper least now.
 */
export function bestPlan(providers: readonly Provider[]): Planned | undefined {
  let best: Planned | undefined;
  for (const provider of providers.filter(hasPlan)) {
    const cheaper = !best
      ? true
      : interestFree(provider) !== interestFree(best)
        ? interestFree(provider)
        : provider.instalments.amount < best.instalments.amount;
    if (cheaper) best = provider;
  }
  return best;
}

const STEP: Record<Plan['interval'], [number, Intl.RelativeTimeFormatUnit]> = {
  day: [1, 'day'],
  week: [1, 'week'],
  fortnight: [2, 'week'],
  month: [1, 'month'],
};

/** Each instalment: when it is due relative to today ("today", "in 2 weeks", in the shopper's language), and how much. */
export function schedule({ count, amount, interval }: Plan, language: string): { when: string; amount: number }[] {
  const relative = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const [step, unit] = STEP[interval];
  return Array.from({ length: count }, (_, index) => ({
    when: index === 0 ? relative.format(0, 'day') : relative.format(index * step, unit),
    amount,
  }));
}
