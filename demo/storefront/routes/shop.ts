// Browsing: the products, the cart, and the market and language preferences.
import { Router } from 'express';
import { findMarket, findProduct } from '../catalogue.js';
import { withQuantity } from '../cart.js';
import type { WidgetAssets } from '../merchant-client.js';
import { cartView, productsView } from '../pages/shop.js';
import { moduleScript } from '../pages/widget.js';
import { renderShopMessage, renderShopPage } from '../render.js';
import { COOKIES, isLanguage, saveCart, setShopCookie, shopContext } from '../shop-context.js';

/** Only a path on this site: never "//evil.example" or an absolute URL. */
function localPath(value: unknown): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\')
    ? value
    : '/';
}

export interface ShopRouteOptions {
  /** The BFF's origin as browsers reach it: the elements' api-base. */
  publicBffUrl: string;
  widgetAssets: () => Promise<WidgetAssets>;
}

export function shopRoutes(options: ShopRouteOptions): Router {
  const router = Router();
  // Local choice: a page with prices works without the BFF; only the instalment messages are missing then.
  const instalments = () =>
    options.widgetAssets().then(
      (assets) => ({ head: moduleScript(assets.instalments), apiBase: options.publicBffUrl }),
      () => ({ head: undefined, apiBase: undefined }),
    );

  router.get('/', async (req, res) => {
    const ctx = shopContext(req);
    const { head, apiBase } = await instalments();
    renderShopPage(req, res, ctx, { title: ctx.strings.navShop, head, main: productsView(ctx, apiBase) });
  });

  router.get('/cart', async (req, res) => {
    const ctx = shopContext(req);
    const { head, apiBase } = ctx.cart.length ? await instalments() : { head: undefined, apiBase: undefined };
    renderShopPage(req, res, ctx, { title: ctx.strings.cartHeading, head, main: cartView(ctx, apiBase) });
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
