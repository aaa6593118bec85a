import type { InstalmentStrings } from './strings.js';

const fil: InstalmentStrings = {
  lang: 'fil',
  offer: 'o {plan} gamit ang {provider}',
  offerInterestFree: 'o {plan} na walang interest gamit ang {provider}',
  plan: '{count} × {amount}',
  interval: { day: 'araw-araw', week: 'kada linggo', fortnight: 'kada dalawang linggo', month: 'kada buwan' },
  availableFrom: 'May installment para sa mga order na {amount} pataas',
  learnMore: 'Alamin pa',
  dialogTitle: 'Magbayad nang installment',
  interestFree: 'Walang interest',
  close: 'Isara',
};

export default fil;
