import type { ReturnPageWords } from './words.js';

const fr: ReturnPageWords = {
  notFound: {
    title: 'Nous n’avons pas trouvé ce paiement',
    message:
      'Le lien que vous avez suivi ne correspond à aucune commande de cette boutique. Revenez sur la boutique pour y vérifier votre commande.',
  },
  damaged: {
    title: 'Ce lien est endommagé',
    message:
      'L’adresse de cette page est incomplète ou a été modifiée. Revenez sur la boutique pour y vérifier votre commande.',
  },
  tooMany: {
    title: 'Trop de tentatives',
    message: 'Patientez un instant, puis revenez sur la boutique\u00a0: vous y trouverez le statut de votre commande.',
  },
  unavailable: {
    title: 'Nous ne pouvons pas confirmer votre paiement pour le moment',
    message: 'Revenez sur la boutique dans quelques instants\u00a0: vous y trouverez le statut de votre commande.',
  },
  expired: {
    title: 'Ce paiement a expiré',
    message: 'Revenez à la boutique et recommencez le paiement.',
  },
  completed: {
    title: 'Ce paiement est terminé',
    message: 'Il a déjà été payé. La boutique affiche le statut de votre commande.',
  },
  payPage: {
    title: 'Payer {merchant}',
    summary: 'Votre commande',
    shipping: 'Livraison',
    tax: 'Taxes',
    discount: 'Remise',
    total: 'Total',
    backToShop: 'Retour à la boutique',
  },
};

export default fr;
