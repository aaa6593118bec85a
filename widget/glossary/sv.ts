import type { Glossary } from './glossary.js';

const sv: Glossary = {
  name: 'Svenska',
  sources: [
    'Klarna Sverige, kundservice (https://klarna.com/se/kundservice/csc/produkter-tjanster): «Vad är “Få först. Betala sen.”», «Hur fungerar delbetalning med Klarna?»',
    'Klarna Sverige, kundservice (https://www.klarna.com/se/kundservice/hur-andrar-jag-min-faktureringsadress/): «Hur ändrar jag min faktureringsadress?», «leveransadressen för dina beställningar»',
    'Klarna at a Swedish shop (https://www.xn--vggdekorationer-0kb.se/om-oss/betalningsmetoder/): «Välj delbetalning med Klarna i butikens kassa», «Betala senare», «din beställning»',
    'Westwing help, Swedish (https://support.westwing.com/hc/sv-se/articles/18923614066450-Hur-fungerar-betalning-med-Klarna): «Välj alternativet för delbetalning i kassan», «betalningsalternativ»',
    'Räntefritt, postnummer, betalsätt, leveranssätt, hämta i butik, utlämningsställe, «Försök igen»: the usual words of Swedish checkouts, from general knowledge of the market',
  ],
  notes: [
    'The shopper is addressed with "du", as Klarna and every Swedish shop do.',
    '"Betalsätt" for each way to pay (neuter, the same in the plural, so the count messages inflect the adjective or participle), "beställning" for the order, "kassan" for the checkout.',
    'No digits in the text: "varannan vecka"; amounts, counts and limits come formatted from the element.',
  ],
  terms: {
    instalment: ['delbetalning', 'delbetala'],
    'interest-free': ['räntefri'],
    'pay later': ['betala senare', 'betala sen'],
    'billing address': ['faktureringsadress'],
    'postal code': ['postnummer'],
    'payment option': ['betalsätt', 'betalningsalternativ'],
    'payment provider': ['betalningsleverantör'],
    checkout: ['kassa', 'köp'],
    order: ['beställning'],
    delivery: ['leverans'],
    shipping: ['leverans', 'leverera', 'frakt'],
    'try again': ['Försök igen'],
  },
};

export default sv;
