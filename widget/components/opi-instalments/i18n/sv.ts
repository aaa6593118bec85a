import type { InstalmentStrings } from './strings.js';

const sv: InstalmentStrings = {
  lang: 'sv',
  offer: 'eller {plan} med {provider}',
  offerInterestFree: 'eller {plan} räntefritt med {provider}',
  plan: '{count} × {amount}',
  interval: { day: 'varje dag', week: 'varje vecka', fortnight: 'varannan vecka', month: 'varje månad' },
  availableFrom: 'Delbetalning för beställningar från {amount}',
  learnMore: 'Läs mer',
  dialogTitle: 'Delbetalning',
  interestFree: 'Räntefritt',
  close: 'Stäng',
};

export default sv;
