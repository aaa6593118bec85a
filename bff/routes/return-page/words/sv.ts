import type { ReturnPageWords } from './words.js';

const sv: ReturnPageWords = {
  notFound: {
    title: 'Vi hittade inte den här betalningen',
    message:
      'Länken du följde hör inte till någon beställning i den här butiken. Gå tillbaka till butiken och kontrollera din beställning där.',
  },
  damaged: {
    title: 'Länken är skadad',
    message:
      'Adressen till den här sidan är ofullständig eller har ändrats. Gå tillbaka till butiken och kontrollera din beställning där.',
  },
  tooMany: {
    title: 'För många försök',
    message: 'Vänta en stund och gå sedan tillbaka till butiken. Där ser du statusen för din beställning.',
  },
  unavailable: {
    title: 'Vi kan inte bekräfta din betalning just nu',
    message: 'Gå tillbaka till butiken om en liten stund. Där ser du statusen för din beställning.',
  },
  expired: {
    title: 'Den här kassan har gått ut',
    message: 'Gå tillbaka till butiken och börja om i kassan.',
  },
  completed: {
    title: 'Den här kassan är klar',
    message: 'Den är redan betald. Butiken visar status för din beställning.',
  },
  payPage: {
    title: 'Betala till {merchant}',
    summary: 'Din beställning',
    shipping: 'Frakt',
    tax: 'Moms',
    discount: 'Rabatt',
    total: 'Totalt',
    backToShop: 'Tillbaka till butiken',
  },
};

export default sv;
