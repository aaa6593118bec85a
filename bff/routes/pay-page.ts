// GET /pay/:sessionId: the checkout page the BFF hosts for a session (pay by link), for a link sent by email, chat or
// a social post, a phone order, a shop whose platform cannot embed a script, and the way back after a decline for a
// shop without a page of its own. Rate limited per client; an unknown session gets the plain not-found page, a BFF
// without its widget bundle or its ledger the plain unavailable one, and a session that can no longer be paid (expired,
// complete) a plain page that says so, with a link back to the shop.
import { randomBytes } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { formatMoney, toMinor } from '../../shared/money.js';
import { loadSession } from '../checkout/sessions.js';
import type { SessionRecord, Store } from '../store/types.js';
import { type WidgetBundle, widgetEmbed } from '../http/widget-asset.js';
import { page, pageWords } from './returns.js';
import { payPage, payPageCsp } from './return-page/pay-page.js';
import type { PayPageWords } from './return-page/words/index.js';
import { HTML, operation, RETRY_AFTER, SESSION } from '../http/openapi-operation.js';

export interface PayPageDeps {
  store: Store;
  widgetBundle: WidgetBundle | undefined;
  publicUrl: string;
  merchant: { name: string; logoUrl?: string };
  /** Where else the page's images come from: the merchant's logo, and the local sandbox's provider logos. */
  imageOrigins: readonly string[];
  rateLimit: RequestHandler;
  logger: Logger;
  now: () => Date;
}

/** The cart as the summary lists it: each item, then shipping, tax and a discount where there is one. */
function summaryLines(session: SessionRecord, words: PayPageWords, locale: string) {
  const money = (major: number) => formatMoney(toMinor(major, session.currency) ?? 0, session.currency, locale);
  const { orderItems, shippingAmount, taxAmount, discountAmount } = session.cart;
  return [
    ...orderItems.map((item) => ({ label: `${item.name} × ${item.quantity}`, amount: money(item.totalAmount) })),
    ...(shippingAmount ? [{ label: words.shipping, amount: money(shippingAmount) }] : []),
    ...(taxAmount ? [{ label: words.tax, amount: money(taxAmount) }] : []),
    ...(discountAmount ? [{ label: words.discount, amount: money(-discountAmount) }] : []),
  ];
}

export function payPageRoutes(deps: PayPageDeps): Router {
  const router = Router();
  const apiOrigin = new URL(deps.publicUrl).origin;
  router.get('/pay/:sessionId', deps.rateLimit, async (req, res) => {
    const session = await loadSession(deps.store, String(req.params.sessionId)).catch((error: unknown) => {
      deps.logger.error({ err: error }, 'checkout page failed');
      return undefined;
    });
    if (session === undefined) {
      page(req, res, 'unavailable');
      return;
    }
    if (!session) {
      page(req, res, 'notFound');
      return;
    }
    // A session that can no longer be paid says so, with the way back to the shop (its return URL's site).
    const shop = `${new URL(session.returnUrl).origin}/`;
    if (session.state === 'completed') {
      page(req, res, 'completed', session.locale, shop);
      return;
    }
    if (deps.now().getTime() >= session.expiresAt.getTime()) {
      page(req, res, 'expired', session.locale, shop);
      return;
    }
    const widget = deps.widgetBundle && widgetEmbed(deps.widgetBundle, deps.publicUrl, 'opi-checkout');
    if (!widget) {
      page(req, res, 'unavailable', session.locale);
      return;
    }
    const { language, words } = pageWords(req, session.locale);
    const nonce = randomBytes(16).toString('base64');
    const locale = session.locale.replace('_', '-');
    res
      .setHeader('Content-Security-Policy', payPageCsp(nonce, apiOrigin, deps.imageOrigins))
      .setHeader('Cache-Control', 'no-store')
      .setHeader('Content-Language', language)
      .type('html')
      .send(
        payPage({
          language,
          words: words.payPage,
          merchant: deps.merchant,
          lines: summaryLines(session, words.payPage, locale),
          total: formatMoney(session.amountMinor, session.currency, locale),
          sessionId: session.id,
          apiBase: deps.publicUrl,
          widget,
          nonce,
        }),
      );
  });
  return router;
}

/** These routes in the OpenAPI document (bff/routes/openapi.ts assembles it). */
export const payPagePaths = () => ({
  '/pay/{sessionId}': {
    get: operation({
      operationId: 'hostedCheckoutPage',
      summary:
        "The checkout page the BFF hosts for a session (its checkoutUrl, pay by link): the merchant, the cart and its total, and <opi-checkout> for the session, in the session's language",
      params: { sessionId: SESSION.id },
      pages: true,
      answers: [
        { status: 200, description: 'The page, under a CSP with a nonce of its own', content: HTML },
        { status: 404, description: 'No such session', content: HTML },
        { status: 409, description: 'The session already has its payment: a link back to the shop', content: HTML },
        { status: 410, description: 'The session has expired: a link back to the shop', content: HTML },
        { status: 429, description: 'Too many pages from this client', content: HTML, headers: RETRY_AFTER },
        { status: 503, description: 'The ledger or the widget bundle is not there; try again', content: HTML },
      ],
    }),
  },
});
