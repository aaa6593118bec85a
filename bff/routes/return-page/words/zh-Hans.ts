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
  expired: {
    title: '此结账已过期',
    message: '请返回商店重新开始结账。',
  },
  completed: {
    title: '此结账已完成',
    message: '此订单已付款。商店会显示你的订单状态。',
  },
  payPage: {
    title: '向 {merchant} 付款',
    summary: '你的订单',
    shipping: '配送',
    tax: '税费',
    discount: '折扣',
    total: '总计',
    backToShop: '返回商店',
  },
};

export default zhHans;
