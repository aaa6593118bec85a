// <opi-instalments>'s one call: the BFF's public GET /v1/instalments, the plans for an amount (no session).
import type { ProviderView, UnavailableProvider } from '../../../shared/checkout-api.js';
import { type BffOptions, callBff } from '../../internal/bff-call.js';
import { type ProviderLists, providerListsInMinor } from '../../internal/provider-model.js';

export interface InstalmentsQuery {
  /** Decimal, in the currency's major unit ("100.00"), as the product page shows it. */
  amount: string;
  currency: string;
  country: string;
  channel?: string;
}

interface InstalmentsAnswer {
  providers: ProviderView[];
  unavailableProviders: UnavailableProvider[];
}

// Checked by shape, as <opi-checkout>'s answers are (api-client.ts): the BFF built it with the shared schemas.
const isAnswer = (body: unknown): body is InstalmentsAnswer => {
  const answer = body as Partial<InstalmentsAnswer> | undefined;
  return Array.isArray(answer?.providers) && Array.isArray(answer.unavailableProviders);
};

export async function fetchInstalments(
  options: BffOptions,
  { amount, currency, country, channel }: InstalmentsQuery,
  signal?: AbortSignal,
): Promise<ProviderLists> {
  const query = new URLSearchParams({ amount, currency, country, ...(channel ? { channel } : {}) });
  const answer = await callBff(
    options,
    isAnswer,
    `instalments?${query}`,
    { headers: { accept: 'application/json' } },
    signal,
  );
  return providerListsInMinor(currency, answer);
}
