import type { AttemptStrings } from './strings.js';

const words: AttemptStrings = {
  lang: 'de',
  outcomes: {
    declined: '{provider} hat diese Zahlung nicht genehmigt. Es wurde kein Geld abgebucht.',
    cancelled: 'Sie haben {provider} vor dem Bezahlen verlassen. Es wurde kein Geld abgebucht.',
    failed: '{provider} konnte diese Zahlung nicht annehmen. Es wurde kein Geld abgebucht.',
    expired: 'Die Zeit zum Bezahlen mit {provider} ist abgelaufen. Es wurde kein Geld abgebucht.',
    pending:
      '{provider} bestätigt Ihre Zahlung noch. Bisher wurde kein Geld abgebucht; diese Seite aktualisiert sich, sobald es so weit ist.',
  },
  reasons: {
    credit_check: 'Die Bonitätsprüfung des Anbieters war nicht erfolgreich.',
    verification: 'Der Anbieter konnte Ihre Identität nicht prüfen.',
    provider_error: 'Beim Anbieter ist ein technisches Problem aufgetreten.',
  },
  next: 'Ihre Angaben sind ausgefüllt: Bezahlen Sie unten mit {provider}.',
  again: 'Ihre Angaben sind ausgefüllt: Bezahlen Sie unten, wenn Sie bereit sind.',
};

export default words;
