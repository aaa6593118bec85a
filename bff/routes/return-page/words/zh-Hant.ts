import type { ReturnPageWords } from './words.js';

const zhHant: ReturnPageWords = {
  notFound: {
    title: '找不到這筆付款',
    message: '您開啟的連結與這間商店的任何訂單都不相符。請回到商店查看您的訂單。',
  },
  damaged: {
    title: '這個連結已損毀',
    message: '這個頁面的網址不完整或已被更改。請回到商店查看您的訂單。',
  },
  tooMany: {
    title: '嘗試次數過多',
    message: '請稍候片刻再回到商店，您可以在那裡查看訂單狀態。',
  },
  unavailable: {
    title: '目前無法確認您的付款',
    message: '請稍後再回到商店，您可以在那裡查看訂單狀態。',
  },
  expired: {
    title: '此結帳已過期',
    message: '請返回商店重新開始結帳。',
  },
  completed: {
    title: '此結帳已完成',
    message: '此訂單已付款。商店會顯示你的訂單狀態。',
  },
  payPage: {
    title: '向 {merchant} 付款',
    summary: '你的訂單',
    shipping: '運送',
    tax: '稅費',
    discount: '折扣',
    total: '總計',
    backToShop: '返回商店',
  },
};

export default zhHant;
