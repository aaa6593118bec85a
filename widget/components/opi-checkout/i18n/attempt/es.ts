import type { AttemptStrings } from './strings.js';

const words: AttemptStrings = {
  lang: 'es',
  outcomes: {
    declined: '{provider} no aprobó este pago. No se cobró nada.',
    cancelled: 'Saliste de {provider} antes de pagar. No se cobró nada.',
    failed: '{provider} no pudo procesar este pago. No se cobró nada.',
    expired: 'Se agotó el tiempo para pagar con {provider}. No se cobró nada.',
    pending:
      '{provider} aún está confirmando tu pago. Todavía no se ha cobrado nada; esta página se actualizará cuando termine.',
  },
  reasons: {
    credit_check: 'No superó su evaluación de crédito.',
    verification: 'No pudieron verificar tu identidad.',
    provider_error: 'Tuvieron un problema técnico.',
  },
  next: 'Tus datos ya están completados: paga con {provider} a continuación.',
  again: 'Tus datos ya están completados: paga a continuación cuando quieras.',
};

export default words;
