import type { AttemptStrings } from './strings.js';

const words: AttemptStrings = {
  lang: 'zh',
  outcomes: {
    declined: '{provider} 未核准這筆付款。未扣取任何款項。',
    cancelled: '你在付款前離開了 {provider}。未扣取任何款項。',
    failed: '{provider} 無法處理這筆付款。未扣取任何款項。',
    expired: '使用 {provider} 付款的時間已過。未扣取任何款項。',
    pending: '{provider} 仍在確認你的付款。目前尚未扣取任何款項；完成後此頁面會自動更新。',
  },
  reasons: {
    credit_check: '未通過其信用審核。',
    verification: '對方無法驗證你的身分。',
    provider_error: '對方出現技術問題。',
  },
  next: '你的資料已填好：請在下方使用 {provider} 付款。',
  again: '你的資料已填好：準備好後請在下方付款。',
};

export default words;
