import type { ReturnPageWords } from './words.js';

const fil: ReturnPageWords = {
  notFound: {
    title: 'Hindi namin mahanap ang bayad na ito',
    message:
      'Hindi tugma ang link na binuksan mo sa anumang order ng shop na ito. Pakibalik sa shop at doon tingnan ang order mo.',
  },
  damaged: {
    title: 'Sira ang link na ito',
    message: 'Kulang o binago ang address ng page na ito. Pakibalik sa shop at doon tingnan ang order mo.',
  },
  tooMany: {
    title: 'Masyadong maraming pagsubok',
    message: 'Maghintay sandali, saka bumalik sa shop. Makikita mo roon ang status ng order mo.',
  },
  unavailable: {
    title: 'Hindi pa namin makumpirma ang bayad mo sa ngayon',
    message: 'Bumalik sa shop maya-maya. Makikita mo roon ang status ng order mo.',
  },
  expired: {
    title: 'Nag-expire na ang checkout na ito',
    message: 'Bumalik sa shop at simulan ulit ang checkout.',
  },
  completed: {
    title: 'Tapos na ang checkout na ito',
    message: 'May bayad na ito. Ipinapakita ng shop ang status ng order mo.',
  },
  payPage: {
    title: 'Magbayad sa {merchant}',
    summary: 'Ang order mo',
    shipping: 'Shipping',
    tax: 'Buwis',
    discount: 'Diskwento',
    total: 'Kabuuan',
    backToShop: 'Bumalik sa shop',
  },
};

export default fil;
