// The page shell shared by the shop and the console: language and direction on <html>, one stylesheet, no script
// inline (the scripts are the widget's elements, from the BFF, and the checkout page's coupon script).
import { countryName } from '../../shared/countries.js';
import { MARKETS, type Language, type Market } from './catalogue.js';
import { html, type SafeHtml } from './html.js';
import type { ShopStrings } from './strings.js';

export interface PageOptions {
  language: Language;
  title: string;
  /** What a search result says about the page (its meta description). */
  description: string;
  header: SafeHtml;
  main: SafeHtml;
  /** Extra tags for <head> (the widget's module script). */
  head?: SafeHtml;
  /** Reload the page after this many seconds (a result still being confirmed). */
  refreshSeconds?: number;
}

export function page(options: PageOptions): string {
  const dir = options.language === 'ar' ? 'rtl' : 'ltr';
  return `<!doctype html>\n${html`<html lang="${options.language}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${options.refreshSeconds ? html`<meta http-equiv="refresh" content="${options.refreshSeconds}">` : ''}
<title>${options.title}</title>
<meta name="description" content="${options.description}">
<link rel="stylesheet" href="/static/styles.css">
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
${options.head}
</head>
<body>
${options.header}
<main id="main" tabindex="-1">
${options.main}
</main>
</body>
</html>`}\n`;
}

export interface ShopHeaderOptions {
  language: Language;
  market: Market;
  strings: ShopStrings;
  cartCount: number;
  /** Where the preference forms send the shopper back to. */
  path: string;
}

export function shopHeader({ language, market, strings, cartCount, path }: ShopHeaderOptions): SafeHtml {
  const otherLanguage: Language = language === 'ar' ? 'en' : 'ar';
  return html`<header class="site-header">
<a class="skip-link" href="#main">${strings.skipToContent}</a>
<a class="brand" href="/">${strings.shopName}</a>
<nav aria-label="${strings.navLabel}">
<ul>
<li><a href="/">${strings.navShop}</a></li>
<li><a href="/cart">${strings.navCart(cartCount)}</a></li>
<li><a href="/console">${strings.navConsole}</a></li>
</ul>
</nav>
<div class="preferences">
<form method="post" action="/preferences" class="market-switch">
<input type="hidden" name="back" value="${path}">
<label for="market-select">${strings.market}</label>
<select id="market-select" name="market">
${MARKETS.map(
  (option) =>
    html`<option value="${option.id}" ${option.id === market.id ? html`selected` : ''}>${countryName(option.country, language)} · ${option.currency}</option>`,
)}
</select>
<button type="submit">${strings.changeMarket}</button>
</form>
<form method="post" action="/preferences" class="language-switch">
<input type="hidden" name="back" value="${path}">
<input type="hidden" name="language" value="${otherLanguage}">
<button type="submit" lang="${otherLanguage}">${strings.otherLanguage}</button>
</form>
</div>
</header>`;
}

export function consoleHeader(): SafeHtml {
  return html`<header class="site-header console-header">
<a class="skip-link" href="#main">Skip to content</a>
<a class="brand" href="/console">Merchant console</a>
<nav aria-label="Console">
<ul>
<li><a href="/console">Orders</a></li>
<li><a href="/">Back to the shop</a></li>
</ul>
</nav>
</header>`;
}
