import type { Glossary } from './glossary.js';

const ar: Glossary = {
  name: 'العربية',
  sources: [
    'f7ads.com, "تابي (Tabby): الشراء الآن والدفع لاحقًا" (https://f7ads.com/2023/05): "الدفع لاحقًا إمّا على دفعات بدون فوائد"',
    'acwsubni.com on Tabby and Tamara (https://acwsubni.com/post/98456): "الأقساط الشهرية", "الدفع بالتقسيط"',
    'Billing address, postal code, order and shipping words: the Arabic of Gulf e-commerce checkouts, from general knowledge of the market',
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
