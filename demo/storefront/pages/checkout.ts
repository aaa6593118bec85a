// The checkout page (the cart beside the embedded widget) and the result page the shopper returns to.
import { formatMoney } from '../../../shared/money.js';
import type { OrderView } from '../../../shared/schemas/merchant-api.js';
import { providerDisplayName } from '../../../shared/providers.js';
import { cartTotals } from '../cart.js';
import { formatMajor } from '../format.js';
import { html, type SafeHtml } from '../html.js';
import { DEMO_COUPON } from '../coupons.js';
import type { WidgetAsset } from '../merchant-client.js';
import type { ShopContext } from '../shop-context.js';
import type { ResultKey } from '../strings.js';
import { totalsView } from './shop.js';

export interface WidgetEmbed {
  /** The module's URL on the BFF and its SRI hash. */
  script: WidgetAsset;
  /** The BFF's public base URL, for the element's api-base. */
  apiBase: string;
  sessionId: string;
}

/**
 * The coupon field. Without script it posts and the page comes back with a new session; with the shop's
 * checkout.js it updates this session (PATCH through the shop's server) and the element refreshes in place.
 */
function couponForm(ctx: ShopContext, sessionId: string, status: CouponStatus): SafeHtml {
  const { strings, coupon } = ctx;
  const said =
    status === 'unknown'
      ? strings.couponUnknown
      : status === 'applied' && coupon
        ? strings.couponApplied(coupon.code)
        : '';
  return html`<form class="coupon" method="post" action="/checkout/coupon" data-session="${sessionId}">
<label for="coupon-code">${strings.couponLabel}</label>
<input id="coupon-code" name="code" autocomplete="off" value="${coupon?.code ?? ''}" aria-describedby="coupon-hint">
<button type="submit">${strings.applyCoupon}</button>
<p id="coupon-hint" class="note">${strings.couponHint(DEMO_COUPON)}</p>
<p class="coupon-status" role="status">${said}</p>
</form>`;
}

/** The demo's two switches on the checkout page, kept in its query (?shopper=new, ?capture=later). */
export interface CheckoutChoices {
  /** Prefill the demo shopper (false: an empty form). */
  demoShopper: boolean;
  /** Authorise only; the merchant captures later from the console. */
  captureLater: boolean;
}

export function checkoutHref({ demoShopper, captureLater }: CheckoutChoices): string {
  const query = new URLSearchParams({
    ...(demoShopper ? {} : { shopper: 'new' }),
    ...(captureLater ? { capture: 'later' } : {}),
  }).toString();
  return query ? `/checkout?${query}` : '/checkout';
}

/** What the last coupon post came to, for a page without script. */
export type CouponStatus = 'applied' | 'unknown' | undefined;

export function checkoutView(
  ctx: ShopContext,
  embed: WidgetEmbed,
  choices: CheckoutChoices,
  couponStatus?: CouponStatus,
): SafeHtml {
  const { strings, language, market, locale, cart } = ctx;
  // The element last in the page: it grows as it renders, and nothing below it may move (CLS 0).
  return html`<h1>${strings.checkoutHeading}</h1>
<div class="checkout">
<section class="summary" aria-labelledby="summary-heading">
<h2 id="summary-heading">${strings.orderSummary}</h2>
<ul class="summary-items">
${cart.map(
  ({ product, quantity }) =>
    html`<li><span>${product.names[language]} × ${quantity}</span> <span>${formatMoney(product.prices[market.currency]! * quantity, market.currency, locale)}</span></li>`,
)}
</ul>
${totalsView(ctx, cartTotals(cart, market, ctx.coupon))}
${couponForm(ctx, embed.sessionId, couponStatus)}
</section>
<section class="payment" aria-labelledby="payment-heading">
<h2 id="payment-heading">${strings.paymentHeading}</h2>
${choices.captureLater ? html`<p class="note" data-capture="later">${strings.captureLaterNote}</p>` : ''}
<p class="note"><a href="${checkoutHref({ ...choices, demoShopper: !choices.demoShopper })}">${choices.demoShopper ? strings.emptyForm : strings.demoShopperForm}</a></p>
<p class="note"><a href="${checkoutHref({ ...choices, captureLater: !choices.captureLater })}">${choices.captureLater ? strings.captureAtPayment : strings.captureLater}</a></p>
<opi-checkout session="${embed.sessionId}" api-base="${embed.apiBase}" locale="${locale}"></opi-checkout>
</section>
</div>`;
}

/**
 * What the result page says an order is: a paid order whose money is only authorised, released (voided) or all
 * refunded is not told "paid".
 */
export function resultKey(order: OrderView): ResultKey {
  const { paymentState } = order;
  return paymentState === 'authorised' || paymentState === 'voided' || paymentState === 'refunded'
    ? paymentState
    : order.status;
}

/** Why an order is on hold, in the shopper's words (the amount, unless the hold says otherwise). */
function holdDetail(strings: ShopContext['strings'], order: OrderView): string {
  if (order.holdReason === 'session_already_paid') return strings.secondPaymentHeld;
  if (order.holdReason === 'unreadable_amount') return strings.amountBeingChecked;
  return strings.resultDetail.on_hold;
}

export function resultView(ctx: ShopContext, order: OrderView): SafeHtml {
  const { strings, locale } = ctx;
  const status = order.status;
  const settled = status === 'paid' || status === 'on_hold';
  const shown = resultKey(order);
  const heading =
    shown === 'declined' ? strings.declinedBy(providerDisplayName(order.provider)) : strings.resultHeading[shown];
  return html`<div class="result result-${status}">
<h1>${heading}</h1>
<p>${shown === 'on_hold' ? holdDetail(strings, order) : strings.resultDetail[shown]}</p>
<dl class="facts">
<div><dt>${strings.status}</dt><dd data-status="${status}" data-shown="${shown}">${heading}</dd></div>
<div><dt>${strings.orderReference}</dt><dd><code>${order.orderReference}</code></dd></div>
<div><dt>${strings.amount}</dt><dd>${formatMajor(order.amount, order.currency, locale)}</dd></div>
<div><dt>${strings.provider}</dt><dd>${providerDisplayName(order.provider)}</dd></div>
</dl>
<p class="actions">
${settled ? html`<a class="button primary" href="/">${strings.continueShopping}</a>` : ''}
${status === 'declined' || status === 'cancelled' || status === 'failed' || status === 'error' ? html`<a class="button primary" href="/checkout?session=${encodeURIComponent(order.sessionId)}">${strings.tryAgain}</a>` : ''}
${status === 'pending' || status === 'initiated' ? html`<a class="button" href="">${strings.checkAgain}</a>` : ''}
</p>
</div>`;
}
