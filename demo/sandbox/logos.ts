// Small SVG logos, one per brand, served by the sandbox itself so nothing is fetched from an outside host.
import { providerDisplayName } from '../../shared/providers.js';
import { CATALOGUE, type CatalogueEntry } from './catalogue.js';
import escapeHtml from 'escape-html';

/** "TABBY_AE" -> "tabby": the brands share one logo across markets. */
function logoSlug(providerName: string): string {
  return providerDisplayName(providerName)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
}

export function logoPath(providerName: string): string {
  return `/logos/${logoSlug(providerName)}.svg`;
}

function logoSvg(entry: CatalogueEntry): string {
  const brand = escapeHtml(providerDisplayName(entry.name));
  const { background, foreground } = entry.brand;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40" role="img" aria-label="${brand}">` +
    `<title>${brand}</title>` +
    `<rect width="120" height="40" rx="8" fill="${background}"/>` +
    `<text x="60" y="26" text-anchor="middle" font-family="system-ui, sans-serif" font-size="17" font-weight="700" fill="${foreground}">${brand}</text>` +
    `</svg>`
  );
}

const LOGOS = new Map<string, string>(CATALOGUE.map((entry) => [`${logoSlug(entry.name)}.svg`, logoSvg(entry)]));

/** The SVG for a file name such as "tabby.svg", or undefined. */
export function logoFile(fileName: string): string | undefined {
  return LOGOS.get(fileName);
}

/** The logo as base64, for `image` when a client asks with isCapable=true. */
export function logoBase64(providerName: string): string | undefined {
  const svg = LOGOS.get(`${logoSlug(providerName)}.svg`);
  return svg === undefined ? undefined : Buffer.from(svg).toString('base64');
}
