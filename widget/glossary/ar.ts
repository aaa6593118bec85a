import type { Glossary } from './glossary.js';

const ar: Glossary = {
  name: 'العربية',
  sources: [
    'Tabby (tabby.ai/ar-AE): «قسّم مشترياتك على 4 دفعات بدون فوائد»',
    'Tamara (tamara.co/ar-SA): «قسّمها على 4 دفعات بدون فوائد أو رسوم»',
    'Noon and Amazon.ae checkout in Arabic: «عنوان الفوترة»، «الرمز البريدي»، «طريقة الدفع»',
  ],
  notes: [
    'Modern Standard Arabic, addressing the shopper in the masculine singular imperative, as Gulf checkouts do.',
    'Counts are written as "label: n", which reads naturally for every number, so no plural forms are needed.',
    'Digits follow the locale (ar-SA Arabic-Indic, ar-AE Latin); no number is written into the text itself.',
  ],
  terms: {
    instalment: ['التقسيط', 'دفعات'],
    'interest-free': ['بدون فوائد'],
    'pay later': ['ادفع لاحقًا'],
    'billing address': ['عنوان الفوترة'],
    'postal code': ['الرمز البريدي'],
    'payment option': ['خيار الدفع', 'خيارات الدفع', 'خيار دفع'],
    'payment provider': ['مزوّد الدفع'],
    checkout: ['صفحة الدفع', 'جلسة الدفع', 'الدفع'],
    order: ['الطلب', 'طلب'],
    delivery: ['التوصيل', 'توصيل', 'تسليم'],
    shipping: ['الشحن'],
    'try again': ['حاول مرة أخرى'],
  },
};

export default ar;
