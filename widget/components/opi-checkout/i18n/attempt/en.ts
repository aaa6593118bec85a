import type { AttemptStrings } from './strings.js';

const en: AttemptStrings = {
  lang: 'en',
  outcomes: {
    declined: '{provider} did not approve this payment. No money was taken.',
    cancelled: 'You left {provider} before paying. No money was taken.',
    failed: '{provider} could not take this payment. No money was taken.',
    expired: 'The time to pay with {provider} ran out. No money was taken.',
    pending:
      '{provider} is still confirming your payment. No money has been taken yet; this page updates when it is done.',
  },
  reasons: {
    credit_check: 'It did not pass their credit check.',
    verification: 'They could not verify your identity.',
    provider_error: 'They had a technical problem.',
  },
  next: 'Your details are filled in: pay with {provider} below.',
  again: 'Your details are filled in: pay below when you are ready.',
};

export default en;
