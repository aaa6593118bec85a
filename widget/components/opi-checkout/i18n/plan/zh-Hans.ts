import type { PlanStrings } from './strings.js';

const words: PlanStrings = {
  lang: 'zh',
  total: '总计 {amount}',
  interestFree: '免息',
  interest: '利率 {rate}%',
  fees: '可能收取费用',
  noFees: '无手续费',
  lateFees: '逾期可能收取费用',
  schedule: '{provider} 付款计划',
  terms: '条款',
  declined: '已拒绝这笔付款',
};

export default words;
