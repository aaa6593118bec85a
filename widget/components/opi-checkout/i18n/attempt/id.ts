import type { AttemptStrings } from './strings.js';

const words: AttemptStrings = {
  lang: 'id',
  outcomes: {
    declined: '{provider} tidak menyetujui pembayaran ini. Tidak ada uang yang diambil.',
    cancelled: 'Anda meninggalkan {provider} sebelum membayar. Tidak ada uang yang diambil.',
    failed: '{provider} tidak dapat memproses pembayaran ini. Tidak ada uang yang diambil.',
    expired: 'Waktu untuk membayar dengan {provider} telah habis. Tidak ada uang yang diambil.',
    pending:
      '{provider} masih mengonfirmasi pembayaran Anda. Belum ada uang yang diambil; halaman ini akan diperbarui setelah selesai.',
  },
  reasons: {
    credit_check: 'Pembayaran tidak lolos pemeriksaan kredit mereka.',
    verification: 'Mereka tidak dapat memverifikasi identitas Anda.',
    provider_error: 'Mereka mengalami masalah teknis.',
  },
  next: 'Data Anda sudah terisi: bayar dengan {provider} di bawah.',
  again: 'Data Anda sudah terisi: bayar di bawah saat Anda siap.',
};

export default words;
