import type { PlanStrings } from './strings.js';

const words: PlanStrings = {
  lang: 'vi',
  total: 'Tổng {amount}',
  interestFree: 'không lãi suất',
  interest: 'lãi suất {rate}%',
  fees: 'có thể tính phí',
  noFees: 'không mất phí',
  lateFees: 'có thể tính phí trả chậm',
  schedule: 'Lịch thanh toán với {provider}',
  terms: 'Điều khoản',
  declined: 'đã từ chối khoản thanh toán này',
};

export default words;
