import type { InstalmentStrings } from './strings.js';

const zhHans: InstalmentStrings = {
  // The language: a page that reads these words names its script or region itself (zh-TW, zh-HK, zh-CN).
  lang: 'zh',
  offer: '或使用 {provider} 分期付款 {plan}',
  offerInterestFree: '或使用 {provider} 免息分期 {plan}',
  plan: '{count} × {amount}',
  interval: { day: '每天', week: '每周', fortnight: '每两周', month: '每月' },
  availableFrom: '订单满 {amount} 可分期付款',
  learnMore: '了解详情',
  dialogTitle: '分期付款',
  interestFree: '免息',
  close: '关闭',
};

export default zhHans;
