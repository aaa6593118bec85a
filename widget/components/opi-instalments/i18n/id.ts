import type { InstalmentStrings } from './strings.js';

const indonesian: InstalmentStrings = {
  lang: 'id',
  offer: 'atau {plan} dengan {provider}',
  offerInterestFree: 'atau {plan} tanpa bunga dengan {provider}',
  plan: '{count} × {amount}',
  interval: { day: 'per hari', week: 'per minggu', fortnight: 'per dua minggu', month: 'per bulan' },
  availableFrom: 'Cicilan tersedia untuk pesanan mulai {amount}',
  learnMore: 'Selengkapnya',
  dialogTitle: 'Bayar dengan cicilan',
  interestFree: 'Tanpa bunga',
  close: 'Tutup',
};

export default indonesian;
