// The string catalogue's shape. Text with values in it is a function, so each language orders words its own way
// and handles its own plurals. Amounts and counts arrive already formatted by Intl.NumberFormat in the shopper's
// locale, so a count shows the same digits as the amount beside it (Arabic-Indic for ar-SA, Western for ar-AE or
// ar-SA-u-nu-latn); a count also comes as a number, for plural forms.
import type { INSTALMENT_INTERVALS } from '../../../../shared/checkout-api.js';
import type { SHIPPING_METHODS } from '../../../../shared/field-rules.js';
import type { FieldName } from '../form-fields.js';
import type { Overrides } from '../../../internal/i18n.js';

export type ErrorKind = 'required' | 'email' | 'phone' | 'country' | 'choice' | 'invalid';

/** The failures the shopper gets their own sentence for: the BFF's problem codes and the widget's own. */
export type FailureCode =
  | 'bff_unreachable'
  | 'session_expired'
  | 'session_completed'
  | 'session_not_found'
  | 'provider_not_eligible'
  | 'session_changed'
  | 'upstream_unavailable'
  | 'upstream_timeout'
  | 'unsafe_redirect';

export interface Strings {
  loading: string;
  providersLegend: string;
  providerCount: (count: number, shown: string) => string;
  recommended: string;
  /** "4 × AED 25.00": the count and the amount, both formatted. */
  plan: (count: string, amount: string) => string;
  interval: Record<(typeof INSTALMENT_INTERVALS)[number], string>;
  availableFrom: (provider: string, amount: string) => string;
  availableUpTo: (provider: string, amount: string) => string;
  noProvider: string;
  customerLegend: string;
  billingLegend: string;
  shippingLegend: string;
  sameAsBilling: string;
  fields: Record<FieldName | 'shippingMethod', string>;
  optional: (label: string) => string;
  shippingMethods: Record<(typeof SHIPPING_METHODS)[number], string>;
  /** The submit button: "Pay AED 100.00 with Tabby". */
  pay: (amount: string, provider: string) => string;
  submitting: string;
  /** Said when a refresh finds a new total (the cart changed): "Order total updated: AED 120.00". */
  totalChanged: (amount: string) => string;
  redirecting: (provider: string) => string;
  handedOff: (provider: string) => string;
  /** Beside a field; "invalid" also for a value the BFF refused for a reason the widget's checks do not know. */
  errors: Record<ErrorKind, string>;
  fixFields: (count: number, shown: string) => string;
  /** By the opi-error code they explain; generic for any other code. */
  failures: Record<FailureCode | 'generic', string>;
  retry: string;
}

/** What a host page may override: any top-level string, or some entries of a nested group. */
export type StringOverrides = Overrides<Strings>;
