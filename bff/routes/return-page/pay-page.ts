// The checkout page the BFF hosts for a session (pay by link): who the shopper pays, the cart's lines and total, and
// <opi-checkout> for the session, in the session's language and direction. Its script, import map and style carry
// the response's nonce, as does Lit's (window.litNonce: browsers without constructable style sheets write <style>
// elements); nothing else runs or styles it (payPageCsp).
import escapeHtml from 'escape-html';
import type { WidgetEmbed } from '../../http/widget-asset.js';
import { pageStart } from './page.js';
import type { PayPageWords } from './words/index.js';

const STYLE = `body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f6f7f9; color: #1b1f24; }
main { max-width: 40rem; margin: 0 auto; padding: 1rem; display: grid; gap: 1rem; }
header { display: flex; align-items: center; gap: 0.75rem; min-height: 2.5rem; }
header img { max-height: 2.5rem; max-width: 10rem; }
h1 { font-size: 1.35rem; margin: 0; }
section { background: #fff; border-radius: 12px; padding: 1rem 1.25rem; box-shadow: 0 1px 4px rgb(0 0 0 / 0.08); }
h2 { font-size: 1rem; margin: 0 0 0.5rem; }
dl { display: grid; grid-template-columns: 1fr auto; gap: 0.25rem 1rem; margin: 0; }
dd { margin: 0; text-align: end; font-variant-numeric: tabular-nums; }
.total { font-weight: 600; border-top: 1px solid #d0d4da; padding-top: 0.5rem; }`;

export interface PayPageView {
  /** The page's language (a BCP 47 tag) and its words. */
  language: string;
  words: PayPageWords;
  merchant: { name: string; logoUrl?: string };
  /** The summary's lines, each a label and its amount formatted for the shopper; the total last. */
  lines: { label: string; amount: string }[];
  total: string;
  sessionId: string;
  apiBase: string;
  widget: WidgetEmbed;
  nonce: string;
}

/** The page's CSP: its own nonce, the BFF's origin (the widget and its API), and the images of logos. */
export function payPageCsp(nonce: string, apiOrigin: string, imageOrigins: readonly string[]): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}' ${apiOrigin}`,
    `style-src 'nonce-${nonce}'`,
    `img-src ${[apiOrigin, 'https:', ...imageOrigins].join(' ')}`,
    `connect-src ${apiOrigin}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function payPage(view: PayPageView): string {
  const { words, merchant, widget, nonce } = view;
  const e = escapeHtml;
  const title = words.title.replace('{merchant}', merchant.name);
  const logo = merchant.logoUrl ? `<img src="${e(merchant.logoUrl)}" alt="${e(merchant.name)}">` : '';
  const preload = widget.preload
    .map(
      ({ url, integrity }) =>
        `<link rel="modulepreload" href="${e(url)}" integrity="${e(integrity)}" crossorigin="anonymous">`,
    )
    .join('\n');
  const lines = view.lines.map(({ label, amount }) => `<dt>${e(label)}</dt><dd>${e(amount)}</dd>`).join('\n');
  const head = `<style nonce="${nonce}">${STYLE}</style>
<script nonce="${nonce}">window.litNonce = '${nonce}';</script>
<script type="importmap" nonce="${nonce}">${JSON.stringify(widget.importMap).replace(/</g, '\\u003c')}</script>
${preload}
<script type="module" src="${e(widget.script.url)}" integrity="${e(widget.script.integrity)}" crossorigin="anonymous" nonce="${nonce}"></script>`;
  return `${pageStart(view.language, title, head)}<main>
<header>${logo}<h1>${e(title)}</h1></header>
<section aria-labelledby="summary">
<h2 id="summary">${e(words.summary)}</h2>
<dl>
${lines}
<dt class="total">${e(words.total)}</dt><dd class="total">${e(view.total)}</dd>
</dl>
</section>
<section>
<opi-checkout session="${e(view.sessionId)}" api-base="${e(view.apiBase)}"></opi-checkout>
</section>
</main>
</body>
</html>
`;
}
