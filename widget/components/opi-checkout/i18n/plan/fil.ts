import type { PlanStrings } from './strings.js';

const words: PlanStrings = {
  lang: 'fil',
  total: 'Kabuuan {amount}',
  interestFree: 'walang interes',
  interest: '{rate}% interes',
  fees: 'maaaring may bayarin',
  noFees: 'walang bayarin',
  lateFees: 'maaaring may multa sa late na bayad',
  schedule: 'Iskedyul ng bayad sa {provider}',
  terms: 'Mga tuntunin',
};

export default words;
