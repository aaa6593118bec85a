// Checkout sessions: the merchant's server fixes the cart (and so the price) here; the widget can only read it.
import { createSessionRequestSchema, type CreateSessionResponse, type SessionView } from '../../shared/checkout-api.js';
import { toMajor } from '../../shared/money.js';
import { checkCartAmounts, type OptionItem } from '../../shared/upstream.js';
import { HttpProblem, parseOrProblem } from '../http/problem.js';
import type { SessionRecord, Store, StoredCart } from '../store/types.js';
import { newOrderPrefix, newSessionId, SESSION_ID_PATTERN } from './ids.js';
import type { OptionsCache } from './options-cache.js';
import type { ProviderCatalogue } from './provider-catalogue.js';
import { type ProviderLists, toProviderLists } from './provider-views.js';

export interface SessionDeps {
  store: Store;
  options: OptionsCache;
  /** Providers seen in earlier /options answers: those out of this cart's range are listed as unavailable. */
  catalogue: ProviderCatalogue;
  now: () => Date;
  sessionTtlMinutes: number;
}

const noIssues = {
  addIssue() {
    throw new Error('cart amounts changed after validation');
  },
};

export async function createCheckoutSession(deps: SessionDeps, body: unknown): Promise<CreateSessionResponse> {
  const request = parseOrProblem(createSessionRequestSchema, body);
  const amountMinor = checkCartAmounts(request, noIssues)!;
  if (amountMinor <= 0) {
    throw new HttpProblem('validation_failed', 'The request body is not valid.', {
      errors: [{ path: 'orderItems', message: 'must add up to an order amount above 0' }],
    });
  }
  const createdAt = deps.now();
  const expiresAt = new Date(createdAt.getTime() + deps.sessionTtlMinutes * 60_000);
  const { customer, billingAddress, shippingAddress } = request;
  const cart: StoredCart = {
    orderItems: request.orderItems,
    shippingAmount: request.shippingAmount,
    taxAmount: request.taxAmount,
    discountAmount: request.discountAmount,
    requiresShipping: request.requiresShipping,
    // The docs call the methods configured without a channel the "default channel", asked for by sending none:
    // a merchant who names it gets it, not an empty list (local choice: case-insensitive).
    ...(request.channel && request.channel.toLowerCase() !== 'default' ? { channel: request.channel } : {}),
    ...(request.autoCapture === undefined ? {} : { autoCapture: request.autoCapture }),
    ...(request.cancellationTimeout === undefined ? {} : { cancellationTimeout: request.cancellationTimeout }),
    ...(request.shippingMethod ? { shippingMethod: request.shippingMethod } : {}),
  };
  const id = newSessionId();
  await deps.store.insertSession({
    id,
    orderPrefix: newOrderPrefix(),
    cart,
    amountMinor,
    currency: request.purchaseCurrency,
    country: request.purchaseCountry,
    locale: request.locale,
    returnUrl: request.returnUrl,
    prefill: {
      ...(customer ? { customer } : {}),
      ...(billingAddress ? { billingAddress } : {}),
      ...(shippingAddress ? { shippingAddress } : {}),
    },
    expiresAt,
    createdAt,
  });
  return {
    id,
    expiresAt: expiresAt.toISOString(),
    amount: toMajor(amountMinor, request.purchaseCurrency),
    currency: request.purchaseCurrency,
  };
}

/** A session the shopper may still pay: 404 unknown, 410 expired, 409 completed. */
export function requireOpenSession(session: SessionRecord | null, now: Date): SessionRecord {
  if (!session) throw new HttpProblem('session_not_found', 'This checkout session does not exist.');
  if (session.state === 'completed')
    throw new HttpProblem('session_completed', 'This checkout session has already been paid.');
  if (now.getTime() >= session.expiresAt.getTime()) {
    throw new HttpProblem('session_expired', 'This checkout session has expired. Please start the checkout again.');
  }
  return session;
}

/** Reads a session by id; an id that cannot be one is answered like an unknown one, without a query. */
export async function loadSession(store: Store, id: string): Promise<SessionRecord | null> {
  return SESSION_ID_PATTERN.test(id) ? store.getSession(id) : null;
}

interface ListedFor {
  options: readonly OptionItem[];
  learned: readonly OptionItem[];
  lists: ProviderLists;
}
// The provider lists of a session read (the read cache hands out the same record for a while) from the same options:
// the widget's hot read builds them once, not on every request.
const listed = new WeakMap<SessionRecord, ListedFor>();

const sameItems = (a: readonly OptionItem[], b: readonly OptionItem[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

function providerListsOf(session: SessionRecord, options: readonly OptionItem[], learned: readonly OptionItem[]) {
  const known = listed.get(session);
  if (known && known.options === options && sameItems(known.learned, learned)) return known.lists;
  const lists = toProviderLists([...options, ...learned], session);
  listed.set(session, { options, learned, lists });
  return lists;
}

export async function sessionView(deps: SessionDeps, id: string): Promise<SessionView> {
  const session = requireOpenSession(await loadSession(deps.store, id), deps.now());
  const key = { currency: session.currency, ...(session.cart.channel ? { channel: session.cart.channel } : {}) };
  const options = await deps.options.get({ amountMinor: session.amountMinor, ...key });
  const learned = await deps.catalogue.outOfRange(key, session.amountMinor, options, deps.now());
  return {
    id: session.id,
    state: session.state,
    expiresAt: session.expiresAt.toISOString(),
    amount: toMajor(session.amountMinor, session.currency),
    currency: session.currency,
    country: session.country,
    locale: session.locale,
    requiresShipping: session.cart.requiresShipping,
    ...(session.cart.shippingMethod ? { shippingMethod: session.cart.shippingMethod } : {}),
    prefill: session.prefill,
    ...providerListsOf(session, options, learned),
  };
}
