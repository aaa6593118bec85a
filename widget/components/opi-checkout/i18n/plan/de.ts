import type { PlanStrings } from './strings.js';

const words: PlanStrings = {
  lang: 'de',
  total: 'Gesamt {amount}',
  interestFree: 'zinsfrei',
  interest: '{rate} % Zinsen',
  fees: 'Gebühren möglich',
  noFees: 'keine Gebühren',
  lateFees: 'Verzugsgebühren möglich',
  schedule: 'Zahlungsplan mit {provider}',
  terms: 'Bedingungen',
  declined: 'hat diese Zahlung abgelehnt',
};

export default words;
