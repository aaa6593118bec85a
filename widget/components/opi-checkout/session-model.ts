// The session as <opi-checkout> holds it: the BFF's SessionView with every amount in integer minor units.
import type { SessionView } from '../../../shared/schemas/checkout-api.js';
import { minorOf, type Provider, providerListsInMinor, type Unavailable } from '../../internal/provider-model.js';

export type { Provider, Unavailable } from '../../internal/provider-model.js';

export type CheckoutSession = Omit<SessionView, 'amount' | 'providers' | 'unavailableProviders'> & {
  amount: number;
  providers: Provider[];
  unavailableProviders: Unavailable[];
};

/** Refuses (bad_response) an amount with more decimals than the session's currency allows. */
export function toCheckoutSession(view: SessionView): CheckoutSession {
  return { ...view, amount: minorOf(view.currency)(view.amount), ...providerListsInMinor(view.currency, view) };
}
