import type { ReturnPageWords } from './words.js';

const es: ReturnPageWords = {
  notFound: {
    title: 'No hemos encontrado este pago',
    message:
      'El enlace que has seguido no corresponde a ningún pedido de esta tienda. Vuelve a la tienda y consulta allí tu pedido.',
  },
  damaged: {
    title: 'Este enlace está dañado',
    message:
      'La dirección de esta página está incompleta o se ha modificado. Vuelve a la tienda y consulta allí tu pedido.',
  },
  tooMany: {
    title: 'Demasiados intentos',
    message: 'Espera un momento y vuelve a la tienda: allí verás el estado de tu pedido.',
  },
  unavailable: {
    title: 'No hemos podido confirmar tu pago en este momento',
    message: 'Vuelve a la tienda dentro de un momento: allí verás el estado de tu pedido.',
  },
  expired: {
    title: 'Este pago ha caducado',
    message: 'Vuelve a la tienda y empieza el pago de nuevo.',
  },
  completed: {
    title: 'Este pago está completo',
    message: 'Ya tiene un pago. La tienda muestra el estado de tu pedido.',
  },
  payPage: {
    title: 'Pagar a {merchant}',
    summary: 'Tu pedido',
    shipping: 'Envío',
    tax: 'Impuestos',
    discount: 'Descuento',
    total: 'Total',
    backToShop: 'Volver a la tienda',
  },
};

export default es;
