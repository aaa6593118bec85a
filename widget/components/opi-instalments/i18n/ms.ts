import type { InstalmentStrings } from './strings.js';

const ms: InstalmentStrings = {
  lang: 'ms',
  offer: 'atau {plan} dengan {provider}',
  offerInterestFree: 'atau {plan} tanpa faedah dengan {provider}',
  plan: '{count} × {amount}',
  interval: { day: 'setiap hari', week: 'setiap minggu', fortnight: 'setiap dua minggu', month: 'setiap bulan' },
  availableFrom: 'Bayar secara ansuran untuk pesanan {amount} ke atas',
  learnMore: 'Ketahui lebih lanjut',
  dialogTitle: 'Bayar secara ansuran',
  interestFree: 'Tanpa faedah',
  close: 'Tutup',
};

export default ms;
