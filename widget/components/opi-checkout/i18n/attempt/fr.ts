import type { AttemptStrings } from './strings.js';

const words: AttemptStrings = {
  lang: 'fr',
  outcomes: {
    declined: '{provider} n’a pas accepté ce paiement. Aucun montant n’a été prélevé.',
    cancelled: 'Vous avez quitté {provider} avant de payer. Aucun montant n’a été prélevé.',
    failed: '{provider} n’a pas pu traiter ce paiement. Aucun montant n’a été prélevé.',
    expired: 'Le délai pour payer avec {provider} est écoulé. Aucun montant n’a été prélevé.',
    pending:
      '{provider} confirme encore votre paiement. Aucun montant n’a encore été prélevé ; cette page se mettra à jour une fois terminé.',
  },
  reasons: {
    credit_check: 'Il n’a pas passé leur vérification de solvabilité.',
    verification: 'Ils n’ont pas pu vérifier votre identité.',
    provider_error: 'Ils ont rencontré un problème technique.',
  },
  next: 'Vos informations sont remplies : payez avec {provider} ci-dessous.',
  again: 'Vos informations sont remplies : payez ci-dessous quand vous êtes prêt.',
};

export default words;
