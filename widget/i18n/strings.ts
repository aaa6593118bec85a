// The string catalogue's shape. Text with values in it is a function, so each language orders words its own way
// and handles its own plurals. Amounts arrive already formatted by Intl.NumberFormat.
import type { INSTALMENT_INTERVALS } from '../../shared/checkout-api.js';
import type { SHIPPING_METHODS } from '../../shared/fields.js';
import type { FieldName } from '../form-fields.js';

export type ErrorKind = 'required' | 'email' | 'phone' | 'country' | 'choice' | 'invalid';

export interface Strings {
  loading: string;
  providersLegend: string;
  providerCount: (count: number) => string;
  recommended: string;
  /** "4 × AED 25.00" */
  plan: (count: number, amount: string) => string;
  interval: Record<(typeof INSTALMENT_INTERVALS)[number], string>;
  interestFree: string;
  /** rate is already formatted, e.g. "2.5%" */
  interest: (rate: string) => string;
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
  redirecting: (provider: string) => string;
  handedOff: (provider: string) => string;
  errors: Record<ErrorKind, string> & {
    tooLong: (max: number) => string;
    /** A field the BFF refused for a reason the widget's own checks do not know; message is the BFF's text. */
    rejected: (message: string) => string;
  };
  fixFields: (count: number) => string;
  failures: {
    unreachable: string;
    expired: string;
    completed: string;
    notFound: string;
    notEligible: string;
    upstream: string;
    unsafeRedirect: string;
    generic: string;
  };
  retry: string;
}

/** What a host page may override: any top-level string, or some entries of a nested group. */
export type StringOverrides = {
  [K in keyof Strings]?: Strings[K] extends string | ((...args: never[]) => string) ? Strings[K] : Partial<Strings[K]>;
};
