import type { Glossary } from './glossary.js';

const zhHans: Glossary = {
  name: '简体中文',
  sources: [
    'Shopify Help Center in Simplified Chinese, help.shopify.com/zh-CN/manual/checkout-settings/checkout-blocks/customizations/address-format-validation: «结账», «账单地址», «邮政编码», «订单»',
    'Firefox Simplified Chinese form-autofill strings (Mozilla localisation, found in public forks): «账单地址»',
    'Shicheng News (Singapore) on instalments and BNPL, shicheng.news/v/5x2PZ: «分期付款», «先买后付», naming Atome',
    'Article on Apple’s Chinese store and Huabei, shanxier.com/html/954f13298913.html: «花呗分期», «12期免息», «结算页面», «支付方式»',
    'Menglar (Malaysia) on Shopee SPayLater, my.menglar.com/electricity-detail/10772: «结账», «支付方式», «分期付款», «订单»',
    'Mainland and Singapore/Malaysia checkouts (Taobao, JD, Shopee, Lazada), from general knowledge of the market: «配送方式», «到店自提», «重试»',
  ],
  notes: [
    'Written for mainland China, Singapore and Malaysia: the shopper is addressed as «您», requests start with «请».',
    'Full-width punctuation (，。：（）); a space separates Chinese from Latin names, amounts and numbers, none next to full-width punctuation.',
    'UI ellipsis is the single «…», as Chinese interfaces write it; no number is written into the text itself.',
    'Chinese has no plural inflection; counts use a measure word («{count} 种», «{count} 项»).',
  ],
  terms: {
    instalment: ['分期付款', '分期'],
    'interest-free': ['免息'],
    'pay later': ['先买后付', '先用后付'],
    'billing address': ['账单地址'],
    'postal code': ['邮政编码', '邮编'],
    'payment option': ['付款方式', '支付方式'],
    'payment provider': ['支付服务商'],
    checkout: ['结账', '结算'],
    order: ['订单'],
    delivery: ['配送', '送货', '交付'],
    shipping: ['配送', '收货'],
    'try again': ['重试'],
  },
};

export default zhHans;
