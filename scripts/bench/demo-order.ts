// What the bench and the walk send, as the demo shop would: its cart of two lanterns in its first market (393 AED
// with shipping), and its signed-in shopper paying by Tabby.
import { sessionRequest } from '../../demo/storefront/cart.js';
import { DEFAULT_MARKET, PRODUCTS } from '../../demo/storefront/catalogue.js';
import { demoShopper } from '../../demo/storefront/demo-shopper.js';

/** The merchant's POST /v1/checkout-sessions body. */
export const DEMO_CART = sessionRequest({
  lines: [{ product: PRODUCTS[0]!, quantity: 2 }],
  market: DEFAULT_MARKET,
  language: 'en',
  returnUrl: 'https://shop.example/return',
  imageBaseUrl: 'https://shop.example/',
});

/** The widget's POST /v1/checkout-sessions/:id/orders body. */
export const DEMO_SHOPPER = { bnplProvider: 'TABBY_AE', ...demoShopper(DEFAULT_MARKET) };
