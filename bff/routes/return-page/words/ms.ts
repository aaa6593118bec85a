import type { ReturnPageWords } from './words.js';

const ms: ReturnPageWords = {
  notFound: {
    title: 'Pembayaran ini tidak ditemui',
    message:
      'Pautan yang anda ikuti tidak sepadan dengan mana-mana pesanan di kedai ini. Sila kembali ke kedai dan semak pesanan anda di sana.',
  },
  damaged: {
    title: 'Pautan ini rosak',
    message:
      'Alamat halaman ini tidak lengkap atau telah diubah. Sila kembali ke kedai dan semak pesanan anda di sana.',
  },
  tooMany: {
    title: 'Terlalu banyak percubaan',
    message: 'Sila tunggu sebentar, kemudian kembali ke kedai. Status pesanan anda akan dipaparkan di sana.',
  },
  unavailable: {
    title: 'Pembayaran anda tidak dapat disahkan buat masa ini',
    message: 'Sila kembali ke kedai sebentar lagi. Status pesanan anda akan dipaparkan di sana.',
  },
  expired: {
    title: 'Sesi pembayaran ini telah tamat tempoh',
    message: 'Sila kembali ke kedai dan mulakan sesi pembayaran semula.',
  },
  completed: {
    title: 'Sesi pembayaran ini telah selesai',
    message: 'Ia sudah dibayar. Kedai menunjukkan status pesanan anda.',
  },
  payPage: {
    title: 'Bayar kepada {merchant}',
    summary: 'Pesanan anda',
    shipping: 'Penghantaran',
    tax: 'Cukai',
    discount: 'Diskaun',
    total: 'Jumlah',
    backToShop: 'Kembali ke kedai',
  },
};

export default ms;
