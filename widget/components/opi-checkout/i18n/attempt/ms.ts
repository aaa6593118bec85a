import type { AttemptStrings } from './strings.js';

const words: AttemptStrings = {
  lang: 'ms',
  outcomes: {
    declined: '{provider} tidak meluluskan bayaran ini. Tiada wang diambil.',
    cancelled: 'Anda meninggalkan {provider} sebelum membayar. Tiada wang diambil.',
    failed: '{provider} tidak dapat memproses bayaran ini. Tiada wang diambil.',
    expired: 'Masa untuk membayar dengan {provider} telah tamat. Tiada wang diambil.',
    pending:
      '{provider} masih mengesahkan bayaran anda. Belum ada wang diambil; halaman ini akan dikemas kini apabila selesai.',
  },
  reasons: {
    credit_check: 'Bayaran tidak lulus semakan kredit mereka.',
    verification: 'Mereka tidak dapat mengesahkan identiti anda.',
    provider_error: 'Mereka menghadapi masalah teknikal.',
  },
  next: 'Butiran anda sudah diisi: bayar dengan {provider} di bawah.',
  again: 'Butiran anda sudah diisi: bayar di bawah apabila anda bersedia.',
};

export default words;
