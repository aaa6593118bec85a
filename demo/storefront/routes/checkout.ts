// Checkout: the server creates the session with the merchant key, the page embeds the widget; the result page
// shows the status the BFF verified, never the one in the return URL's query.
import { Router, type Request } from 'express';
import { FINAL_ORDER_STATUSES } from '../../../shared/status.js';
import { sessionRequest } from '../cart.js';
import { demoShopper } from '../demo-shopper.js';
import { MerchantApiError, type MerchantClient, type WidgetAsset } from '../merchant-client.js';
import { checkoutView, resultView, widgetScript, type CheckoutChoices } from '../pages/checkout.js';
import { renderShopNotFound, renderShopPage } from '../render.js';
import { saveCart, shopContext } from '../shop-context.js';

export interface CheckoutRouteOptions {
  client: MerchantClient;
  /** The BFF's origin as browsers reach it: the widget's api-base. */
  publicBffUrl: string;
  /** This shop's own public base URL; by default the origin the request came to. */
  publicUrl?: string;
  widgetAsset: () => Promise<WidgetAsset>;
}

/** How long the result page waits before it asks the BFF again while the payment is still open. */
const RESULT_REFRESH_SECONDS = 2;

// Local choice: every visit to /checkout creates a new session (also after a decline or a cancel): sessions are
// cheap, short-lived, and always carry the cart as it is now.
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
    const [session, widget] = await Promise.all([
      options.client.createSession(
        sessionRequest({
          lines: ctx.cart,
          market: ctx.market,
          language: ctx.language,
          returnUrl: `${origin}/checkout/result`,
          imageBaseUrl: `${origin}/static/products/`,
          prefill: choices.demoShopper ? demoShopper(ctx.market) : undefined,
          // Local choice: the shop captures at payment unless the shopper-side demo switch asks otherwise.
          autoCapture: choices.captureLater ? false : undefined,
        }),
      ),
      options.widgetAsset(),
    ]);
    const embed = {
      scriptUrl: widget.url,
      integrity: widget.integrity,
      apiBase: options.publicBffUrl,
      sessionId: session.id,
    };
    res.set('cache-control', 'no-store');
    renderShopPage(req, res, ctx, {
      title: ctx.strings.checkoutHeading,
      head: widgetScript(embed),
      main: checkoutView(ctx, embed, choices),
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
      title: ctx.strings.resultHeading[order.status],
      main: resultView(shown, order),
      refreshSeconds:
        FINAL_ORDER_STATUSES.has(order.status) || order.status === 'on_hold' ? undefined : RESULT_REFRESH_SECONDS,
    });
  });

  return router;
}
