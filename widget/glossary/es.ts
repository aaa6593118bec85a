import type { Glossary } from './glossary.js';

const es: Glossary = {
  name: 'Español',
  sources: [
    'Klarna España, «Paga en 3 plazos» (https://www.klarna.com/es/paga-en-3-plazos): «Paga en 3 plazos sin intereses», «Elige Klarna al finalizar la compra», «cuando se envíe tu pedido»',
    'El Español on PayPal (https://www.elespanol.com/omicrono/software/20211126/paypal-permite-3-plazos-sin-intereses-black-friday-compras-online/630187821_0.html): «Paga en 3 plazos», «sin intereses»',
    'Scalapay help, Spanish (https://help.scalapay.com/es/articles/217283-que-es-scalapay): «pagar en 3 o 4 cuotas mensuales iguales», «recibir tu pedido»',
    'Brabantia help, Spanish (https://service.brabantia.com/hc/es/articles/4407400341649--Puedo-pagar-m%C3%A1s-tarde): «Al finalizar tu pedido, selecciona el método de pago "Pagar después con Klarna"»',
    'ManoMano help, Spanish (https://faq.manomano.com/hc/es/articles/360000643868): «dirección de facturación», «la entrega», «Detalles de tu pedido»',
    'Vistaprint help, Spanish (https://www.vistaprint.com/es/atencion-al-cliente/centro-de-ayuda/360059986792/): «Dirección de envío», «Método de envío», «Dirección de facturación»',
    'Código postal, recogida en tienda, punto de recogida, «Inténtalo de nuevo»: the usual words of checkouts in Spain, from general knowledge of the market',
  ],
  notes: [
    'Spanish of Spain, addressing the shopper with "tú", as Klarna, Scalapay, PayPal and the large shops of Spain do in their checkouts.',
    'Labels are short; messages are whole sentences. "Pedido" for the order, "forma de pago" for each way to pay, "plazos" for instalments.',
    'No digits in the text: "cada dos semanas"; amounts, counts and limits come formatted from the element.',
  ],
  terms: {
    instalment: ['plazos', 'cuotas'],
    'interest-free': ['sin intereses'],
    'pay later': ['paga después', 'pagar después'],
    'billing address': ['dirección de facturación'],
    'postal code': ['código postal'],
    'payment option': ['forma de pago', 'formas de pago'],
    'payment provider': ['proveedor de pago'],
    checkout: ['página de pago', 'sesión de pago', 'pago'],
    order: ['pedido'],
    delivery: ['entrega'],
    shipping: ['envío', 'enviar'],
    'try again': ['Inténtalo de nuevo', 'Intentar de nuevo'],
  },
};

export default es;
