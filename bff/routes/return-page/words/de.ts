import type { ReturnPageWords } from './words.js';

const de: ReturnPageWords = {
  notFound: {
    title: 'Wir konnten diese Zahlung nicht finden',
    message:
      'Der Link, über den du gekommen bist, gehört zu keiner Bestellung in diesem Shop. Bitte kehre zum Shop zurück und prüfe dort deine Bestellung.',
  },
  damaged: {
    title: 'Dieser Link ist beschädigt',
    message:
      'Die Adresse dieser Seite ist unvollständig oder wurde verändert. Bitte kehre zum Shop zurück und prüfe dort deine Bestellung.',
  },
  tooMany: {
    title: 'Zu viele Versuche',
    message: 'Bitte warte einen Moment und kehre dann zum Shop zurück. Dort siehst du den Status deiner Bestellung.',
  },
  unavailable: {
    title: 'Wir können deine Zahlung gerade nicht bestätigen',
    message: 'Bitte kehre in Kürze zum Shop zurück. Dort siehst du den Status deiner Bestellung.',
  },
  expired: {
    title: 'Dieser Bezahlvorgang ist abgelaufen',
    message: 'Bitte kehren Sie zum Shop zurück und starten Sie den Bezahlvorgang erneut.',
  },
  completed: {
    title: 'Dieser Bezahlvorgang ist abgeschlossen',
    message: 'Er hat bereits eine Zahlung. Der Shop zeigt den Status Ihrer Bestellung.',
  },
  payPage: {
    title: 'An {merchant} bezahlen',
    summary: 'Ihre Bestellung',
    shipping: 'Versand',
    tax: 'Steuer',
    discount: 'Rabatt',
    total: 'Gesamt',
    backToShop: 'Zurück zum Shop',
  },
};

export default de;
