import type { InstalmentStrings } from './strings.js';

const ar: InstalmentStrings = {
  lang: 'ar',
  offer: 'أو {plan} مع {provider}',
  offerInterestFree: 'أو {plan} بدون فوائد مع {provider}',
  plan: '{count} × {amount}',
  interval: { day: 'يوميًا', week: 'أسبوعيًا', fortnight: 'كل أسبوعين', month: 'شهريًا' },
  availableFrom: 'الدفع بالتقسيط متاح للطلبات ابتداءً من {amount}',
  learnMore: 'اعرف المزيد',
  dialogTitle: 'الدفع بالتقسيط',
  interestFree: 'بدون فوائد',
  close: 'إغلاق',
};

export default ar;
