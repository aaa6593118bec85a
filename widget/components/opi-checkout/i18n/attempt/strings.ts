// The shape of the words for a shopper back from the provider (../../attempt.ts): how the session's latest attempt
// ended, why where the provider said, and what the checkout did about it. {provider} is the provider's display name.
import type { AttemptOutcome, AttemptReason } from '../../../../../shared/schemas/checkout-api.js';
import type { Words } from '../../../../internal/i18n.js';

export interface AttemptStrings extends Words {
  /** {provider}: each a whole sentence that says whether money was taken. */
  outcomes: Record<AttemptOutcome, string>;
  /** Why, in the shopper's terms; a reason the BFF could not class says nothing more. */
  reasons: Record<AttemptReason, string>;
  /** {provider}: after a decline or a failure, the provider chosen for the next attempt. */
  next: string;
  /** When the same provider is chosen again (after a cancel or an expiry, or the only one offered). */
  again: string;
}
