import type { Glossary } from './glossary.js';

const de: Glossary = {
  name: 'Deutsch',
  sources: [
    'Klarna Deutschland (https://www.klarna.com/de/monatlichezahlung/): «Wähle Klarna als Zahlungsmethode …, wenn du beim Shop bezahlst», «Zinsfrei. Keine Gebühren, wenn du pünktlich bezahlst.»',
    'Klarna at a German shop (https://aeromoov.com/de-de/klarna-pay-later): «wähle an der Kasse „Klarna“», «Bezahle in 3 oder 4 Raten», «ohne Zinsen oder zusätzliche Gebühren»',
    'PayPal Deutschland (https://www.sandbox.paypal.com/de/webapps/mpp/14tage): «Jetzt shoppen, später zahlen.», addressing the shopper as «Sie»',
    'mobiflip.de on PayPal (https://www.mobiflip.de/shortnews/paypal-baut-spaeter-bezahlen-angebot-aus/): the «„Später bezahlen“-Angebot» and «PayPal Ratenzahlung»',
    'giga.de on Zalando (https://giga.de/unternehmen/zalando/tipps/zalando-pakete-an-die-packstation-was-muss-ich-beruecksichtigen): «Rechnungsadresse», «Versandadresse», «Lieferadresse»',
    'Zur Rose shop help (https://helpcenter.zurrose-shop.ch/hc/de/articles/4411699735697): «Lieferadresse», «Rechnungsadresse», «Wie Lieferadresse»',
    'Postleitzahl, Versandart/Lieferart, Abholung, «Erneut versuchen»: the usual words of German shop checkouts and forms, from general knowledge of the market',
  ],
  notes: [
    'The shopper is addressed with "du" (lower case, as Klarna Deutschland, Zalando and most large fashion and lifestyle shops write); PayPal and Amazon keep "Sie". A merchant whose shop says "Sie" can override the messages.',
    'Labels and buttons are short noun phrases or infinitives ("Erneut versuchen", "{amount} mit {provider} bezahlen"); messages are whole sentences ending in a full stop.',
    'The order button says "{amount} mit {provider} bezahlen", which makes the duty to pay explicit; a merchant may still prefer the wording "zahlungspflichtig bestellen" that § 312j BGB names.',
    'No digits in the text: "alle zwei Wochen"; amounts, counts and limits come formatted from the element.',
  ],
  terms: {
    instalment: ['Rate'],
    'interest-free': ['zinsfrei', 'ohne Zinsen'],
    'pay later': ['später bezahlen', 'später zahlen'],
    'billing address': ['Rechnungsadresse'],
    'postal code': ['Postleitzahl', 'PLZ'],
    'payment option': ['Zahlungsart'],
    'payment provider': ['Zahlungsanbieter'],
    checkout: ['Kasse', 'Bezahlvorgang'],
    order: ['Bestellung', 'Bestellsumme'],
    delivery: ['Lieferung', 'Lieferart'],
    shipping: ['Versand', 'Lieferadresse'],
    'try again': ['Erneut versuchen', 'Versuch es noch einmal'],
  },
};

export default de;
