import type { PlanStrings } from './strings.js';

const words: PlanStrings = {
  lang: 'ar',
  total: 'الإجمالي {amount}',
  interestFree: 'بدون فوائد',
  interest: 'فائدة {rate}%',
  fees: 'قد تُفرض رسوم',
  noFees: 'بدون رسوم',
  lateFees: 'قد تُفرض رسوم تأخير',
  schedule: 'جدول الدفعات مع {provider}',
  terms: 'الشروط',
  declined: 'رفض هذه الدفعة',
};

export default words;
