import type { AttemptStrings } from './strings.js';

const words: AttemptStrings = {
  lang: 'fil',
  outcomes: {
    declined: 'Hindi inaprubahan ng {provider} ang bayad na ito. Walang perang nakuha.',
    cancelled: 'Umalis ka sa {provider} bago magbayad. Walang perang nakuha.',
    failed: 'Hindi matanggap ng {provider} ang bayad na ito. Walang perang nakuha.',
    expired: 'Naubos ang oras para magbayad gamit ang {provider}. Walang perang nakuha.',
    pending:
      'Kinukumpirma pa ng {provider} ang bayad mo. Wala pang perang nakuha; mag-a-update ang page na ito kapag tapos na.',
  },
  reasons: {
    credit_check: 'Hindi ito pumasa sa kanilang credit check.',
    verification: 'Hindi nila ma-verify ang iyong pagkakakilanlan.',
    provider_error: 'Nagkaroon sila ng teknikal na problema.',
  },
  next: 'Nakapunan na ang mga detalye mo: magbayad gamit ang {provider} sa ibaba.',
  again: 'Nakapunan na ang mga detalye mo: magbayad sa ibaba kapag handa ka na.',
};

export default words;
