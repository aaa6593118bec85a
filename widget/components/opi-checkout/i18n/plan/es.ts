import type { PlanStrings } from './strings.js';

const words: PlanStrings = {
  lang: 'es',
  total: 'Total {amount}',
  interestFree: 'sin intereses',
  interest: '{rate} % de interés',
  fees: 'pueden aplicarse comisiones',
  noFees: 'sin comisiones',
  lateFees: 'pueden aplicarse recargos por demora',
  schedule: 'Calendario de pagos con {provider}',
  terms: 'Condiciones',
  declined: 'rechazó este pago',
};

export default words;
