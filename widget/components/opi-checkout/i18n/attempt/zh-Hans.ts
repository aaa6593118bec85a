import type { AttemptStrings } from './strings.js';

const words: AttemptStrings = {
  lang: 'zh',
  outcomes: {
    declined: '{provider} 未批准这笔付款。未扣取任何款项。',
    cancelled: '你在付款前离开了 {provider}。未扣取任何款项。',
    failed: '{provider} 无法处理这笔付款。未扣取任何款项。',
    expired: '使用 {provider} 付款的时间已过。未扣取任何款项。',
    pending: '{provider} 仍在确认你的付款。目前尚未扣取任何款项；完成后此页面会自动更新。',
  },
  reasons: {
    credit_check: '未通过其信用审核。',
    verification: '对方无法验证你的身份。',
    provider_error: '对方出现技术问题。',
  },
  next: '你的信息已填好：请在下方使用 {provider} 付款。',
  again: '你的信息已填好：准备好后请在下方付款。',
};

export default words;
