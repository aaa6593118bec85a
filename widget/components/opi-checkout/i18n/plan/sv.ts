import type { PlanStrings } from './strings.js';

const words: PlanStrings = {
  lang: 'sv',
  total: 'Totalt {amount}',
  interestFree: 'räntefritt',
  interest: '{rate} % ränta',
  fees: 'avgifter kan tillkomma',
  noFees: 'inga avgifter',
  lateFees: 'förseningsavgifter kan tillkomma',
  schedule: 'Betalningsplan med {provider}',
  terms: 'Villkor',
  declined: 'nekade den här betalningen',
};

export default words;
