// The session as the widget holds it: the BFF's SessionView with every amount in integer minor units, converted
// once at the boundary so nothing inside does arithmetic or formatting on decimal major units.
import type { ProviderView, SessionView, UnavailableProvider } from '../shared/checkout-api.js';
import { toMinor } from '../shared/money.js';
import { CheckoutApiError } from './api-error.js';

type Minor<T, K extends keyof T> = Omit<T, K> & { [P in K]: number };

export type Provider = Minor<ProviderView, 'minAmount' | 'maxAmount'> & {
  instalments: Minor<NonNullable<ProviderView['instalments']>, 'amount'> | null;
};
export type Unavailable = Minor<UnavailableProvider, 'minAmount' | 'maxAmount'>;
export type CheckoutSession = Omit<SessionView, 'amount' | 'providers' | 'unavailableProviders'> & {
  amount: number;
  providers: Provider[];
  unavailableProviders: Unavailable[];
};

/** Refuses (bad_response) an amount with more decimals than the session's currency allows. */
export function toCheckoutSession(view: SessionView): CheckoutSession {
  const minor = (major: number): number => {
    const value = toMinor(major, view.currency);
    if (value === null) throw new CheckoutApiError('bad_response');
    return value;
  };
  return {
    ...view,
    amount: minor(view.amount),
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
