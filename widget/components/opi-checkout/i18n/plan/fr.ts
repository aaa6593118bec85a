import type { PlanStrings } from './strings.js';

const words: PlanStrings = {
  lang: 'fr',
  total: 'Total {amount}',
  interestFree: 'sans intérêts',
  interest: '{rate} % d’intérêts',
  fees: 'des frais peuvent s’appliquer',
  noFees: 'sans frais',
  lateFees: 'des frais de retard peuvent s’appliquer',
  schedule: 'Échéancier avec {provider}',
  terms: 'Conditions',
  declined: 'a refusé ce paiement',
};

export default words;
