import type { PlanStrings } from './strings.js';

const en: PlanStrings = {
  lang: 'en',
  total: 'Total {amount}',
  interestFree: 'interest-free',
  interest: '{rate}% interest',
  fees: 'fees may apply',
  noFees: 'no fees',
  lateFees: 'late fees may apply',
  schedule: 'Payment schedule with {provider}',
  terms: 'Terms',
  declined: 'declined this payment',
};

export default en;
