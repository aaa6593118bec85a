import type { Glossary } from './glossary.js';

const zhHant: Glossary = {
  name: '繁體中文',
  sources: [
    'Shop Pay help in Traditional Chinese (Taiwan), help.shop.app/zh-TW/shop/shop-pay-installments-settings: «分期付款», «結帳頁面», «付款方式», «訂單»',
    'Yahoo! Taiwan mall help on instalments, tw.mall.yahoo.com/help/payinstall.html: «信用卡分期付款», «結帳頁面», «付款方式»',
    'KK Choice (Taiwan) on card instalments, credit.kkchoice.com/1715: «零利率分期», «先享後付», naming 街口支付 and 蝦皮',
    'Firefox Traditional Chinese (Taiwan) form-autofill strings (Mozilla localisation, found in public forks): «帳單地址», «郵遞區號»',
    'element14 Taiwan account help, tw.element14.com: «帳單地址», «運送地址», «訂單»',
    'Taiwan checkouts (蝦皮, momo, PChome), from general knowledge of the market: «運送方式», «宅配», «門市», «取貨», «再試一次»',
  ],
  notes: [
    'Taiwan usage by default, the largest Traditional Chinese market for these providers (零利率, 郵遞區號, 宅配到府, 送出訂單, 電子郵件); every message stays readable in Hong Kong, where a page may override the few Taiwan-only words (免息, 郵政編號, 送貨上門, 電郵) with addStrings.',
    'The shopper is addressed as «您», requests start with «請»; full-width punctuation (，。：（）); a space separates Chinese from Latin names, amounts and numbers, none next to full-width punctuation.',
    'UI ellipsis is the single «…»; «零利率» is written in characters, since no number is written into the text itself.',
    'Chinese has no plural inflection; counts use a measure word («{count} 種», «{count} 個»).',
  ],
  terms: {
    instalment: ['分期付款', '分期'],
    'interest-free': ['零利率', '免利息', '免息'],
    'pay later': ['先享後付', '先買後付'],
    'billing address': ['帳單地址', '賬單地址'],
    'postal code': ['郵遞區號', '郵政編號'],
    'payment option': ['付款方式'],
    'payment provider': ['付款服務商'],
    checkout: ['結帳', '結賬'],
    order: ['訂單'],
    delivery: ['配送', '宅配', '送貨', '交付'],
    shipping: ['運送', '配送'],
    'try again': ['再試一次', '重試'],
  },
};

export default zhHant;
