import type { Strings } from './strings.js';

// Arabic has six plural forms; Intl.PluralRules picks one. Digits stay Western, as the Gulf locales' amounts do.
const plural = (n: number, forms: Record<Intl.LDMLPluralRule, string>): string =>
  forms[new Intl.PluralRules('ar').select(n)].replace('{n}', String(n));

export const ar: Strings = {
  loading: 'جارٍ تحميل خيارات الدفع…',
  providersLegend: 'اختر طريقة الدفع',
  providerCount: (n) =>
    plural(n, {
      zero: 'لا يتوفر أي خيار دفع',
      one: 'يتوفر خيار دفع واحد',
      two: 'يتوفر خيارا دفع',
      few: 'تتوفر {n} خيارات دفع',
      many: 'يتوفر {n} خيارًا للدفع',
      other: 'يتوفر {n} خيار دفع',
    }),
  recommended: 'موصى به',
  plan: (n, amount) => `${n} × ${amount}`,
  interval: { day: 'يوميًا', week: 'أسبوعيًا', fortnight: 'كل أسبوعين', month: 'شهريًا' },
  interestFree: 'بدون فوائد',
  interest: (rate) => `فائدة ${rate}`,
  availableFrom: (provider, amount) => `${provider}: متاح ابتداءً من ${amount}`,
  availableUpTo: (provider, amount) => `${provider}: متاح حتى ${amount}`,
  noProvider: 'لا يتوفر أي خيار دفع لهذا الطلب.',
  customerLegend: 'بياناتك',
  billingLegend: 'عنوان الفوترة',
  shippingLegend: 'الشحن',
  sameAsBilling: 'الشحن إلى عنوان الفوترة',
  fields: {
    title: 'اللقب',
    firstName: 'الاسم الأول',
    lastName: 'اسم العائلة',
    email: 'البريد الإلكتروني',
    phoneNumber: 'رقم الهاتف',
    streetAddress: 'العنوان',
    streetAddress2: 'الشقة أو الجناح أو المبنى',
    city: 'المدينة',
    state: 'الولاية أو الإمارة',
    postalCode: 'الرمز البريدي',
    country: 'الدولة',
    shippingMethod: 'طريقة التوصيل',
  },
  optional: (label) => `${label} (اختياري)`,
  shippingMethods: { delivery: 'توصيل', store: 'الاستلام من المتجر', digital: 'منتج رقمي، لا شيء للشحن', pickup: 'نقطة استلام' },
  pay: (amount, provider) => `ادفع ${amount} عبر ${provider}`,
  submitting: 'جارٍ تقديم طلبك…',
  redirecting: (provider) => `جارٍ نقلك إلى ${provider}…`,
  handedOff: (provider) => `تم تقديم طلبك. تابع مع ${provider}.`,
  errors: {
    required: 'املأ هذا الحقل.',
    email: 'أدخل بريدًا إلكترونيًا مثل name@example.com.',
    phone: 'أدخل رقم هاتف من 6 إلى 15 رقمًا.',
    country: 'اختر دولة.',
    choice: 'اختر أحد الخيارات.',
    invalid: 'تحقق من هذا الحقل.',
    tooLong: (max) => `استخدم ${max} حرفًا على الأكثر.`,
    // The BFF's own text is English; an Arabic page says only that the field was refused.
    rejected: () => 'لم يُقبل هذا الحقل. تحقق منه.',
  },
  fixFields: (n) =>
    plural(n, {
      zero: 'لا توجد حقول تحتاج إلى مراجعة.',
      one: 'حقل واحد يحتاج إلى مراجعة.',
      two: 'حقلان يحتاجان إلى مراجعة.',
      few: '{n} حقول تحتاج إلى مراجعة.',
      many: '{n} حقلًا يحتاج إلى مراجعة.',
      other: '{n} حقل يحتاج إلى مراجعة.',
    }),
  failures: {
    unreachable: 'تعذّر الوصول إلى صفحة الدفع. تحقق من اتصالك وحاول مرة أخرى.',
    expired: 'انتهت صلاحية جلسة الدفع. عد إلى المتجر للبدء من جديد.',
    completed: 'اكتملت عملية الدفع هذه بالفعل.',
    notFound: 'تعذّر العثور على جلسة الدفع. عد إلى المتجر للبدء من جديد.',
    notEligible: 'لا يمكن لخيار الدفع هذا قبول هذا الطلب. اختر خيارًا آخر.',
    upstream: 'لم يستجب مزوّد الدفع. حاول مرة أخرى.',
    unsafeRedirect: 'تعذّر الانتقال إلى مزوّد الدفع. لم يتم خصم أي مبلغ.',
    generic: 'حدث خطأ ما. حاول مرة أخرى.',
  },
  retry: 'حاول مرة أخرى',
};
