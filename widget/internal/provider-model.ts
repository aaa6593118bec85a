// Providers as the elements hold them: the BFF's views with every amount in integer minor units, converted once at
// the boundary so nothing inside does arithmetic or formatting on decimal major units.
import type { ProviderView, UnavailableProvider } from '../../shared/schemas/checkout-api.js';
import { toMinor } from '../../shared/money.js';
import { CheckoutApiError } from './api-error.js';

type Minor<T, K extends keyof T> = Omit<T, K> & { [P in K]: number };

export type Provider = Minor<ProviderView, 'minAmount' | 'maxAmount'> & {
  instalments: Minor<NonNullable<ProviderView['instalments']>, 'amount'> | null;
};
export type Unavailable = Minor<UnavailableProvider, 'minAmount' | 'maxAmount'>;

export interface ProviderLists {
  providers: Provider[];
  unavailableProviders: Unavailable[];
}

/** An amount of `currency` in minor units; one with more decimals than the currency has is a bad_response. */
export function minorOf(currency: string): (major: number) => number {
  return (major) => {
    const value = toMinor(major, currency);
    if (value === null) throw new CheckoutApiError('bad_response');
    return value;
  };
}

export function providerListsInMinor(
  currency: string,
  view: { providers: readonly ProviderView[]; unavailableProviders: readonly UnavailableProvider[] },
): ProviderLists {
  const minor = minorOf(currency);
  return {
    providers: view.providers.map((provider) => ({
      ...provider,
      minAmount: minor(provider.minAmount),
      maxAmount: minor(provider.maxAmount),
      instalments: provider.instalments && { ...provider.instalments, amount: minor(provider.instalments.amount) },
    })),
    unavailableProviders: view.unavailableProviders.map((provider) => ({
      ...provider,
      minAmount: minor(provider.minAmount),
      maxAmount: minor(provider.maxAmount),
    })),
  };
}
