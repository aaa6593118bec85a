import type { InstalmentStrings } from './strings.js';

export const en: InstalmentStrings = {
  lang: 'en',
  offer: 'or {plan} with {provider}',
  offerInterestFree: 'or {plan} interest-free with {provider}',
  plan: '{count} × {amount}',
  interval: { day: 'daily', week: 'weekly', fortnight: 'every 2 weeks', month: 'monthly' },
  availableFrom: 'Pay in instalments on orders from {amount}',
  learnMore: 'Learn more',
  dialogTitle: 'Pay in instalments',
  interestFree: 'Interest-free',
  close: 'Close',
};
