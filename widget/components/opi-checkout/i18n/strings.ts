// The shape of <opi-checkout>'s catalogue. An entry is a plain text, or a message: a text with {placeholders}
// (./en.ts names them), or its plural forms where it has a {count}. Amounts arrive formatted for the shopper's locale; {count}, {min} and {max}
// are numbers the element writes in the same digits as the amounts beside them (Arabic-Indic for ar-SA, Latin for
// ar-AE, as the page chose with `digits`).
import type { INSTALMENT_INTERVALS } from '../../../../shared/schemas/checkout-api.js';
import type { SHIPPING_METHODS } from '../../../../shared/field-rules.js';
import type { Message, Overrides, Words } from '../../../internal/i18n.js';
import type { FieldName } from '../form-fields.js';

export type ErrorKind = 'required' | 'email' | 'phone' | 'country' | 'choice' | 'invalid';

/** The failures the shopper gets their own sentence for: the BFF's problem codes and the widget's own. */
export type FailureCode =
  | 'bff_unreachable'
  | 'session_expired'
  | 'session_completed'
  | 'session_not_found'
  | 'provider_not_eligible'
  | 'session_changed'
  | 'session_exhausted'
  | 'upstream_unavailable'
  | 'upstream_timeout'
  | 'unsafe_redirect';

/** The words of the first paint: the providers, their plans, and what stands in for them (loading, none, no reach). */
export interface PaintStrings extends Words {
  loading: string;
  providersLegend: string;
  /** {count} */
  providerCount: Message;
  recommended: string;
  /** {count} × {amount}: "4 × AED 25.00". */
  plan: Message;
  interval: Record<(typeof INSTALMENT_INTERVALS)[number], string>;
  /** {provider}, {amount} */
  availableFrom: Message;
  /** {provider}, {amount} */
  availableUpTo: Message;
  noProvider: string;
  /** What stands in for everything when the form's chunk, which has every other failure's words, cannot be fetched. */
  failures: Record<'bff_unreachable', string>;
  retry: string;
}

/**
 * The words of the details form and of what follows (a failure, the order placed): English's come with the form's
 * chunk (en-form.ts), every other language's in its one catalogue.
 */
export interface FormStrings {
  customerLegend: string;
  billingLegend: string;
  shippingLegend: string;
  sameAsBilling: string;
  fields: Record<FieldName | 'shippingMethod', string>;
  /** {label}: a field's label when the field may stay empty. */
  optional: Message;
  shippingMethods: Record<(typeof SHIPPING_METHODS)[number], string>;
  /** The submit button, {amount} and {provider}: "Pay AED 100.00 with Tabby". */
  pay: Message;
  /** {amount}: said when a refresh finds a new total (the cart changed). */
  totalChanged: Message;
  submitting: string;
  /** {provider} */
  redirecting: Message;
  /** {provider}: the host page took over after the order was placed. */
  handedOff: Message;
  /** Beside a field; "invalid" also for a value the BFF refused for a reason the widget's checks do not know. */
  errors: Record<ErrorKind, Message>;
  /** {count} */
  fixFields: Message;
  /**
   * By the opi-error code they explain; generic for any other code trying again may help, stopped for one it cannot
   * (no retry is offered then); provider_not_eligible_alone when no other provider is offered.
   */
  failures: Record<
    Exclude<FailureCode, 'bff_unreachable'> | 'generic' | 'stopped' | 'provider_not_eligible_alone',
    string
  >;
}

/** Every word of the checkout: what a language's catalogue holds. */
export interface Strings extends Omit<PaintStrings, 'failures'>, Omit<FormStrings, 'failures'> {
  failures: PaintStrings['failures'] & FormStrings['failures'];
}

/** What a host page may give: any message, or some messages of a group, in whatever language is active. */
export type StringOverrides = Overrides<Strings>;
