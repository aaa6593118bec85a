// <opi-instalments>'s catalogue. Amounts and counts arrive formatted by Intl in the shopper's locale.
import type { INSTALMENT_INTERVALS } from '../../../../shared/checkout-api.js';
import type { Overrides } from '../../../internal/i18n.js';

export interface InstalmentStrings {
  /** Before the provider's logo or name: "or 4 × AED 25.00 interest-free with". */
  offer: (plan: string, interestFree: boolean) => string;
  /** "4 × AED 25.00": the count and the amount, both formatted. */
  plan: (count: string, amount: string) => string;
  interval: Record<(typeof INSTALMENT_INTERVALS)[number], string>;
  /** When the amount is under every provider's minimum. */
  availableFrom: (amount: string) => string;
  learnMore: string;
  dialogTitle: string;
  interestFree: string;
  close: string;
}

export type InstalmentStringOverrides = Overrides<InstalmentStrings>;
