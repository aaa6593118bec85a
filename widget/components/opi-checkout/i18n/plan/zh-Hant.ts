import type { PlanStrings } from './strings.js';

const words: PlanStrings = {
  lang: 'zh',
  total: '總計 {amount}',
  interestFree: '免息',
  interest: '利率 {rate}%',
  fees: '可能收取費用',
  noFees: '無手續費',
  lateFees: '逾期可能收取費用',
  schedule: '{provider} 付款計畫',
  terms: '條款',
  declined: '已拒絕這筆付款',
};

export default words;
