import type { Glossary } from './glossary.js';

const vi: Glossary = {
  name: 'Tiếng Việt',
  sources: [
    'Shopee Việt Nam help centre, "[SPayLater] Hướng dẫn thanh toán bằng SPayLater tại Cửa hàng thanh toán QR ShopeePay" (help.shopee.vn/4/article/144714): "mục Phương thức thanh toán", "kỳ hạn thanh toán", "phí chuyển đổi trả góp"',
    'Fundiin, "Điều khoản mua hàng" (fundiin.vn/dieu-khoan-mua-hang): "Chính sách mua hàng trả sau"; Fingo\'s guide to Fundiin (fingo.vn/thanh-toan-fundiin): "Fundiin – Mua trước trả sau", "dịch vụ mua hàng trả góp"',
    'CafeF, 9 August 2025 (cafef.vn/mua-truoc-tra-sau-lua-chon-tieu-dung-moi-cho-the-he-song-nhanh-chi-tieu-khon-ngoan-188250809120457633.chn): "Mua trước trả sau (Buy Now, Pay Later)"',
    'Vietnamese web-shop checkouts (Shopee, Tiki, Shopify\'s Vietnamese checkout), from general knowledge of the market: "địa chỉ thanh toán", "mã bưu chính", "đơn hàng", "giao hàng", "không bắt buộc", "Thử lại"; "trả góp 0% lãi suất" / "không lãi suất" in shops\' instalment offers',
  ],
  notes: [
    'Polite, plain Vietnamese as the large shops write it: the shopper is "bạn" where a pronoun is needed; requests start with "Vui lòng", short labels and buttons need none.',
    '"Phương thức thanh toán" for a payment option (as Shopee writes it), "đơn vị thanh toán" for the payment provider, "trang thanh toán" or "phiên thanh toán" for the checkout.',
    'Vietnamese does not inflect for number, so counts need no plural forms; "every 2 weeks" is written in words (hai tuần một lần).',
  ],
  terms: {
    instalment: ['trả góp'],
    'interest-free': ['không lãi suất'],
    'pay later': ['trả sau'],
    'billing address': ['địa chỉ thanh toán'],
    'postal code': ['mã bưu chính'],
    'payment option': ['phương thức thanh toán'],
    'payment provider': ['đơn vị thanh toán'],
    checkout: ['trang thanh toán', 'phiên thanh toán'],
    order: ['đơn hàng'],
    delivery: ['giao hàng'],
    shipping: ['giao hàng', 'vận chuyển'],
    'try again': ['thử lại'],
  },
};

export default vi;
