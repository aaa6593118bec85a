import type { PlanStrings } from './strings.js';

const words: PlanStrings = {
  lang: 'id',
  total: 'Total {amount}',
  interestFree: 'tanpa bunga',
  interest: 'bunga {rate}%',
  fees: 'mungkin ada biaya',
  noFees: 'tanpa biaya',
  lateFees: 'mungkin ada denda keterlambatan',
  schedule: 'Jadwal pembayaran dengan {provider}',
  terms: 'Ketentuan',
  declined: 'menolak pembayaran ini',
};

export default words;
