import type { Glossary } from './glossary.js';

const ms: Glossary = {
  name: 'Bahasa Melayu',
  sources: [
    'Shopee Malaysia Help Centre, "[SPayLater] Apakah syarat-syarat pembayaran oleh SPayLater?" (help.shopee.com.my/portal/4/article/158464): "ansuran 3, 6, dan 12 bulan", "Pelan Pembayaran"',
    'PayLater Malaysia support in Malay (support.paylater.com.my/ms/support/solutions/articles/69000658234): "Ansuran Bulanan", "apabila mereka mendaftar keluar"',
    'A Malaysian merchant guide to Atome on bjak.my (eaclouds.com): "Beli Sekarang, Bayar Kemudian dengan Atome"',
    'Atome MY, Shopee MY and Lazada MY checkouts in Bahasa Malaysia, from general knowledge of the market: "tanpa faedah", "pesanan", "poskod", "e-mel", "alamat pengebilan", "penghantaran"',
  ],
  notes: [
    'Malaysian Malay (ms-MY), not Indonesian: ansuran (not cicilan), faedah (not bunga), poskod, e-mel, kedai, semak, dikemas kini.',
    'The shopper is "anda"; short imperatives on the form (Pilih, Masukkan, Semak), "Sila" on the longer return pages.',
    '"Checkout" is "halaman pembayaran" or "sesi pembayaran"; Shopee\'s "daftar keluar" names the act, not the page.',
    'Malay does not inflect for number, so counts need no plural forms; "every 2 weeks" is written in words (setiap dua minggu).',
  ],
  terms: {
    instalment: ['ansuran'],
    'interest-free': ['tanpa faedah'],
    'pay later': ['bayar kemudian'],
    'billing address': ['alamat pengebilan'],
    'postal code': ['poskod'],
    'payment option': ['pilihan pembayaran'],
    'payment provider': ['penyedia pembayaran'],
    checkout: ['halaman pembayaran', 'sesi pembayaran', 'daftar keluar'],
    order: ['pesanan'],
    delivery: ['penghantaran'],
    shipping: ['penghantaran'],
    'try again': ['cuba lagi'],
  },
};

export default ms;
