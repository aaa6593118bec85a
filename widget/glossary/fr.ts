import type { Glossary } from './glossary.js';

const fr: Glossary = {
  name: 'Français',
  sources: [
    'Univers Freebox on PayPal France (https://www.universfreebox.com/article/61494/paypal-permet-desormais-le-paiement-en-quatre-fois-sans-frais): «Paiement en 4X sans frais»',
    'Alma at a French shop (https://www.vogtime.fr/pages/paiement-en-plusieurs-fois-2x-3x-4x-cb-sans-frais-via-alma): «paiement en plusieurs fois», «échéances», «sans frais»',
    'Klarna at a French shop (https://www.jegaine.com/de/pages/pages-paiement-3x-klarna): «Paiement en 3 fois sans frais Klarna», «Au paiement, choisissez Klarna – 3 fois sans frais»',
    'Clearpay France (https://clearpay.com/fr-FR/responsible-spending): addresses the shopper as «vous»',
    'parfumdreams.fr help (https://www.parfumdreams.fr/themes-de-laide/5-phases): «adresse de livraison», «adresse de facturation», «moyen de paiement», «votre commande»',
    'BayWa r.e. shop help (https://support-solarshop.baywa-re.fr/fr/articles/510491-gerer-ses-adresses-de-livraison-et-ses-parametres): «Code postal», «Ville», «passage de commande»',
    'Complément d’adresse, retrait en magasin, point relais, «Réessayer»: the usual words of French checkouts, from general knowledge of the market',
  ],
  notes: [
    'The shopper is addressed with "vous", as Klarna, Alma, Oney, PayPal, Clearpay and every large French shop do.',
    'French typography: a no-break space before ":" and typographic apostrophes (’).',
    '"Sans intérêts" for interest-free: French providers and shops write "sans frais", but that says no fees at all, and the element knows only the interest rate; "en plusieurs fois" for instalments, as they write; "moyen de paiement" for each way to pay.',
    'No digits in the text: "toutes les deux semaines"; amounts, counts and limits come formatted from the element. French counts 0 and 1 as singular, which Intl.PluralRules does too; the optional "many" form is left out.',
  ],
  terms: {
    instalment: ['plusieurs fois', 'échéance', 'mensualité'],
    'interest-free': ['sans intérêts'],
    'pay later': ['payer plus tard', 'paiement différé'],
    'billing address': ['adresse de facturation'],
    'postal code': ['code postal'],
    'payment option': ['moyen de paiement', 'moyens de paiement'],
    'payment provider': ['prestataire de paiement'],
    checkout: ['page de paiement', 'session de paiement', 'paiement'],
    order: ['commande'],
    delivery: ['livraison'],
    shipping: ['livraison', 'livrer', 'expédition'],
    'try again': ['Réessayer', 'Réessayez'],
  },
};

export default fr;
