import type { ReturnPageWords } from './words.js';

const indonesian: ReturnPageWords = {
  notFound: {
    title: 'Pembayaran ini tidak ditemukan',
    message:
      'Tautan yang Anda buka tidak cocok dengan pesanan mana pun di toko ini. Silakan kembali ke toko dan periksa pesanan Anda di sana.',
  },
  damaged: {
    title: 'Tautan ini rusak',
    message:
      'Alamat halaman ini tidak lengkap atau telah diubah. Silakan kembali ke toko dan periksa pesanan Anda di sana.',
  },
  tooMany: {
    title: 'Terlalu banyak percobaan',
    message: 'Mohon tunggu sebentar, lalu kembali ke toko. Status pesanan Anda akan ditampilkan di sana.',
  },
  unavailable: {
    title: 'Pembayaran Anda belum dapat dikonfirmasi saat ini',
    message: 'Silakan kembali ke toko beberapa saat lagi. Status pesanan Anda akan ditampilkan di sana.',
  },
  expired: {
    title: 'Checkout ini sudah kedaluwarsa',
    message: 'Silakan kembali ke toko dan mulai checkout lagi.',
  },
  completed: {
    title: 'Checkout ini sudah selesai',
    message: 'Pesanan ini sudah dibayar. Toko menampilkan status pesanan Anda.',
  },
  payPage: {
    title: 'Bayar ke {merchant}',
    summary: 'Pesanan Anda',
    shipping: 'Pengiriman',
    tax: 'Pajak',
    discount: 'Diskon',
    total: 'Total',
    backToShop: 'Kembali ke toko',
  },
};

export default indonesian;
