// GET /v1/instalments: the plans for a price on a product or cart page (<opi-instalments>). No session and nothing
// about anyone, and public: answered from a snapshot of the options per currency and channel (./options-snapshot.ts),
// eligibility and plans worked out locally for the price, so no amount costs an upstream call of its own and the
// per-amount cache the shoppers' sessions share is never touched. Listed the same way as the session view, so the
// product page and the checkout agree (a plan's instalment may differ from the checkout's by the rounding of a cent).
// `country` is checked and otherwise unused: the upstream's /options takes no country (it routes by currency, amount
// and channel); reserved for when it does.
import { instalmentsQuerySchema, type InstalmentsView } from '../../shared/schemas/checkout-api.js';
import { toMajor, toPayableMinor } from '../../shared/money.js';
import { parseOrRefuse } from '../domain/errors.js';
import type { OptionsSnapshots } from './options-snapshot.js';
import { availableFromMinor, toProviderLists } from './provider-views.js';
import { upstreamChannel } from './sessions.js';

export async function instalmentsView(snapshots: OptionsSnapshots, query: unknown): Promise<InstalmentsView> {
  const { amount, currency, channel } = parseOrRefuse(instalmentsQuerySchema, query, 'query');
  // The schema refused any amount this cannot convert.
  const amountMinor = toPayableMinor(amount, currency)!;
  const key = { currency, ...(upstreamChannel(channel) ? { channel: upstreamChannel(channel)! } : {}) };
  const lists = toProviderLists(await snapshots.of(key, amountMinor), { amountMinor, currency, fromSnapshot: true });
  const fromMinor = availableFromMinor(lists, currency);
  return {
    amount: toMajor(amountMinor, currency),
    currency,
    ...lists,
    ...(fromMinor === undefined ? {} : { availableFrom: toMajor(fromMinor, currency) }),
  };
}
