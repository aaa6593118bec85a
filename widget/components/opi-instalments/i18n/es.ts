import type { InstalmentStrings } from './strings.js';

const es: InstalmentStrings = {
  lang: 'es',
  offer: 'o {plan} con {provider}',
  offerInterestFree: 'o {plan} sin intereses con {provider}',
  plan: '{count} × {amount}',
  interval: { day: 'cada día', week: 'cada semana', fortnight: 'cada dos semanas', month: 'cada mes' },
  availableFrom: 'Paga a plazos en pedidos a partir de {amount}',
  learnMore: 'Más información',
  dialogTitle: 'Paga a plazos',
  interestFree: 'Sin intereses',
  close: 'Cerrar',
};

export default es;
