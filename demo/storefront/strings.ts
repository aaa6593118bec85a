// The shop's own words in English and Arabic (the merchant console is English only: it is a back office).
import type { OrderStatus } from '../../shared/status.js';

/** What a result page says: the order's status, or `authorised` and `refunded` for a paid order's money. */
export type ResultKey = OrderStatus | 'authorised' | 'voided' | 'refunded';
import type { Language } from './catalogue.js';

export interface ShopStrings {
  shopName: string;
  shopDescription: string;
  skipToContent: string;
  navLabel: string;
  navShop: string;
  navCart: (count: number) => string;
  navConsole: string;
  market: string;
  changeMarket: string;
  /** The other language's name, written in that language. */
  otherLanguage: string;
  productsHeading: string;
  pricesNote: string;
  quantity: string;
  addToCart: (name: string) => string;
  cartHeading: string;
  cartEmpty: string;
  invalidCartItem: string;
  product: string;
  price: string;
  lineTotal: string;
  update: string;
  actions: string;
  remove: (name: string) => string;
  items: string;
  shipping: string;
  total: string;
  checkout: string;
  continueShopping: string;
  checkoutHeading: string;
  orderSummary: string;
  discount: string;
  couponLabel: string;
  /** The demo's hint: which code to try. */
  couponHint: (code: string) => string;
  applyCoupon: string;
  couponApplied: (code: string) => string;
  couponUnknown: string;
  paymentHeading: string;
  emptyForm: string;
  demoShopperForm: string;
  /** The demo's "authorise now, capture later" switch (a session with autoCapture false). */
  captureLater: string;
  captureAtPayment: string;
  captureLaterNote: string;
  serviceUnavailable: string;
  requestRefused: string;
  /** By what the shopper should be told: the order's status, or for a paid order its payment state where it differs. */
  resultHeading: Record<ResultKey, string>;
  resultDetail: Record<ResultKey, string>;
  /** On hold for another reason than the amount: the shopper's second payment for one checkout, or an unreadable amount. */
  secondPaymentHeld: string;
  amountBeingChecked: string;
  orderReference: string;
  amount: string;
  provider: string;
  status: string;
  checkAgain: string;
  tryAgain: string;
  /** The declined page's heading, naming who declined. */
  declinedBy: (provider: string) => string;
  notFoundHeading: string;
  notFoundDetail: string;
}

