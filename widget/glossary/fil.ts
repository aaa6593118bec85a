import type { Glossary } from './glossary.js';

const fil: Glossary = {
  name: 'Filipino',
  sources: [
    'Shopee PH Help Centre in Tagalog (help.shopee.ph/portal/article/132222): "Habang nasa checkout, pindutin ang Payment Option > piliin ang SPayLater", "Installment x2 / Installment x3", "mga order"',
    'Shopee PH Help Centre in Tagalog (help.shopee.ph/portal/article/133334): "Pagkatapos mag-place ng order"',
    'A BillEase merchant page (glowgirlmnl.com/pages/shop-now-pay-later): "Pay in 4, Interest-Free Installment", "bi-weekly or monthly installments", "Shipping method"',
    'GCash, "0% Interest GGives at Globe" (beta.gcash.com/promos/0-interest-ggives-at-globe): "0% interest", "payment option"',
    'GCash, BillEase and Shopee PH apps, from general knowledge of the market: "billing address", "ZIP code", "Pay Later", "walang interest", "Subukan ulit"',
  ],
  notes: [
    'The Tagalog-based Filipino of Philippine shopping and payment apps (Shopee PH, GCash): Tagalog sentences that keep the English payment nouns shoppers read every day (order, checkout, payment option, installment, billing address, ZIP code, shipping, delivery, email, shop) rather than purist coinages (such as "kodigo postal" for ZIP code). "Hulugan" is a real everyday word too, but the apps say "installment".',
    'The shopper is "mo/ka", as those apps write; no "po", which apps leave out of interface text.',
    'Counts are written "May {count} …", which reads the same for one and for many, so no plural forms are needed.',
    'Philippine addresses have a ZIP code and a province, so those are the labels; "every 2 weeks" is written in words (kada dalawang linggo).',
  ],
  terms: {
    instalment: ['installment', 'hulugan'],
    'interest-free': ['walang interest'],
    'pay later': ['pay later'],
    'billing address': ['billing address'],
    'postal code': ['zip code'],
    'payment option': ['payment option'],
    'payment provider': ['payment provider'],
    checkout: ['checkout'],
    order: ['order'],
    delivery: ['delivery'],
    shipping: ['shipping'],
    'try again': ['subukan ulit'],
  },
};

export default fil;
