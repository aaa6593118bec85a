// GET /v1/instalments: the plans for a price on a product or cart page (<opi-instalments>). No session and nothing
// about anyone: the upstream's options for the amount (through the same cache as the session view), listed the same
// way, so the message on a product page and the checkout agree. `country` is checked and otherwise unused: the
// upstream's /options takes no country (it routes by currency, amount and channel); reserved for when it does.
import { instalmentsQuerySchema, type InstalmentsView } from '../../shared/schemas/checkout-api.js';
import { toMajor, toPayableMinor } from '../../shared/money.js';
import { parseOrRefuse } from '../domain/errors.js';
import { availableFromMinor, toProviderLists } from './provider-views.js';
import { offeredFor, type SessionDeps, upstreamChannel } from './sessions.js';

export async function instalmentsView(
  deps: Pick<SessionDeps, 'options' | 'catalogue' | 'now'>,
  query: unknown,
): Promise<InstalmentsView> {
  const { amount, currency, channel } = parseOrRefuse(instalmentsQuerySchema, query, 'query');
  // The schema refused any amount this cannot convert.
  const amountMinor = toPayableMinor(amount, currency)!;
  const { options, learned } = await offeredFor(deps, amountMinor, currency, upstreamChannel(channel));
  const lists = toProviderLists([...options, ...learned], { amountMinor, currency });
  const fromMinor = availableFromMinor(lists, currency);
  return {
    amount: toMajor(amountMinor, currency),
    currency,
    ...lists,
    ...(fromMinor === undefined ? {} : { availableFrom: toMajor(fromMinor, currency) }),
  };
}
