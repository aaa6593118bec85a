// <opi-instalments>'s one call: the BFF's public GET /v1/instalments, the plans for an amount (no session).
import type { InstalmentsView } from '../../../shared/schemas/checkout-api.js';
import { type BffOptions, callBff } from '../../internal/bff-call.js';
import { minorOf, type ProviderLists, providerListsInMinor } from '../../internal/provider-model.js';

export interface InstalmentsQuery {
  /** Decimal, in the currency's major unit ("100.00"), as the product page shows it. */
  amount: string;
  currency: string;
  country: string;
  channel?: string;
}

/** The plans in minor units, and the smallest amount a provider takes when none takes this one. */
export type Plans = ProviderLists & { currency: string; availableFrom?: number };

// Checked by shape, as <opi-checkout>'s answers are (api-client.ts): the BFF built it with the shared schemas.
const isAnswer = (body: unknown): body is InstalmentsView => {
  const answer = body as Partial<InstalmentsView> | undefined;
  return Array.isArray(answer?.providers) && Array.isArray(answer.unavailableProviders);
};

export async function fetchInstalments(
  options: BffOptions,
  { amount, currency, country, channel }: InstalmentsQuery,
  signal?: AbortSignal,
): Promise<Plans> {
  const query = new URLSearchParams({ amount, currency, country, ...(channel ? { channel } : {}) });
  const answer = await callBff(
    options,
    isAnswer,
    `instalments?${query}`,
    { headers: { accept: 'application/json' } },
    signal,
  );
  const from = answer.availableFrom;
  return {
    ...providerListsInMinor(currency, answer),
    currency,
    ...(typeof from === 'number' ? { availableFrom: minorOf(currency)(from) } : {}),
  };
}
