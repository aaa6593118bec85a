import type { InstalmentStrings } from './strings.js';

const zhHant: InstalmentStrings = {
  // The language: a page that reads these words names its script or region itself (zh-TW, zh-HK, zh-CN).
  lang: 'zh',
  offer: '或使用 {provider} 分期付款 {plan}',
  offerInterestFree: '或使用 {provider} 零利率分期 {plan}',
  plan: '{count} × {amount}',
  interval: { day: '每天', week: '每週', fortnight: '每兩週', month: '每月' },
  availableFrom: '訂單滿 {amount} 即可分期付款',
  learnMore: '了解詳情',
  dialogTitle: '分期付款',
  interestFree: '零利率',
  close: '關閉',
};

export default zhHant;
