import type { PlanStrings } from './strings.js';

const words: PlanStrings = {
  lang: 'fil',
  total: 'Kabuuan {amount}',
  interestFree: 'walang interest',
  interest: '{rate}% interest',
  fees: 'maaaring may bayarin',
  noFees: 'walang bayarin',
  lateFees: 'maaaring may multa sa late na bayad',
  schedule: 'Iskedyul ng bayad sa {provider}',
  terms: 'Mga tuntunin',
  declined: 'tinanggihan ang bayad na ito',
};

export default words;
