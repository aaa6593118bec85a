// Checkout: the server creates the session with the merchant key, the page embeds the widget; the result page
// shows the status the BFF verified, never the one in the return URL's query.
import { Router, type Request } from 'express';
import { FINAL_ORDER_STATUSES } from '../../../shared/status.js';
import { cartTotals, sessionCart, sessionRequest } from '../cart.js';
import { findCoupon } from '../coupons.js';
import { demoShopper } from '../demo-shopper.js';
import { MerchantApiError, type MerchantClient, type WidgetAssets } from '../merchant-client.js';
import { checkoutView, resultKey, resultView, type CheckoutChoices } from '../pages/checkout.js';
import { totalsView } from '../pages/shop.js';
import { moduleScript } from '../pages/widget.js';
import { html } from '../html.js';
import { renderShopNotFound, renderShopPage } from '../render.js';
import { COOKIES, readCookie, saveCart, setShopCookie, shopContext } from '../shop-context.js';

export interface CheckoutRouteOptions {
  client: MerchantClient;
  /** The BFF's origin as browsers reach it: the widget's api-base. */
  publicBffUrl: string;
  /** This shop's own public base URL; by default the origin the request came to. */
  publicUrl?: string;
  widgetAssets: () => Promise<WidgetAssets>;
}

/** How long the result page waits before it asks the BFF again while the payment is still open. */
const RESULT_REFRESH_SECONDS = 2;

// Local choice: a visit to /checkout creates a new session (sessions are cheap, short-lived, and always carry the cart
// as it is now), except the way back from a declined, cancelled or failed payment (/checkout?session=<id>, the result
// page's link): that reopens the shopper's own session, which tells the widget how the payment ended, keeps what the
// shopper typed and chooses the next provider. Only the session this browser's checkout showed is reopened.
export function checkoutRoutes(options: CheckoutRouteOptions): Router {
  const router = Router();
  const shopOrigin = (req: Request) => options.publicUrl ?? `${req.protocol}://${req.get('host')}`;

  router.get('/checkout', async (req, res) => {
    const ctx = shopContext(req);
    if (ctx.cart.length === 0) {
      res.redirect(303, '/cart');
      return;
    }
    const origin = shopOrigin(req);
    const choices: CheckoutChoices = {
      demoShopper: req.query.shopper !== 'new',
      captureLater: req.query.capture === 'later',
    };
    const own = readCookie(req, COOKIES.checkoutSession);
    const resumed = own && req.query.session === own ? { id: own } : undefined;
    const [session, widget] = await Promise.all([
      resumed ??
        options.client.createSession(
          sessionRequest({
            lines: ctx.cart,
            market: ctx.market,
            language: ctx.language,
            returnUrl: `${origin}/checkout/result`,
            imageBaseUrl: `${origin}/static/products/`,
            coupon: ctx.coupon,
            prefill: choices.demoShopper ? demoShopper(ctx.market) : undefined,
            // Local choice: the shop captures at payment unless the shopper-side demo switch asks otherwise.
            autoCapture: choices.captureLater ? false : undefined,
          }),
        ),
      options.widgetAssets(),
    ]);
    const embed = {
      script: widget.checkout,
      apiBase: options.publicBffUrl,
      sessionId: session.id,
    };
    res.set('cache-control', 'no-store');
    // The session this shopper's page shows: the only one their coupon may change.
    setShopCookie(req, res, COOKIES.checkoutSession, session.id);
    const couponStatus =
      req.query.coupon === 'applied' || req.query.coupon === 'unknown' ? req.query.coupon : undefined;
    renderShopPage(req, res, ctx, {
      title: ctx.strings.checkoutHeading,
      head: html`${moduleScript(embed.script)}<script type="module" src="/static/checkout.js"></script>`,
      main: checkoutView(ctx, embed, choices, couponStatus),
    });
  });

  // A coupon: from checkout.js (JSON) the open session's cart is replaced in place, and the element refreshes;
  // from a page without script the shopper comes back to a new session with the new total.
  router.post('/checkout/coupon', async (req, res) => {
    const ctx = shopContext(req);
    const coupon = findCoupon(req.body?.code);
    if (coupon) setShopCookie(req, res, COOKIES.coupon, coupon.code);
    if (!req.accepts('html', 'json') || req.accepts('html', 'json') === 'html') {
      res.redirect(303, `/checkout?coupon=${coupon ? 'applied' : 'unknown'}`);
      return;
    }
    const sessionId = readCookie(req, COOKIES.checkoutSession);
    if (!coupon || !sessionId || ctx.cart.length === 0) {
      res.status(422).json({ message: ctx.strings.couponUnknown });
      return;
    }
    const applied = { ...ctx, coupon };
    await options.client.updateSession(
      sessionId,
      sessionCart({ ...applied, lines: ctx.cart, imageBaseUrl: `${shopOrigin(req)}/static/products/` }),
    );
    res.json({
      message: ctx.strings.couponApplied(coupon.code),
      totals: totalsView(applied, cartTotals(ctx.cart, ctx.market, coupon)).value,
    });
  });

  router.get('/checkout/result', async (req, res) => {
    const ctx = shopContext(req);
    const reference = typeof req.query.orderReference === 'string' ? req.query.orderReference : '';
    const order = reference
      ? await options.client.getOrder(reference).catch((error: unknown) => {
          if (error instanceof MerchantApiError && error.status === 404) return undefined;
          throw error;
        })
      : undefined;
    if (!order) {
      renderShopNotFound(req, res, ctx);
      return;
    }
    // A paid order empties the cart, in the header of this very page too.
    const shown = order.status === 'paid' ? { ...ctx, cart: [] } : ctx;
    if (order.status === 'paid') saveCart(req, res, []);
    res.set('cache-control', 'no-store');
    renderShopPage(req, res, shown, {
      title: ctx.strings.resultHeading[resultKey(order)],
      main: resultView(shown, order),
      refreshSeconds:
        FINAL_ORDER_STATUSES.has(order.status) || order.status === 'on_hold' ? undefined : RESULT_REFRESH_SECONDS,
    });
  });

  return router;
}
