// What a shop page needs to use the widget's elements: a module script with its SRI hash, its chunks preloaded, and
// the tags.
import { currencyExponent, toMajor } from '../../../shared/money.js';
import { html, type SafeHtml } from '../html.js';
import type { WidgetAsset } from '../merchant-client.js';
import type { ShopContext } from '../shop-context.js';

/**
 * An element's module, pinned by its SRI hash, after the chunks it needs at once (what it imports, and the checkout's
 * form, which it asks for with the session read): preloaded, each pinned too, so none waits for the file that asks.
 */
export function moduleScript(asset: WidgetAsset): SafeHtml {
  const preloads = asset.preload.map(
    (chunk) =>
      html`<link rel="modulepreload" href="${chunk.url}" integrity="${chunk.integrity}" crossorigin="anonymous">`,
  );
  return html`${preloads}<script type="module" src="${asset.url}" integrity="${asset.integrity}" crossorigin="anonymous"></script>`;
}

/** <opi-instalments> for an amount in minor units of the shop's currency: "or 4 × AED 25.00 with Tabby". */
export function instalmentsMessage(ctx: ShopContext, amountMinor: number, apiBase: string): SafeHtml {
  const { currency, country } = ctx.market;
  const amount = toMajor(amountMinor, currency).toFixed(currencyExponent(currency));
  return html`<opi-instalments amount="${amount}" currency="${currency}" country="${country}" locale="${ctx.locale}" api-base="${apiBase}"></opi-instalments>`;
}
