import type { InstalmentStrings } from './strings.js';

export const ar: InstalmentStrings = {
  offer: (plan, interestFree) => `أو ${plan}${interestFree ? ' بدون فوائد' : ''} مع`,
  plan: (n, amount) => `${n} × ${amount}`,
  interval: { day: 'يوميًا', week: 'أسبوعيًا', fortnight: 'كل أسبوعين', month: 'شهريًا' },
  availableFrom: (amount) => `الدفع بالتقسيط متاح للطلبات ابتداءً من ${amount}`,
  learnMore: 'اعرف المزيد',
  dialogTitle: 'الدفع بالتقسيط',
  interestFree: 'بدون فوائد',
  close: 'إغلاق',
};
