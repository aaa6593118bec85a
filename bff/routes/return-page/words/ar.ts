import type { ReturnPageWords } from './words.js';

const ar: ReturnPageWords = {
  notFound: {
    title: 'تعذّر العثور على هذه الدفعة',
    message: 'الرابط الذي اتبعته لا يطابق أي طلب في هذا المتجر. يُرجى العودة إلى المتجر والتحقق من طلبك هناك.',
  },
  damaged: {
    title: 'هذا الرابط تالف',
    message: 'عنوان هذه الصفحة ناقص أو تم تغييره. يُرجى العودة إلى المتجر والتحقق من طلبك هناك.',
  },
  tooMany: {
    title: 'محاولات كثيرة جدًا',
    message: 'يُرجى الانتظار لحظة ثم العودة إلى المتجر، حيث ستجد حالة طلبك.',
  },
  unavailable: {
    title: 'تعذّر تأكيد دفعتك الآن',
    message: 'يُرجى العودة إلى المتجر بعد قليل، حيث ستجد حالة طلبك.',
  },
  payPage: {
    title: 'الدفع إلى {merchant}',
    summary: 'طلبك',
    shipping: 'الشحن',
    tax: 'الضريبة',
    discount: 'الخصم',
    total: 'الإجمالي',
  },
};

export default ar;