const en: ShopStrings = {
  shopName: 'Opi Souk',
  shopDescription: 'Opi Souk, a demo shop: brass lanterns, palm-leaf totes and more, paid later or in instalments.',
  skipToContent: 'Skip to content',
  navLabel: 'Main',
  navShop: 'Shop',
  navCart: (count) => `Cart (${count})`,
  navConsole: 'Merchant console',
  market: 'Market',
  changeMarket: 'Change market',
  otherLanguage: 'العربية',
  productsHeading: 'Handmade goods, paid in instalments',
  pricesNote: 'Prices include VAT. Flat-rate delivery.',
  quantity: 'Quantity',
  addToCart: (name) => `Add ${name} to cart`,
  cartHeading: 'Your cart',
  cartEmpty: 'Your cart is empty.',
  invalidCartItem: 'Choose a product and a whole quantity.',
  product: 'Product',
  price: 'Price',
  lineTotal: 'Total',
  update: 'Update',
  actions: 'Actions',
  remove: (name) => `Remove ${name}`,
  items: 'Items',
  shipping: 'Delivery',
  total: 'Total',
  checkout: 'Check out',
  continueShopping: 'Continue shopping',
  checkoutHeading: 'Checkout',
  orderSummary: 'Order summary',
  discount: 'Discount',
  couponLabel: 'Coupon code',
  couponHint: (code) => `Try ${code}: 10% off the items.`,
  applyCoupon: 'Apply',
  couponApplied: (code) => `${code} applied: the total is updated.`,
  couponUnknown: 'This code is not valid.',
  paymentHeading: 'Pay later or in instalments',
  emptyForm: 'Check out as a new shopper (empty form)',
  demoShopperForm: 'Fill in the demo shopper',
  captureLater: 'Authorise now, capture later (from the merchant console)',
  captureAtPayment: 'Capture at payment instead',
  captureLaterNote: 'Authorise only: the payment is captured later, from the merchant console.',
  serviceUnavailable: 'The payment service cannot be reached right now. Please try again in a moment.',
  requestRefused: 'This request could not be handled.',
  resultHeading: {
    paid: 'Thank you, your order is paid',
    pending: 'Your payment is being confirmed',
    error: 'Your payment ran into a problem',
    initiated: 'Waiting for your payment',
    declined: 'The payment was declined',
    cancelled: 'The payment was cancelled',
    failed: 'The payment did not go through',
    on_hold: 'Your order is on hold',
    authorised: 'Thank you, your payment is authorised',
    voided: 'Your payment authorisation was released',
    refunded: 'Your payment was refunded',
  },
  resultDetail: {
    paid: 'We have received the payment confirmation. Your order is on its way.',
    pending: 'The provider is still confirming. This page checks again by itself.',
    error:
      'The provider reported a problem and may still confirm this payment. This page checks again by itself. If you pay again meanwhile and both payments go through, contact us to have one refunded.',
    initiated: 'The payment has not been completed yet. This page checks again by itself.',
    declined: 'Nothing was charged. You can choose another way to pay.',
    cancelled: 'Nothing was charged. You can choose another way to pay.',
    failed: 'Nothing was charged. You can try again or choose another way to pay.',
    on_hold: 'The amount paid does not match the order. Our team will contact you.',
    authorised: 'The provider has approved your payment. You will be charged when your order ships.',
    voided: 'You have not been charged.',
    refunded: 'The full amount is on its way back to you.',
  },
  secondPaymentHeld:
    'This checkout had already been paid: this second payment is held, to be refunded. Our team will contact you.',
  amountBeingChecked: 'We are checking the amount of your payment. Our team will contact you.',
  orderReference: 'Order reference',
  amount: 'Amount',
  provider: 'Payment method',
  status: 'Status',
  checkAgain: 'Check again',
  tryAgain: 'Choose another way to pay',
  declinedBy: (provider) => `Payment declined by ${provider}`,
  notFoundHeading: 'Page not found',
  notFoundDetail: 'We could not find what you were looking for.',
};

