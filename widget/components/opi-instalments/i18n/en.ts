import type { InstalmentStrings } from './strings.js';

export const en: InstalmentStrings = {
  offer: (plan, interestFree) => `or ${plan}${interestFree ? ' interest-free' : ''} with`,
  plan: (count, amount) => `${count} × ${amount}`,
  interval: { day: 'daily', week: 'weekly', fortnight: 'every 2 weeks', month: 'monthly' },
  availableFrom: (amount) => `Pay in instalments on orders from ${amount}`,
  learnMore: 'Learn more',
  dialogTitle: 'Pay in instalments',
  interestFree: 'Interest-free',
  close: 'Close',
};
