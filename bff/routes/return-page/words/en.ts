import type { ReturnPageWords } from './words.js';

const en: ReturnPageWords = {
  notFound: {
    title: 'We could not find this payment',
    message:
      'The link you followed does not match an order of this shop. Please go back to the shop and check your order there.',
  },
  damaged: {
    title: 'This link is damaged',
    message:
      'The address of this page is incomplete or changed. Please go back to the shop and check your order there.',
  },
  tooMany: {
    title: 'Too many attempts',
    message: 'Please wait a moment, then go back to the shop: it will show the status of your order.',
  },
  unavailable: {
    title: 'We could not confirm your payment just now',
    message: 'Please go back to the shop in a moment: it will show the status of your order.',
  },
  expired: {
    title: 'This checkout has expired',
    message: 'Please go back to the shop and start the checkout again.',
  },
  completed: {
    title: 'This checkout is complete',
    message: 'It already has a payment. The shop shows the status of your order.',
  },
  payPage: {
    title: 'Pay {merchant}',
    summary: 'Your order',
    shipping: 'Shipping',
    tax: 'Tax',
    discount: 'Discount',
    total: 'Total',
    backToShop: 'Back to the shop',
  },
};

export default en;
