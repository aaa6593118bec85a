import type { AttemptStrings } from './strings.js';

const words: AttemptStrings = {
  lang: 'ar',
  outcomes: {
    declined: 'لم يوافق {provider} على هذه الدفعة. لم يُقتطع أي مبلغ.',
    cancelled: 'غادرت {provider} قبل الدفع. لم يُقتطع أي مبلغ.',
    failed: 'تعذّر على {provider} إتمام هذه الدفعة. لم يُقتطع أي مبلغ.',
    expired: 'انتهت مهلة الدفع عبر {provider}. لم يُقتطع أي مبلغ.',
    pending: 'لا يزال {provider} يؤكد دفعتك. لم يُقتطع أي مبلغ حتى الآن، وستتحدّث هذه الصفحة عند الانتهاء.',
  },
  reasons: {
    credit_check: 'لم تجتز الدفعة التحقق الائتماني لديهم.',
    verification: 'تعذّر عليهم التحقق من هويتك.',
    provider_error: 'واجهوا مشكلة تقنية.',
  },
  next: 'بياناتك معبأة: ادفع عبر {provider} أدناه.',
  again: 'بياناتك معبأة: ادفع أدناه عندما تكون جاهزًا.',
};

export default words;
