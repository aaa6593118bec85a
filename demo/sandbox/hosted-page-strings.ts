// The hosted page's words, in the order's language (English, and Arabic right to left), as a provider's own page
// would speak to the shopper. The upstream status names (SUCCESSFUL, PENDING...) stay as they are: they are what the
// tester is choosing. Amounts use Western digits in every language, as the demo shop does.
import type { InstalmentInterval } from './catalogue.js';
import type { DecisionOutcome, OrderStatus } from './types.js';
import { ADVERBS } from './plans.js';

export interface PageStrings {
  lang: 'en' | 'ar';
  dir: 'ltr' | 'rtl';
  payWith: (provider: string) => string;
  sandboxNotice: (provider: string, name: string) => string;
  order: string;
  error: string;
  amount: string;
  plan: string;
  planText: (count: number, interval: InstalmentInterval, first: string, last: string) => string;
  outcome: string;
  outcomes: Record<DecisionOutcome, string>;
  status: string;
  initialResponse: string;
  instant: string;
  instantHint: string;
  pending: string;
  pendingHint: (seconds: number) => string;
  complete: string;
  scenarioNotice: (scenario: string) => string;
  results: Record<OrderStatus, string>;
  cancelledBySystem: string;
}

const AR_INTERVALS: Record<InstalmentInterval, string> = { week: 'أسبوعية', fortnight: 'كل أسبوعين', month: 'شهرية' };

const EN: PageStrings = {
  lang: 'en',
  dir: 'ltr',
  payWith: (provider) => `Pay with ${provider}`,
  sandboxNotice: (provider, name) => `Sandbox stand-in for ${provider} (${name}). No real payment is made.`,
  order: 'Order',
  error: 'Error',
  amount: 'Amount',
  plan: 'Plan',
  planText: (count, interval, first, last) =>
    first === last
      ? `${count} ${ADVERBS[interval]} payments of ${first}`
      : `${count} ${ADVERBS[interval]} payments: ${count - 1} of ${first}, then ${last}`,
  outcome: 'Outcome',
  outcomes: {
    approve: 'Approve',
    decline: 'Decline',
    cancel: 'Cancel, as the shopper',
    error: 'Provider error',
    'error-then-approve': 'Provider error, then approved',
    'error-then-decline': 'Provider error, then declined',
  },
  status: 'status',
  initialResponse: 'Initial response',
  instant: 'Instant',
  instantHint: 'the final status goes straight back to the shop',
  pending: 'Pending',
  pendingHint: (seconds) => `the shop first gets PENDING; the final status follows by callback after ${seconds} s`,
  complete: 'Complete payment',
  scenarioNotice: (scenario) =>
    `Test scenario “${scenario}”, chosen by the order’s test data: there is nothing to choose.`,
  results: {
    PENDING: 'Payment pending: the provider has not given its final answer yet.',
    SUCCESSFUL: 'Payment approved.',
    DECLINED: 'Payment declined by the provider.',
    CANCELLED: 'Payment cancelled.',
    ERROR: 'The provider reported an error.',
  },
  cancelledBySystem: 'Order cancelled by the system: it was not paid in time.',
};

const AR: PageStrings = {
  lang: 'ar',
  dir: 'rtl',
  payWith: (provider) => `الدفع عبر ${provider}`,
  sandboxNotice: (provider, name) => `صفحة تجريبية بدلًا من ${provider} (${name}). لا يُجرى أي دفع حقيقي.`,
  order: 'الطلب',
  error: 'خطأ',
  amount: 'المبلغ',
  plan: 'خطة الدفع',
  planText: (count, interval, first, last) =>
    first === last
      ? `${count} دفعات ${AR_INTERVALS[interval]} بقيمة ${first}`
      : `${count} دفعات ${AR_INTERVALS[interval]}: ${count - 1} بقيمة ${first}، ثم ${last}`,
  outcome: 'النتيجة',
  outcomes: {
    approve: 'موافقة',
    decline: 'رفض',
    cancel: 'إلغاء من المتسوّق',
    error: 'خطأ لدى المزوّد',
    'error-then-approve': 'خطأ لدى المزوّد، ثم موافقة',
    'error-then-decline': 'خطأ لدى المزوّد، ثم رفض',
  },
  status: 'الحالة',
  initialResponse: 'الرد الأول',
  instant: 'فوري',
  instantHint: 'تعود الحالة النهائية إلى المتجر فورًا',
  pending: 'معلّق',
  pendingHint: (seconds) => `يتلقى المتجر أولًا PENDING، ثم تصل الحالة النهائية عبر الاستدعاء بعد ${seconds} ث`,
  complete: 'إتمام الدفع',
  scenarioNotice: (scenario) => `سيناريو اختبار «${scenario}» اختارته بيانات الطلب التجريبية: لا شيء لتختاره.`,
  results: {
    PENDING: 'الدفع معلّق: لم يقدّم المزوّد رده النهائي بعد.',
    SUCCESSFUL: 'تمت الموافقة على الدفع.',
    DECLINED: 'رفض المزوّد الدفع.',
    CANCELLED: 'تم إلغاء الدفع.',
    ERROR: 'أبلغ المزوّد عن خطأ.',
  },
  cancelledBySystem: 'ألغى النظام الطلب: لم يُدفع في الوقت المحدد.',
};

/** The page's words for an order's locale ("ar_SA" -> Arabic; anything else English). */
export const pageStrings = (locale: string): PageStrings => (locale.toLowerCase().startsWith('ar') ? AR : EN);
