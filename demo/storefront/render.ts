// Renders whole pages: a shop page with the shop's header, or a console page with the console's.
import type { Request, Response } from 'express';
import { cartQuantity } from './cart.js';
import type { SafeHtml } from './html.js';
import { consoleHeader, page, shopHeader } from './layout.js';
import { messageView } from './pages/message.js';
import type { ShopContext } from './shop-context.js';

export interface ShopPage {
  title: string;
  main: SafeHtml;
  head?: SafeHtml;
  refreshSeconds?: number;
  status?: number;
}

export function renderShopPage(req: Request, res: Response, ctx: ShopContext, shopPage: ShopPage): void {
  const header = shopHeader({
    language: ctx.language,
    market: ctx.market,
    strings: ctx.strings,
    cartCount: cartQuantity(ctx.cart),
    path: req.originalUrl,
  });
  res
    .status(shopPage.status ?? 200)
    .type('html')
    .send(
      page({
        language: ctx.language,
        title: `${shopPage.title} · ${ctx.strings.shopName}`,
        description: ctx.strings.shopDescription,
        header,
        main: shopPage.main,
        head: shopPage.head,
        refreshSeconds: shopPage.refreshSeconds,
      }),
    );
}

export interface ShopMessage {
  status: number;
  heading: string;
  detail: string;
  back: { href: string; label: string };
}

export function renderShopMessage(req: Request, res: Response, ctx: ShopContext, message: ShopMessage): void {
  renderShopPage(req, res, ctx, {
    status: message.status,
    title: message.heading,
    main: messageView(message.heading, message.detail, message.back),
  });
}

export function renderShopNotFound(req: Request, res: Response, ctx: ShopContext): void {
  const { strings } = ctx;
  renderShopMessage(req, res, ctx, {
    status: 404,
    heading: strings.notFoundHeading,
    detail: strings.notFoundDetail,
    back: { href: '/', label: strings.continueShopping },
  });
}

export function renderConsolePage(res: Response, title: string, main: SafeHtml, status = 200): void {
  res
    .status(status)
    .set('cache-control', 'no-store')
    .type('html')
    .send(
      page({
        language: 'en',
        title: `${title} · Merchant console`,
        description: "The demo shop's merchant console: orders, refunds, captures and voids.",
        header: consoleHeader(),
        main,
      }),
    );
}
