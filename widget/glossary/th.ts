import type { Glossary } from './glossary.js';

const th: Glossary = {
  name: 'ไทย',
  sources: [
    'Opn Payments (Omise) Thai docs for Atome, docs.omise.co/th/atome/thailand: «หน้าชำระเงินของ Atome», «แผนการผ่อนชำระ»; the page’s other Thai version, docs.omise.co/atome?selected_country=japan: «บริการซื้อก่อนจ่ายทีหลัง», «ช่องทางการชำระเงิน»',
    'Opn Payments Thai docs on instalments, docs.opn.ooo/th/installment-white-label-payments/thailand: «ผ่อนชำระ»',
    'Samsung Thailand × Atome offer page, samsung.com/th/offer/partnership/atome/: «การผ่อนชำระผ่านแอปพลิเคชั่น Atome»',
    'Shopee Thailand help on SPayLater, help.shopee.co.th (article 88716): «ช่องทางการชำระเงิน», «คำสั่งซื้อ»',
    'KTC article on instalment cards, ktc.co.th/article/knowledge/how-to-choose-installment-card-shopping: «ผ่อนสินค้า», «ผ่อนชำระ»',
    'AEON Thailand article on PayLater, aeon.co.th/aeon/tips-tricks/paylater-shop-now-pay-later-debt-trap: «ช้อปก่อนจ่ายทีหลัง»',
    'Firefox Thai form-autofill strings (Mozilla localisation, found in a public fork): «ที่อยู่สำหรับเรียกเก็บเงิน», «รหัสไปรษณีย์»',
    'Thai e-commerce checkouts (Shopee, Lazada), from general knowledge of the market: «การจัดส่ง», «วิธีจัดส่ง», «ลองอีกครั้ง»',
  ],
  notes: [
    'Polite, concise register of Thai shops and BNPL apps: requests start with «โปรด», no particles (ครับ/ค่ะ), «คุณ» only where a sentence needs a person.',
    'Thai ends sentences without a full stop: sentences are separated by a space; a space also goes around Latin names, amounts and numbers.',
    '«ไม่มีดอกเบี้ย» rather than «0%», since no number is written into the text; shipping and delivery are both «จัดส่ง», as Thai shops say.',
    'Thai has no plural inflection; counts use a classifier after the number («{count} ช่องทาง», «{count} ช่อง»).',
  ],
  terms: {
    instalment: ['ผ่อนชำระ', 'ผ่อน'],
    'interest-free': ['ไม่มีดอกเบี้ย'],
    'pay later': ['ซื้อก่อนจ่ายทีหลัง', 'จ่ายทีหลัง'],
    'billing address': ['ที่อยู่สำหรับเรียกเก็บเงิน', 'ที่อยู่สำหรับการเรียกเก็บเงิน'],
    'postal code': ['รหัสไปรษณีย์'],
    'payment option': ['ช่องทางการชำระเงิน'],
    'payment provider': ['ผู้ให้บริการชำระเงิน'],
    checkout: ['หน้าชำระเงิน', 'การชำระเงิน'],
    order: ['คำสั่งซื้อ'],
    delivery: ['การจัดส่ง', 'จัดส่ง'],
    shipping: ['การจัดส่ง', 'จัดส่ง'],
    'try again': ['ลองอีกครั้ง'],
  },
};

export default th;
