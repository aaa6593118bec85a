// The shape of the words for each plan's cost (../../plan-cost.ts): what the shopper pays in all, the interest and
// the fees as the options state them, and the chosen plan's schedule.
import type { Message, Words } from '../../../../internal/i18n.js';

export interface PlanStrings extends Words {
  /** {amount}: the instalments added up. */
  total: Message;
  interestFree: string;
  /** {rate}: the interest rate the options give, a number ("2.5"). */
  interest: Message;
  /** The options say the provider may charge the shopper fees; or that it charges none. */
  fees: string;
  noFees: string;
  /** The options say the provider may charge late fees. */
  lateFees: string;
  /** {provider}: the chosen plan's schedule, behind a disclosure. */
  schedule: Message;
  /** The provider's terms, where the options give them as a link. */
  terms: string;
  /** Beside a provider that declined an attempt of this checkout (it may be chosen again). */
  declined: string;
}
