import type { InstalmentStrings } from './strings.js';

const de: InstalmentStrings = {
  lang: 'de',
  offer: 'oder {plan} mit {provider}',
  offerInterestFree: 'oder {plan} zinsfrei mit {provider}',
  plan: '{count} × {amount}',
  interval: { day: 'täglich', week: 'wöchentlich', fortnight: 'alle zwei Wochen', month: 'monatlich' },
  availableFrom: 'Ratenzahlung für Bestellungen ab {amount}',
  learnMore: 'Mehr erfahren',
  dialogTitle: 'In Raten bezahlen',
  interestFree: 'Zinsfrei',
  close: 'Schließen',
};

export default de;
