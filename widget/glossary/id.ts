import type { Glossary } from './glossary.js';

const indonesian: Glossary = {
  name: 'Bahasa Indonesia',
  sources: [
    'Kredivo FAQ (kredivo.com/faqs): "Beli sekarang, bayar nanti", "cicilan 3 bulan dengan bunga 0%"',
    'Atome Indonesia blog, "Tebas Tuntas Ketakutan Soal Aplikasi Pay Later" (atome.id/en-id/blog/tebas-tuntas-ketakutan-soal-aplikasi-pay-later): "cicilan 0% alias tanpa bunga"',
    'A merchant FAQ on Atome (namwatches.co/pages/faq-atome): "Pilih Atome sebagai metode pembayaran", "halaman check out", "memproses pesananmu"',
    'A guide to postcodes on Shopee (kodepos.co/kode-pos-di-shopee-bagaimana-cara-menggunakannya): "kode pos", "membuat pesanan", "alamat lengkap tujuan pengiriman barang"',
    'Tokopedia and Shopee Indonesia checkouts, from general knowledge of the market: "Metode Pembayaran", "Alamat Pengiriman", "Buat Pesanan", "Coba lagi"; "alamat penagihan" is the usual word for a card\'s billing address',
  ],
  notes: [
    'Standard Indonesian with the shopper as "Anda", the neutral polite form a checkout embedded in any shop needs (Kredivo and Tokopedia use "kamu" in their own apps).',
    '"Checkout" stays as the loanword Indonesian shops use ("halaman checkout", "sesi checkout"); "metode pembayaran" for a payment option, as on Tokopedia and Shopee.',
    'Indonesian does not inflect for number, so counts need no plural forms; "every 2 weeks" is written in words (per dua minggu).',
  ],
  terms: {
    instalment: ['cicilan'],
    'interest-free': ['tanpa bunga'],
    'pay later': ['bayar nanti', 'paylater'],
    'billing address': ['alamat penagihan'],
    'postal code': ['kode pos'],
    'payment option': ['metode pembayaran', 'opsi pembayaran'],
    'payment provider': ['penyedia pembayaran'],
    checkout: ['checkout'],
    order: ['pesanan'],
    delivery: ['pengiriman'],
    shipping: ['pengiriman'],
    'try again': ['coba lagi'],
  },
};

export default indonesian;
