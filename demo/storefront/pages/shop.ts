// The product list and the cart, each price with its instalment plans (<opi-instalments>) when the BFF is there.
import { formatMoney } from '../../../shared/money.js';
import { PRODUCTS } from '../catalogue.js';
import { cartTotals, MAX_QUANTITY, type CartTotals } from '../cart.js';
import { html, type SafeHtml } from '../html.js';
import type { ShopContext } from '../shop-context.js';
import { instalmentsMessage } from './widget.js';

/** The BFF's public URL, for the elements' api-base; without it (the BFF unreachable) prices stand alone. */
type ApiBase = string | undefined;

const instalments = (ctx: ShopContext, amountMinor: number, apiBase: ApiBase) =>
  apiBase ? instalmentsMessage(ctx, amountMinor, apiBase) : '';

export function productsView(ctx: ShopContext, apiBase: ApiBase): SafeHtml {
  const { strings, language, market, locale } = ctx;
  return html`<h1>${strings.productsHeading}</h1>
<p class="note">${strings.pricesNote}</p>
<ul class="products">
${PRODUCTS.map(
  (product) => html`<li class="product">
<img src="/static/products/${product.image}" alt="" width="240" height="180">
<h2 id="product-${product.id}">${product.names[language]}</h2>
<p>${product.descriptions[language]}</p>
<p class="price">${formatMoney(product.prices[market.currency]!, market.currency, locale)}</p>
${instalments(ctx, product.prices[market.currency]!, apiBase)}
<form method="post" action="/cart/items" class="add-to-cart">
<input type="hidden" name="product" value="${product.id}">
<label for="quantity-${product.id}">${strings.quantity}</label>
<input id="quantity-${product.id}" name="quantity" type="number" inputmode="numeric" min="1" max="${MAX_QUANTITY}" value="1" required>
<button type="submit">${strings.addToCart(product.names[language])}</button>
</form>
</li>`,
)}
</ul>`;
}

export function totalsView(ctx: ShopContext, totals: CartTotals): SafeHtml {
  const { strings, market, locale } = ctx;
  const money = (minor: number) => formatMoney(minor, market.currency, locale);
  return html`<dl class="totals">
<div><dt>${strings.items}</dt><dd>${money(totals.items)}</dd></div>
<div><dt>${strings.shipping}</dt><dd>${money(totals.shipping)}</dd></div>
${totals.discount ? html`<div><dt>${strings.discount}</dt><dd>−${money(totals.discount)}</dd></div>` : ''}
<div class="grand-total"><dt>${strings.total}</dt><dd>${money(totals.total)}</dd></div>
</dl>`;
}

export function cartView(ctx: ShopContext, apiBase: ApiBase): SafeHtml {
  const { strings, language, market, locale, cart } = ctx;
  if (cart.length === 0) {
    return html`<h1>${strings.cartHeading}</h1>
<p>${strings.cartEmpty}</p>
<p><a href="/">${strings.continueShopping}</a></p>`;
  }
  const money = (minor: number) => formatMoney(minor, market.currency, locale);
  const totals = cartTotals(cart, market, ctx.coupon);
  return html`<h1>${strings.cartHeading}</h1>
<table class="cart">
<thead><tr><th scope="col">${strings.product}</th><th scope="col">${strings.quantity}</th><th scope="col">${strings.price}</th><th scope="col">${strings.lineTotal}</th><th scope="col"><span class="visually-hidden">${strings.actions}</span></th></tr></thead>
<tbody>
${cart.map(({ product, quantity }) => {
  const name = product.names[language];
  const price = product.prices[market.currency]!;
  return html`<tr>
<th scope="row">${name}</th>
<td><form method="post" action="/cart/items" class="quantity-form">
<input type="hidden" name="product" value="${product.id}">
<input type="hidden" name="mode" value="set">
<label class="visually-hidden" for="cart-quantity-${product.id}">${strings.quantity}: ${name}</label>
<input id="cart-quantity-${product.id}" name="quantity" type="number" inputmode="numeric" min="0" max="${MAX_QUANTITY}" value="${quantity}" required>
<button type="submit">${strings.update}</button>
</form></td>
<td>${money(price)}</td>
<td>${money(price * quantity)}</td>
<td><form method="post" action="/cart/items">
<input type="hidden" name="product" value="${product.id}">
<input type="hidden" name="mode" value="set">
<input type="hidden" name="quantity" value="0">
<button type="submit" class="link-button">${strings.remove(name)}</button>
</form></td>
</tr>`;
})}
</tbody>
</table>
${totalsView(ctx, totals)}
${instalments(ctx, totals.total, apiBase)}
<p class="actions"><a class="button primary" href="/checkout">${strings.checkout}</a> <a href="/">${strings.continueShopping}</a></p>`;
}
