// The shape of <opi-instalments>'s catalogue (see the checkout's for the message format). Amounts arrive
// formatted for the shopper's locale; {count} is written in the same digits.
import type { INSTALMENT_INTERVALS } from '../../../../shared/schemas/checkout-api.js';
import type { Message, Overrides, Words } from '../../../internal/i18n.js';

export interface InstalmentStrings extends Words {
  /** {plan} and {provider}, where the provider's logo or name goes: "or 4 × AED 25.00 with [Tabby]". */
  offer: Message;
  /** The same for a plan without interest: "or 4 × AED 25.00 interest-free with [Tabby]". */
  offerInterestFree: Message;
  /** {count} × {amount}: "4 × AED 25.00". */
  plan: Message;
  interval: Record<(typeof INSTALMENT_INTERVALS)[number], string>;
  /** {amount}: when the amount is under every provider's minimum. */
  availableFrom: Message;
  learnMore: string;
  dialogTitle: string;
  interestFree: string;
  close: string;
}

export type InstalmentStringOverrides = Overrides<InstalmentStrings>;