const ar: ShopStrings = {
  shopName: 'سوق أوبي',
  shopDescription: 'سوق أوبي، متجر تجريبي: فوانيس نحاسية وحقائب من سعف النخيل وغيرها، ادفع لاحقًا أو بالتقسيط.',
  skipToContent: 'انتقل إلى المحتوى',
  navLabel: 'القائمة الرئيسية',
  navShop: 'المتجر',
  navCart: (count) => `السلة (${count})`,
  navConsole: 'لوحة التاجر',
  market: 'السوق',
  changeMarket: 'تغيير السوق',
  otherLanguage: 'English',
  productsHeading: 'منتجات يدوية، ادفع بالتقسيط',
  pricesNote: 'الأسعار تشمل ضريبة القيمة المضافة. رسوم توصيل ثابتة.',
  quantity: 'الكمية',
  addToCart: (name) => `أضف ${name} إلى السلة`,
  cartHeading: 'سلة التسوق',
  cartEmpty: 'سلة التسوق فارغة.',
  invalidCartItem: 'اختر منتجًا وكمية صحيحة.',
  product: 'المنتج',
  price: 'السعر',
  lineTotal: 'المجموع',
  update: 'تحديث',
  actions: 'إجراءات',
  remove: (name) => `إزالة ${name}`,
  items: 'المنتجات',
  shipping: 'التوصيل',
  total: 'الإجمالي',
  checkout: 'إتمام الشراء',
  continueShopping: 'متابعة التسوق',
  checkoutHeading: 'إتمام الشراء',
  orderSummary: 'ملخص الطلب',
  discount: 'الخصم',
  couponLabel: 'رمز القسيمة',
  couponHint: (code) => `جرّب ${code}: خصم 10% على المنتجات.`,
  applyCoupon: 'تطبيق',
  couponApplied: (code) => `تم تطبيق ${code}: تم تحديث الإجمالي.`,
  couponUnknown: 'هذا الرمز غير صالح.',
  paymentHeading: 'ادفع لاحقًا أو بالتقسيط',
  emptyForm: 'الشراء كمتسوق جديد (نموذج فارغ)',
  demoShopperForm: 'تعبئة بيانات المتسوق التجريبي',
  captureLater: 'التفويض الآن والتحصيل لاحقًا (من لوحة التاجر)',
  captureAtPayment: 'التحصيل عند الدفع بدلًا من ذلك',
  captureLaterNote: 'تفويض فقط: يُحصَّل المبلغ لاحقًا من لوحة التاجر.',
  serviceUnavailable: 'تعذّر الوصول إلى خدمة الدفع الآن. يُرجى المحاولة بعد قليل.',
  requestRefused: 'تعذّر تنفيذ هذا الطلب.',
  resultHeading: {
    paid: 'شكرًا لك، تم دفع طلبك',
    pending: 'جارٍ تأكيد الدفع',
    error: 'واجهت عملية الدفع مشكلة',
    initiated: 'بانتظار الدفع',
    declined: 'تم رفض الدفع',
    cancelled: 'تم إلغاء الدفع',
    failed: 'لم تتم عملية الدفع',
    on_hold: 'طلبك معلّق',
    authorised: 'شكرًا لك، تمت الموافقة على الدفع',
    voided: 'تم إلغاء تفويض الدفع',
    refunded: 'تم استرداد المبلغ',
  },
  resultDetail: {
    paid: 'استلمنا تأكيد الدفع، وطلبك في الطريق إليك.',
    pending: 'ما زال مزوّد الدفع يؤكد العملية. ستتحقق هذه الصفحة مجددًا تلقائيًا.',
    error:
      'أبلغ مزوّد الدفع عن مشكلة، وقد يؤكد هذا الدفع لاحقًا. ستتحقق هذه الصفحة مجددًا تلقائيًا. إذا دفعت مرة أخرى في هذه الأثناء ونجحت العمليتان، فتواصل معنا لاسترداد إحداهما.',
    initiated: 'لم تكتمل عملية الدفع بعد. ستتحقق هذه الصفحة مجددًا تلقائيًا.',
    declined: 'لم يُخصم أي مبلغ. يمكنك اختيار طريقة دفع أخرى.',
    cancelled: 'لم يُخصم أي مبلغ. يمكنك اختيار طريقة دفع أخرى.',
    failed: 'لم يُخصم أي مبلغ. يمكنك المحاولة مجددًا أو اختيار طريقة دفع أخرى.',
    on_hold: 'المبلغ المدفوع لا يطابق الطلب. سيتواصل معك فريقنا.',
    authorised: 'وافق مزوّد الدفع على عملية الدفع، وسيُخصم المبلغ عند شحن طلبك.',
    voided: 'لم يُخصم منك أي مبلغ.',
    refunded: 'المبلغ كاملًا في طريقه إليك.',
  },
  secondPaymentHeld: 'كان هذا الطلب مدفوعًا من قبل: هذه الدفعة الثانية معلّقة لاستردادها. سيتواصل معك فريقنا.',
  amountBeingChecked: 'نتحقق من مبلغ دفعتك. سيتواصل معك فريقنا.',
  orderReference: 'رقم الطلب',
  amount: 'المبلغ',
  provider: 'طريقة الدفع',
  status: 'الحالة',
  checkAgain: 'تحقق مجددًا',
  tryAgain: 'اختر طريقة دفع أخرى',
  declinedBy: (provider) => `رفض ${provider} عملية الدفع`,
  notFoundHeading: 'الصفحة غير موجودة',
  notFoundDetail: 'لم نجد ما تبحث عنه.',
};

export const STRINGS: Record<Language, ShopStrings> = { en, ar };
