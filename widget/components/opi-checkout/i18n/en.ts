// English, the words of the first paint; the form's come in a chunk of their own with the form (en-form.ts).
import type { PaintStrings } from './strings.js';

export const en: PaintStrings = {
  lang: 'en',
  loading: 'Loading payment options…',
  providersLegend: 'Choose how to pay',
  providerCount: { one: '{count} payment option available', other: '{count} payment options available' },
  recommended: 'Recommended',
  plan: '{count} × {amount}',
  interval: { day: 'daily', week: 'weekly', fortnight: 'every 2 weeks', month: 'monthly' },
  availableFrom: '{provider}: available from {amount}',
  availableUpTo: '{provider}: available up to {amount}',
  noProvider: 'No payment option is available for this order.',
  failures: {
    bff_unreachable: 'We could not reach the checkout. Try again.',
  },
  retry: 'Try again',
};
