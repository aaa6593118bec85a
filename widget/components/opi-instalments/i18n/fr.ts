import type { InstalmentStrings } from './strings.js';

const fr: InstalmentStrings = {
  lang: 'fr',
  offer: 'ou {plan} avec {provider}',
  offerInterestFree: 'ou {plan} sans intérêts avec {provider}',
  plan: '{count} × {amount}',
  interval: { day: 'par jour', week: 'par semaine', fortnight: 'toutes les deux semaines', month: 'par mois' },
  availableFrom: 'Payez en plusieurs fois pour toute commande à partir de {amount}',
  learnMore: 'En savoir plus',
  dialogTitle: 'Payer en plusieurs fois',
  interestFree: 'Sans intérêts',
  close: 'Fermer',
};

export default fr;
