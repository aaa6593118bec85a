// Browsing: the products, the cart, and the market and language preferences.
import { Router } from 'express';
import { findMarket, findProduct } from '../catalogue.js';
import { withQuantity } from '../cart.js';
import { cartView, productsView } from '../pages/shop.js';
import { renderShopMessage, renderShopPage } from '../render.js';
import { COOKIES, isLanguage, saveCart, setShopCookie, shopContext } from '../shop-context.js';

/** Only a path on this site: never "//evil.example" or an absolute URL. */
function localPath(value: unknown): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\')
    ? value
    : '/';
}

export function shopRoutes(): Router {
  const router = Router();

  router.get('/', (req, res) => {
    const ctx = shopContext(req);
    renderShopPage(req, res, ctx, { title: ctx.strings.navShop, main: productsView(ctx) });
  });

  router.get('/cart', (req, res) => {
    const ctx = shopContext(req);
    renderShopPage(req, res, ctx, { title: ctx.strings.cartHeading, main: cartView(ctx) });
  });

  router.post('/cart/items', (req, res) => {
    const ctx = shopContext(req);
    const product = findProduct(String(req.body?.product ?? ''));
    const quantity = Number(req.body?.quantity);
    if (!product || !Number.isInteger(quantity) || quantity < 0) {
      renderShopMessage(req, res, ctx, {
        status: 400,
        heading: ctx.strings.cartHeading,
        detail: ctx.strings.invalidCartItem,
        back: { href: '/', label: ctx.strings.continueShopping },
      });
      return;
    }
    const current = ctx.cart.find((line) => line.product.id === product.id)?.quantity ?? 0;
    const next = req.body?.mode === 'set' ? quantity : current + quantity;
    saveCart(req, res, withQuantity(ctx.cart, product, next));
    res.redirect(303, '/cart');
  });

  router.post('/preferences', (req, res) => {
    const market = findMarket(req.body?.market);
    if (market) setShopCookie(req, res, COOKIES.market, market.id);
    if (isLanguage(req.body?.language)) setShopCookie(req, res, COOKIES.language, req.body.language);
    res.redirect(303, localPath(req.body?.back));
  });

  return router;
}
