// The checkout's settings: how long a session lasts and how its orders are sent, which providers a session offers,
// and who the hosted page says the shopper pays.
import * as z from 'zod/mini';
import { flag, oneOf, url, wholeNumber } from '../lib/setting-kinds.js';

export const CANCELLATION_TIMEOUT_UNITS = ['minutes', 'seconds'] as const;
export type CancellationTimeoutUnit = (typeof CANCELLATION_TIMEOUT_UNITS)[number];

export const checkoutVariables = {
  OPI_SESSION_TTL_MINUTES: z._default(wholeNumber(1, 7 * 24 * 60, 'a whole number of minutes'), 60),
  OPI_CANCELLATION_TIMEOUT_UNIT: z._default(oneOf(CANCELLATION_TIMEOUT_UNITS), 'minutes'),
  OPI_CUSTOMER_SESSIONS: z._default(flag, false),
  // Local choice: offered again by default; a shopper may have fixed what it declined (a card, a limit).
  OPI_OFFER_DECLINED_PROVIDER: z._default(flag, true),
  OPI_UNIQUE_MERCHANT_REFERENCE: z._default(flag, false),
  // No default here: without a name, the host shoppers reach the BFF at (bff/config.ts, from OPI_PUBLIC_URL).
  OPI_MERCHANT_NAME: z.optional(
    z.string().check(z.trim(), z.maxLength(100, { error: 'must be at most 100 characters' })),
  ),
  OPI_MERCHANT_LOGO_URL: z.optional(url('the logo on the hosted checkout page')),
  OPI_OPTIONS_CACHE_SECONDS: z._default(wholeNumber(0, 3600, 'a whole number of seconds'), 60),
};

type CheckoutValues = z.output<z.ZodMiniObject<typeof checkoutVariables>>;

export interface CheckoutSettings {
  sessionTtlMinutes: number;
  /** The unit a session's cancellationTimeout (minutes in our API) is sent upstream in: the docs do not say. */
  cancellationTimeoutUnit: CancellationTimeoutUnit;
  /**
   * Create a customer session (POST /merchants/customer/sessions) for every new order attempt of a session the
   * merchant gave no customerToken, and send its token as the order's customerToken.
   */
  customerSessions: boolean;
  /**
   * Whether a provider that declined an attempt of a session may be chosen again in it (it is never the one chosen
   * for the shopper): false leaves it out of the session's providers and refuses it as not eligible.
   */
  offerDeclinedProvider: boolean;
  /**
   * One live checkout session per merchantReference (OPI_UNIQUE_MERCHANT_REFERENCE): a create that names the number
   * of a session still open or paid is refused (409 merchant_reference_in_use), naming that session.
   */
  uniqueMerchantReference: boolean;
  /** Who the hosted checkout page (pay by link) says the shopper pays: a name, and a logo where given. */
  merchant: { name: string; logoUrl?: string };
  optionsCacheSeconds: number;
}

/** `publicHost`: the host shoppers reach the BFF at, the merchant's name when none is set. */
export const checkoutSettings = (values: CheckoutValues, publicHost: string): CheckoutSettings => ({
  sessionTtlMinutes: values.OPI_SESSION_TTL_MINUTES,
  cancellationTimeoutUnit: values.OPI_CANCELLATION_TIMEOUT_UNIT,
  customerSessions: values.OPI_CUSTOMER_SESSIONS,
  offerDeclinedProvider: values.OPI_OFFER_DECLINED_PROVIDER,
  uniqueMerchantReference: values.OPI_UNIQUE_MERCHANT_REFERENCE,
  // Local choice: without a name, the host shoppers reach the BFF at (the shop's own domain, as a rule).
  merchant: {
    name: values.OPI_MERCHANT_NAME || publicHost,
    ...(values.OPI_MERCHANT_LOGO_URL ? { logoUrl: values.OPI_MERCHANT_LOGO_URL } : {}),
  },
  optionsCacheSeconds: values.OPI_OPTIONS_CACHE_SECONDS,
});
