import type { ReturnPageWords } from './words.js';

const zhHans: ReturnPageWords = {
  notFound: {
    title: '找不到这笔付款',
    message: '您打开的链接与本店的任何订单都不匹配。请返回商店查看您的订单。',
  },
  damaged: {
    title: '此链接已损坏',
    message: '此页面的网址不完整或已被更改。请返回商店查看您的订单。',
  },
  tooMany: {
    title: '尝试次数过多',
    message: '请稍候片刻再返回商店，您可以在那里查看订单状态。',
  },
  unavailable: {
    title: '暂时无法确认您的付款',
    message: '请稍后返回商店，您可以在那里查看订单状态。',
  },
  payPage: {
    title: '向 {merchant} 付款',
    summary: '你的订单',
    shipping: '配送',
    tax: '税费',
    discount: '折扣',
    total: '总计',
  },
};

export default zhHans;
