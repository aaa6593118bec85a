// The upstream order a placement sends, built from the session the merchant priced and what the shopper entered;
// the hash that tells one placement request from another (for its Idempotency-Key), and the URLs an order carries.
// Pure: no I/O.
import { createHash } from 'node:crypto';
import { withAddressDefaults } from '../../../shared/address-defaults.js';
import type { AddressInput, StoreAddress } from '../../../shared/schemas/address.js';
import type { PlaceOrderRequest, ProviderView } from '../../../shared/schemas/checkout-api.js';
import { toMajor } from '../../../shared/money.js';
import { DomainError } from '../../domain/errors.js';
import type { OrderRequest } from '../../upstream/contract.js';
import type { SessionRecord } from '../../store/types.js';
import type { CheckoutSettings } from '../settings.js';
import { isLoopbackHost } from '../../lib/setting-kinds.js';

// The URLs an order carries: the BFF's own, which the upstream is given per order (the routes that serve them import
// the paths from here, so the builder and the router can never disagree), and the upstream's redirectUrl, checked
// before it reaches the shopper.
export const RETURN_ROUTE = '/v1/returns/:orderReference';
export const CALLBACK_ROUTE = '/v1/callbacks/:orderReference/:secret';

const segment = (value: string) => encodeURIComponent(value);

/** dynamicRedirectUrl: where the upstream sends the shopper back. */
export function returnUrlFor(publicUrl: string, orderReference: string): string {
  return `${publicUrl}/v1/returns/${segment(orderReference)}`;
}

/** dynamicCallbackUrl: where the upstream posts status hints; the secret makes it unguessable per order. */
export function callbackUrlFor(publicUrl: string, orderReference: string, secret: string): string {
  return `${publicUrl}/v1/callbacks/${segment(orderReference)}/${segment(secret)}`;
}

/**
 * The redirectUrl is the one upstream value that reaches the shopper's browser as a navigation target, so it is
 * checked: https anywhere, plain http only to a loopback host and only while the upstream is the local sandbox.
 */
export function isSafeRedirect(url: string, allowLoopbackHttp: boolean): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username || parsed.password || !parsed.hostname) return false;
  if (parsed.protocol === 'https:') return true;
  return parsed.protocol === 'http:' && allowLoopbackHttp && isLoopbackHost(parsed.hostname);
}

/** JSON with sorted keys, so the same request always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The same request body always hashes the same, whatever the order of its keys. */
export const requestHash = (body: PlaceOrderRequest): string =>
  createHash('sha256').update(canonical(body)).digest('hex');

/** What the order of one attempt is: its reference, callback secret and the customer token fetched for it. */
export interface Attempt {
  reference: string;
  secret: string;
  /** Created upstream for this attempt (OPI_CUSTOMER_SESSIONS) when the merchant gave none. */
  customerToken?: string | undefined;
}

/**
 * A store pickup ships to the store (the spec: "the address should be the store address"), for the shopper: their
 * name and contact, the store's location. A cart without a store offers no pickup.
 */
function atStore(recipient: AddressInput, store: StoreAddress | undefined): AddressInput {
  if (!store) {
    throw new DomainError('validation_failed', 'The request body is not valid.', {
      errors: [{ path: 'shippingMethod', message: 'store pickup is not offered for this cart' }],
    });
  }
  const { title, firstName, lastName, email, phoneNumber } = recipient;
  return { ...(title ? { title } : {}), firstName, lastName, email, phoneNumber, ...store };
}

export function buildOrder(
  settings: { publicUrl: string; checkout: Pick<CheckoutSettings, 'cancellationTimeoutUnit'> },
  session: SessionRecord,
  body: PlaceOrderRequest,
  provider: ProviderView,
  attempt: Attempt,
): OrderRequest {
  const { cart } = session;
  const { reference, secret } = attempt;
  // The merchant's token first; else the one created for this attempt (OPI_CUSTOMER_SESSIONS); else none.
  const customerToken = cart.customerToken ?? attempt.customerToken;
  const shippingMethod = body.shippingMethod ?? cart.shippingMethod;
  // Local choice: when a shipping address is needed but not given, the billing address is used ("same as billing").
  const recipient =
    body.shippingAddress ??
    (provider.requiresShippingAddress || cart.requiresShipping || shippingMethod === 'store'
      ? body.billingAddress
      : undefined);
  const shipping = shippingMethod === 'store' && recipient ? atStore(recipient, cart.storeAddress) : recipient;
  // Built from what was parsed already (the cart when the session was made, the shopper's entries on submit), typed
  // by the upstream contract; test/bff/checkout/placement-order-request.test.ts checks it against the contract's
  // schema, so no request pays for parsing its own construction again.
  return {
    orderReference: reference,
    bnplProvider: body.bnplProvider,
    purchaseCountry: session.country,
    purchaseCurrency: session.currency,
    locale: session.locale,
    orderAmount: toMajor(session.amountMinor, session.currency),
    orderItems: cart.orderItems,
    taxAmount: cart.taxAmount,
    shippingAmount: cart.shippingAmount,
    discountAmount: cart.discountAmount,
    customer: body.customer,
    billingAddress: withAddressDefaults(body.billingAddress),
    ...(shipping ? { shippingAddress: withAddressDefaults(shipping) } : {}),
    ...(shippingMethod ? { shippingMethod } : {}),
    ...(cart.shippingType ? { shippingType: cart.shippingType } : {}),
    ...(cart.paymentSessionId ? { sessionId: cart.paymentSessionId } : {}),
    dynamicRedirectUrl: returnUrlFor(settings.publicUrl, reference),
    dynamicCallbackUrl: callbackUrlFor(settings.publicUrl, reference, secret),
    // Sent only when the merchant set it: its unit is not documented, and our own clock ends what nobody pays.
    ...(cart.cancellationTimeout === undefined
      ? {}
      : {
          cancellationTimeout:
            cart.cancellationTimeout * (settings.checkout.cancellationTimeoutUnit === 'seconds' ? 60 : 1),
        }),
    ...(cart.autoCapture === undefined ? {} : { autoCapture: cart.autoCapture }),
    ...(cart.channel ? { channel: cart.channel } : {}),
    ...(customerToken ? { customerToken } : {}),
  };
}
