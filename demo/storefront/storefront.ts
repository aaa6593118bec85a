// createStorefront: the demo shop as an Express app. It touches no environment; demo/start.ts and the tests pass
// everything in. The merchant key is used only by this server, toward the BFF.
import { fileURLToPath } from 'node:url';
import express, { type NextFunction, type Request, type Response } from 'express';
import pino, { type Logger } from 'pino';
import { html } from './html.js';
import { createMerchantClient, MerchantApiError } from './merchant-client.js';
import { renderConsolePage, renderShopMessage, renderShopNotFound } from './render.js';
import { checkoutRoutes } from './routes/checkout.js';
import { consoleRoutes } from './routes/console.js';
import { shopRoutes } from './routes/shop.js';
import { sameOriginWrites, securityHeaders } from './security.js';
import { shopContext } from './shop-context.js';

export interface StorefrontOptions {
  /** The BFF as this server reaches it (server to server). */
  bffUrl: string;
  /** A merchant key the BFF accepts (OPI_MERCHANT_KEYS). Never sent to a browser. */
  merchantKey: string;
  /** The BFF as shoppers' browsers reach it: the widget's script and api-base. Default: bffUrl. */
  publicBffUrl?: string;
  /** Origins provider logos are served from, allowed in img-src (the sandbox locally). */
  imageOrigins?: readonly string[];
  /** This shop's public base URL (for the session's returnUrl). Default: the origin each request came to. */
  publicUrl?: string;
  /** Time limit of one call to the BFF. */
  bffTimeoutMs?: number;
  logger?: Logger;
  fetch?: typeof fetch;
}

const PUBLIC_DIR = fileURLToPath(new URL('./public/', import.meta.url));

export function createStorefront(options: StorefrontOptions): express.Express {
  const publicBffUrl = (options.publicBffUrl ?? options.bffUrl).replace(/\/+$/, '');
  const logger = options.logger ?? pino({ name: 'storefront' });
  const client = createMerchantClient({
    bffUrl: options.bffUrl,
    merchantKey: options.merchantKey,
    timeoutMs: options.bffTimeoutMs,
    fetch: options.fetch,
  });

  const app = express();
  app.disable('x-powered-by');
  app.use(
    securityHeaders({
      bff: new URL(publicBffUrl).origin,
      images: (options.imageOrigins ?? []).map((origin) => new URL(origin).origin),
    }),
  );
  app.use('/static', express.static(PUBLIC_DIR, { maxAge: '1h', index: false, fallthrough: false }));
  app.use(express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 20 }));
  app.use(sameOriginWrites);

  const widgetAssets = () => client.widgetAssets(publicBffUrl);
  app.use(shopRoutes({ publicBffUrl, widgetAssets }));
  app.use(
    checkoutRoutes({
      client,
      publicBffUrl,
      publicUrl: options.publicUrl?.replace(/\/+$/, ''),
      widgetAssets,
    }),
  );
  app.use(consoleRoutes(client));

  app.use((req: Request, res: Response) => renderShopNotFound(req, res, shopContext(req)));

  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const status = error instanceof MerchantApiError ? 502 : ((error as { status?: number }).status ?? 500);
    if (status >= 500) logger.error({ err: error, path: req.path }, 'storefront request failed');
    if (req.path.startsWith('/console')) {
      const detail = error instanceof MerchantApiError ? error.message : 'Something went wrong on this server.';
      renderConsolePage(
        res,
        'Error',
        html`<h1>The request failed</h1><p>${detail}</p><p><a href="/console">All orders</a></p>`,
        status,
      );
      return;
    }
    const ctx = shopContext(req);
    if (status === 404) return renderShopNotFound(req, res, ctx);
    const detail = status < 500 ? ctx.strings.requestRefused : ctx.strings.serviceUnavailable;
    renderShopMessage(req, res, ctx, {
      status,
      heading: ctx.strings.shopName,
      detail,
      back: { href: '/cart', label: ctx.strings.cartHeading },
    });
  });

  return app;
}
