// The plain page a shopper sees when a return cannot be followed (an unknown order, the ledger unreachable), or a
// checkout page that cannot be paid (expired, complete: with a link back to the shop).
// No script and no outside asset; its one style block is allowed by hash in its own CSP.
import { createHash } from 'node:crypto';
import escapeHtml from 'escape-html';
import { isRightToLeft } from '../../../shared/languages.js';
import type { ReturnPageText } from './words/index.js';

const STYLE = `body { font: 16px/1.5 system-ui, sans-serif; margin: 0; display: grid; min-height: 100vh; place-items: center; background: #f6f7f9; color: #1b1f24; }
main { max-width: 32rem; margin: 1rem; padding: 2rem; background: #fff; border-radius: 12px; box-shadow: 0 1px 4px rgb(0 0 0 / 0.08); }
h1 { font-size: 1.35rem; margin: 0 0 0.5rem; }`;

export const RETURN_PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;

/**
 * The start of every page the BFF serves, up to its body: in the shopper's language (a BCP 47 tag), right to left
 * where the language is, never indexed; `head`, what else its head holds (its style, its scripts), already HTML.
 */
export function pageStart(language: string, title: string, head: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(language)}" dir="${isRightToLeft(language) ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
${head}
</head>
<body>
`;
}

/** The page in the shopper's language (a BCP 47 tag), right to left where the language is; a link where it has one. */
export function returnErrorPage(
  language: string,
  { title, message }: ReturnPageText,
  link?: { href: string; text: string },
): string {
  return `${pageStart(language, title, `<style>${STYLE}</style>`)}<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
${
  link
    ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>
`
    : ''
}</main>
</body>
</html>
`;
}
