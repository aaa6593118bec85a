// Checkout sessions: the merchant's server fixes the cart (and so the price) here; the widget can only read it. The
// identifiers of a session and its orders are drawn here too.
import {
  createSessionRequestSchema,
  type Prefill,
  type CreateSessionResponse,
  issuesToFieldErrors,
  type SessionView,
  type UpdateSessionCart,
  updateSessionCartSchema,
} from '../../shared/schemas/checkout-api.js';
import { toMajor } from '../../shared/money.js';
import { type CartAmounts, checkCartAmounts } from '../../shared/schemas/cart.js';
import type { OptionItem } from '../upstream/contract.js';
import { holdsPayment, isAwaitingUpstream } from '../../shared/status.js';
import { DomainError, parseOrRefuse } from '../domain/errors.js';
import type { StoredOrder, SessionRecord, Store, StoredCart } from '../store/types.js';
import type { OptionsCache } from './options-cache.js';
import type { ProviderCatalogue } from './provider-catalogue.js';
import { type ProviderLists, toProviderLists } from './provider-views.js';
import type { Funnel } from '../metrics/funnel.js';
import { lastAttemptView } from '../orders/attempt-outcome.js';
import { SHOPPER_WAIT_MS, withinWait } from '../lib/shopper-wait.js';
import { randomFillSync } from 'node:crypto';

// Unguessable identifiers. A session id is the widget's only credential for its session, so it carries 128 random
// bits; order references use a separate random prefix so that a reference (which travels to the provider and
// back in the shopper's URL) reveals nothing of the session id.
//
// Random bytes drawn from a pool filled 4 KB at a time: one call into the system's generator for many ids, as Node's
// own randomUUID does (each call cost 5% of a session's creation). Bytes are handed out once, never again.
const POOL = Buffer.alloc(4096);
let used = POOL.length;

function randomBytes(size: number): Buffer {
  if (used + size > POOL.length) {
    randomFillSync(POOL);
    used = 0;
  }
  used += size;
  return POOL.subarray(used - size, used);
}

export const SESSION_ID_PATTERN = /^cs_[A-Za-z0-9_-]{22,64}$/;

/** `cs_` + 128 random bits, base64url (22 characters). */
export const newSessionId = () => `cs_${randomBytes(16).toString('base64url')}`;

/**
 * 64 random bits in hex: short enough for provider dashboards, long enough never to collide in practice. After the
 * shop's order number when it gave one (what the upstream's documented references hold: letters, digits, - and _,
 * every other character made a -), so the payment service's portal finds a payment by the shop's number.
 */
export const newOrderPrefix = (merchantReference?: string | null) => {
  const random = randomBytes(8).toString('hex');
  if (!merchantReference) return `opi-${random}`;
  const shopNumber = merchantReference.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '');
  return `${shopNumber || 'opi'}-${random}`;
};

/** The per-order secret in the callback URL. */
export const newCallbackSecret = () => randomBytes(24).toString('base64url');

/** One reference per attempt: the session's prefix and the attempt number (opi-1f2e3d4c5b6a7988-2). */
export const orderReference = (orderPrefix: string, attempt: number) => `${orderPrefix}-${attempt}`;

export interface SessionDeps {
  store: Store;
  options: OptionsCache;
  /** Providers seen in earlier /options answers: those out of this cart's range are listed as unavailable. */
  catalogue: ProviderCatalogue;
  now: () => Date;
  sessionTtlMinutes: number;
  /** Counts the providers the widget's session read shows. */
  funnel: Funnel;
  /** OPI_OFFER_DECLINED_PROVIDER: false leaves out of the view a provider that declined an attempt of the session. */
  offerDeclinedProvider: boolean;
  /** OPI_PUBLIC_URL: where the session's hosted checkout page is. */
  publicUrl: string;
  /** OPI_UNIQUE_MERCHANT_REFERENCE: one live session per merchantReference. */
  uniqueMerchantReference: boolean;
}

/** The checkout page the BFF hosts for a session (bff/routes/pay-page.ts). */
export const checkoutUrlOf = (publicUrl: string, sessionId: string) =>
  `${publicUrl}/pay/${encodeURIComponent(sessionId)}`;

/** The order amount a cart adds up to, in minor units: every amount checked against the currency, above 0. */
function orderAmountMinor(cart: CartAmounts): number {
  const issues: Parameters<typeof issuesToFieldErrors>[0][number][] = [];
  const amountMinor = checkCartAmounts(cart, { addIssue: (issue) => issues.push(issue) });
  const errors =
    amountMinor !== null && amountMinor <= 0
      ? [{ path: 'orderItems', message: 'must add up to an order amount above 0' }]
      : issuesToFieldErrors(issues);
  if (amountMinor === null || errors.length > 0) {
    throw new DomainError('validation_failed', 'The request body is not valid.', { errors });
  }
  return amountMinor;
}

/**
 * The docs call the methods configured without a channel the "default channel", asked for by sending none: a
 * merchant who names it gets it, not an empty list (local choice: case-insensitive).
 */
