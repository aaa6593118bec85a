import type { PlanStrings } from './strings.js';

const words: PlanStrings = {
  lang: 'ms',
  total: 'Jumlah {amount}',
  interestFree: 'tanpa faedah',
  interest: 'faedah {rate}%',
  fees: 'caj mungkin dikenakan',
  noFees: 'tiada caj',
  lateFees: 'caj lewat mungkin dikenakan',
  schedule: 'Jadual bayaran dengan {provider}',
  terms: 'Terma',
  declined: 'menolak bayaran ini',
};

export default words;
