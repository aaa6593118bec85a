// Upstream options -> what the widget shows: providers for this cart's currency, eligible ones sorted by priority,
// and those out of range listed with the reason, limits compared in minor units.
import type { ProviderView, UnavailableProvider } from '../../shared/schemas/checkout-api.js';
import type { INSTALMENT_INTERVALS } from '../../shared/schemas/checkout-api.js';
import { MAX_AMOUNT } from '../../shared/schemas/fields.js';
import { currencyExponent, decimalToMinor, toMajor } from '../../shared/money.js';
import { providerDisplayName } from '../../shared/providers.js';
import type { OptionItem } from '../upstream/contract.js';

export interface CartAmount {
  amountMinor: number;
  currency: string;
  /**
   * The options were not answered for this amount (a snapshot): each plan is worked out from its count, and an
   * amount-bound text (`terms`) is left out.
   */
  fromSnapshot?: boolean;
}

export interface ProviderLists {
  providers: ProviderView[];
  unavailableProviders: UnavailableProvider[];
}

type Interval = (typeof INSTALMENT_INTERVALS)[number];

// termUnit spellings seen or plausible upstream ("weeks", "Weekly", "month"): the interval between instalments.
const INTERVALS: ReadonlyMap<string, Interval> = new Map(
  Object.entries({
    day: 'day',
    daily: 'day',
    week: 'week',
    weekly: 'week',
    fortnight: 'fortnight',
    fortnightly: 'fortnight',
    biweekly: 'fortnight',
    month: 'month',
    monthly: 'month',
  } satisfies Record<string, Interval>),
);

/** A Map, not an object's keys: an upstream word such as "constructor" must name no interval. */
function interval(termUnit: string): Interval | undefined {
  const unit = termUnit.trim().toLowerCase();
  return INTERVALS.get(unit) ?? INTERVALS.get(unit.replace(/s$/, ''));
}

/**
 * A plan for another amount than the one the upstream answered for: the same count and interval, each instalment the
 * amount divided by the count, rounded to the currency's minor unit (local choice: the docs' sample pays SGD 33.33
 * three times for 100). With interest the instalment is the provider's to work out: no plan is shown.
 */
function planFor(option: OptionItem, cart: CartAmount): ProviderView['instalments'] {
  const plan = instalments(option);
  if (!plan || (option.interestRate ?? 0) > 0) return null;
  return { ...plan, amount: toMajor(Math.round(cart.amountMinor / plan.count), cart.currency) };
}

function instalments(option: OptionItem): ProviderView['instalments'] {
  const plan = option.instalment;
  if (plan) {
    const every = interval(plan.termUnit);
    if (every && Number.isInteger(plan.termDuration) && plan.termDuration > 0) {
      return { count: plan.termDuration, amount: plan.rate.amount, interval: every };
    }
  }
  // Without an instalment block, the weekly cost and duration in weeks still describe a plan.
  if (option.weeklyCost && option.termDurationInWeeks && Number.isInteger(option.termDurationInWeeks)) {
    return { count: option.termDurationInWeeks, amount: option.weeklyCost.amount, interval: 'week' };
  }
  return null;
}

/** Limits may carry more decimals than the currency; they round outward so no eligible cart is turned away. */
const limitMinor = (major: number, exponent: number, round: (x: number) => number) =>
  decimalToMinor(major, exponent) ?? round(major * 10 ** exponent);

/**
 * Why a provider does not take this amount (limits compared in minor units), or null when it does. A limit the
 * item leaves out bounds nothing on its side.
 */
export function rangeRefusal(
  option: Pick<OptionItem, 'minAmount' | 'maxAmount'>,
  amountMinor: number,
  exponent: number,
): UnavailableProvider['reason'] | null {
  const { minAmount, maxAmount } = option;
  if (minAmount !== undefined && amountMinor < limitMinor(minAmount, exponent, Math.floor)) return 'below_minimum';
  if (maxAmount !== undefined && amountMinor > limitMinor(maxAmount, exponent, Math.ceil)) return 'above_maximum';
  return null;
}

/**
 * The limits as the views state them. Local choice: the views keep their numbers (the widget and merchants read
 * them), so a missing minimum reads 0 and a missing maximum the largest amount the BFF takes at all (MAX_AMOUNT).
 */
const viewLimits = (option: OptionItem) => ({
  minAmount: option.minAmount ?? 0,
  maxAmount: option.maxAmount ?? MAX_AMOUNT,
});

/**
 * With no provider taking the amount, the smallest amount one of those under their minimum takes (in minor units,
 * as rangeRefusal compares it); undefined while some provider takes it or none would take more.
 */
export function availableFromMinor({ providers, unavailableProviders }: ProviderLists, currency: string) {
  if (providers.length > 0) return undefined;
  const exponent = currencyExponent(currency);
  const minimums = unavailableProviders
    .filter((provider) => provider.reason === 'below_minimum')
    .map((provider) => limitMinor(provider.minAmount, exponent, Math.floor));
  return minimums.length > 0 ? Math.min(...minimums) : undefined;
}

const isHttpUrl = (value: string | undefined): value is string => {
  if (!value) return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
};

export function toProviderLists(options: readonly OptionItem[], cart: CartAmount): ProviderLists {
  const exponent = currencyExponent(cart.currency);
  const providers: ProviderView[] = [];
  const unavailableProviders: UnavailableProvider[] = [];
  const seen = new Set<string>();
  const sorted = options
    .filter((option) => option.currency.trim().toUpperCase() === cart.currency)
    .sort((a, b) => a.priority - b.priority || a.name.localeCompare(b.name));
  for (const option of sorted) {
    // Local choice: a provider listed twice keeps its first (highest priority) entry.
    if (seen.has(option.name)) continue;
    seen.add(option.name);
    const displayName = providerDisplayName(option.name);
    const refusal = rangeRefusal(option, cart.amountMinor, exponent);
    if (refusal) {
      unavailableProviders.push({
        name: option.name,
        displayName,
        ...viewLimits(option),
        reason: refusal,
      });
      continue;
    }
    const requiredFields = option.requiredFields ?? [];
    providers.push({
      name: option.name,
      displayName,
      ...(isHttpUrl(option.imageUrl) ? { logoUrl: option.imageUrl } : {}),
      ...(option.terms && !cart.fromSnapshot ? { terms: option.terms } : {}),
      recommended: option.recommended ?? false,
      priority: option.priority,
      ...viewLimits(option),
      instalments: cart.fromSnapshot ? planFor(option, cart) : instalments(option),
      interestRate: option.interestRate ?? 0,
      ...(option.customerFeesAllowed === undefined ? {} : { customerFees: option.customerFeesAllowed }),
      ...(option.lateFeesAllowed === undefined ? {} : { lateFees: option.lateFeesAllowed }),
      requiredFields,
      requiresShippingAddress: requiredFields.some(
        (path) => path === 'shippingAddress' || path.startsWith('shippingAddress.'),
      ),
    });
  }
  return { providers, unavailableProviders };
}