export const upstreamChannel = (channel: string | undefined): string | undefined =>
  channel && channel.toLowerCase() !== 'default' ? channel : undefined;

type Settings = Pick<
  StoredCart,
  'channel' | 'autoCapture' | 'cancellationTimeout' | 'customerToken' | 'paymentSessionId' | 'metadata'
>;

/**
 * The cart's own fields as stored, with the settings made at creation (channel, capture, customer token) that were
 * given. The cart is one JSON column: a new setting needs no migration.
 */
function storedCart(cart: UpdateSessionCart, settings: { [K in keyof Settings]?: Settings[K] | undefined }) {
  const kept = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined)) as Settings;
  return {
    orderItems: cart.orderItems,
    shippingAmount: cart.shippingAmount,
    taxAmount: cart.taxAmount,
    discountAmount: cart.discountAmount,
    requiresShipping: cart.requiresShipping,
    ...(cart.shippingMethod ? { shippingMethod: cart.shippingMethod } : {}),
    ...(cart.shippingType ? { shippingType: cart.shippingType } : {}),
    ...(cart.storeAddress ? { storeAddress: cart.storeAddress } : {}),
    ...kept,
  } satisfies StoredCart;
}

const merchantReferenceInUse = (liveSessionId: string) =>
  new DomainError(
    'merchant_reference_in_use',
    `The checkout session ${liveSessionId} has this merchantReference and is live (open, or paid): use it, or give another reference.`,
    { errors: [{ path: 'merchantReference', message: `is in use by the live session ${liveSessionId}` }] },
  );

export async function createCheckoutSession(deps: SessionDeps, body: unknown): Promise<CreateSessionResponse> {
  const request = parseOrRefuse(createSessionRequestSchema, body);
  const amountMinor = orderAmountMinor(request);
  const createdAt = deps.now();
  const expiresAt = new Date(createdAt.getTime() + deps.sessionTtlMinutes * 60_000);
  const { customer, billingAddress, shippingAddress } = request;
  const { autoCapture, cancellationTimeout, customerToken, paymentSessionId, metadata, merchantReference } = request;
  const channel = upstreamChannel(request.channel);
  const cart = storedCart(request, {
    channel,
    autoCapture,
    cancellationTimeout,
    customerToken,
    paymentSessionId,
    metadata,
  });
  const id = newSessionId();
  const session = {
    id,
    orderPrefix: newOrderPrefix(merchantReference),
    merchantReference: merchantReference ?? null,
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
  };
  if (merchantReference && deps.uniqueMerchantReference) {
    const live = await deps.store.transaction((tx) =>
      tx.sessions.insertUnlessLive({ ...session, merchantReference }, createdAt),
    );
    if (live) throw merchantReferenceInUse(live);
  } else {
    await deps.store.sessions.insert(session);
  }
  return {
    id,
    expiresAt: expiresAt.toISOString(),
    amount: toMajor(amountMinor, request.purchaseCurrency),
    currency: request.purchaseCurrency,
    checkoutUrl: checkoutUrlOf(deps.publicUrl, id),
  };
}

/**
 * An attempt that holds the payment (paid, on hold) or may still take it: any the upstream may have that is not
 * final yet (being created, created, unknown, and also orphaned: the upstream holds that order at the old amount).
 * Only one it refused, or one declined, cancelled or failed, leaves the cart free to change.
 */
const mayTakePayment = (order: StoredOrder) =>
  holdsPayment(order) || (order.createState !== 'rejected' && isAwaitingUpstream(order.status));

/**
 * Replaces an open session's cart and amount (a coupon, a delivery choice), under the session's row lock, the one
 * placing an order takes: refused with 409 once an attempt may take the payment, and an order placed with a copy of
 * the session older than this change is refused by the placement (session_changed).
 */
export async function updateSessionCart(deps: SessionDeps, id: string, body: unknown): Promise<CreateSessionResponse> {
  const cart = parseOrRefuse(updateSessionCartSchema, body);
  if (!SESSION_ID_PATTERN.test(id)) requireOpenSession(null, deps.now());
  return deps.store.transaction(async (tx) => {
    const session = requireOpenSession(await tx.sessions.get(id, { forUpdate: true }), deps.now());
    const amountMinor = orderAmountMinor({ ...cart, purchaseCurrency: session.currency });
    const orders = await tx.orders.listOfSession(id);
    if (orders.some(mayTakePayment)) {
      throw new DomainError('session_order_placed', 'An order of this session holds or may still take the payment.');
    }
    const { channel, autoCapture, cancellationTimeout, customerToken, paymentSessionId, metadata } = session.cart;
    const settings = { channel, autoCapture, cancellationTimeout, customerToken, paymentSessionId, metadata };
    await tx.sessions.setCart(id, storedCart(cart, settings), amountMinor);
    return {
      id,
      expiresAt: session.expiresAt.toISOString(),
      amount: toMajor(amountMinor, session.currency),
      currency: session.currency,
      checkoutUrl: checkoutUrlOf(deps.publicUrl, id),
    };
  });
}

