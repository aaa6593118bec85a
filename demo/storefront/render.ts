// Renders a shop page with the shop's header around it.
import type { Request, Response } from 'express';
import type { SafeHtml } from './html.js';
import { page, shopHeader } from './layout.js';
import { cartQuantity } from './cart.js';
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
        header,
        main: shopPage.main,
        head: shopPage.head,
        refreshSeconds: shopPage.refreshSeconds,
      }),
    );
}