/** A session one of whose orders holds a payment (paid, authorised only, or on hold): it takes no other. */
export const sessionCompleted = () =>
  new DomainError('session_completed', 'This checkout session already has a payment.');

/** A session the shopper may still pay: 404 unknown, 410 expired, 409 completed. */
export function requireOpenSession(session: SessionRecord | null, now: Date): SessionRecord {
  if (!session) throw new DomainError('session_not_found', 'This checkout session does not exist.');
  if (session.state === 'completed') throw sessionCompleted();
  if (now.getTime() >= session.expiresAt.getTime()) {
    throw new DomainError('session_expired', 'This checkout session has expired. Please start the checkout again.');
  }
  return session;
}

/** Reads a session by id; an id that cannot be one is answered like an unknown one, without a query. */
export async function loadSession(store: Store, id: string): Promise<SessionRecord | null> {
  return SESSION_ID_PATTERN.test(id) ? store.sessions.get(id) : null;
}

/** A session's view as the widget reads it, and the options it was built from. */
interface Rendered {
  options: readonly OptionItem[];
  learned: readonly OptionItem[];
  view: SessionView;
  /** The view serialised, once: the widget's hot read answers these bytes. */
  json: string;
}
// The view of a session record (the read cache hands out the same record for a while) from the same options: the
// widget's hot read builds and serialises it once, not on every request.
const rendered = new WeakMap<SessionRecord, Rendered>();

const sameItems = (a: readonly OptionItem[], b: readonly OptionItem[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/**
 * What can be offered for an amount: the upstream's options for it (cached), and the providers learned earlier
 * that it names no longer because the amount is out of their range.
 */
export async function offeredFor(
  deps: Pick<SessionDeps, 'options' | 'catalogue' | 'now'>,
  amountMinor: number,
  currency: string,
  channel: string | undefined,
): Promise<{ options: OptionItem[]; learned: OptionItem[] }> {
  const key = { currency, ...(channel ? { channel } : {}) };
  const options = await deps.options.get({ amountMinor, ...key });
  const learned = await deps.catalogue.outOfRange(key, amountMinor, options, deps.now());
  return { options, learned };
}

/** The merchant's prefill under what the shopper typed for the latest attempt, part by part. */
function keptDetails(prefill: Prefill, typed: Prefill | null | undefined): Prefill {
  if (!typed) return prefill;
  const parts = ['customer', 'billingAddress', 'shippingAddress'] as const;
  return Object.fromEntries(
    parts.flatMap((part) => {
      const value = prefill[part] || typed[part] ? { ...prefill[part], ...typed[part] } : undefined;
      return value ? [[part, value]] : [];
    }),
  );
}

/** The providers with those that declined an attempt of the session marked, or left out where the merchant says. */
function withDeclined(lists: ProviderLists, declined: readonly string[], offerAgain: boolean): ProviderLists {
  if (declined.length === 0) return lists;
  const providers = lists.providers.flatMap((provider) =>
    !declined.includes(provider.name) ? [provider] : offerAgain ? [{ ...provider, declined: true as const }] : [],
  );
  return { ...lists, providers };
}

/** The options asked for a session read took the shopper's wait: the widget's retry finds them cached. */
const optionsLate = () =>
  new DomainError('upstream_timeout', 'The payment service is slow to answer. Please try again in a moment.', {
    retryable: true,
    retryAfterSeconds: 2,
  });

/** The widget's read of a session: its view, and the same as the JSON it is answered with. */
export async function sessionView(deps: SessionDeps, id: string): Promise<{ view: SessionView; json: string }> {
  const session = requireOpenSession(await loadSession(deps.store, id), deps.now());
  const { options, learned } = await withinWait(
    offeredFor(deps, session.amountMinor, session.currency, session.cart.channel),
    SHOPPER_WAIT_MS,
    () => {
      throw optionsLate();
    },
  );
  const known = rendered.get(session);
  if (known && known.options === options && sameItems(known.learned, learned)) return known;
  const view = viewOf(session, options, learned, deps.offerDeclinedProvider);
  const made = { options, learned, view, json: JSON.stringify(view) };
  rendered.set(session, made);
  return made;
}

function viewOf(
  session: SessionRecord,
  options: readonly OptionItem[],
  learned: readonly OptionItem[],
  offerDeclinedProvider: boolean,
): SessionView {
  const latest = session.attempts?.latest;
  const lists = toProviderLists([...options, ...learned], session);
  const lastAttempt = lastAttemptView(
    latest,
    (name) => [...lists.providers, ...lists.unavailableProviders].find((each) => each.name === name)?.displayName,
  );
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
    prefill: keptDetails(session.prefill, latest?.shopper),
    ...withDeclined(lists, session.attempts?.declined ?? [], offerDeclinedProvider),
    ...(lastAttempt ? { lastAttempt } : {}),
  };
}
