// Amounts for people: always Intl.NumberFormat (shared/money.ts), in the page's language and the market's region.
import { formatMoney, toMinor } from '../../shared/money.js';
import type { Language, Market } from './catalogue.js';

/**
 * BCP 47 tag for Intl and the widget's locale attribute: en-AU, ar-SA-u-nu-latn, th-TH. Local choice: Western digits
 * in Arabic too (ar-SA alone would write Arabic-Indic ones), as many Gulf shops show prices; the widget gets the same
 * tag so its amounts and counts match the page's. A market with a language of its own uses it (zh-TW, th-TH).
 */
export function intlLocale(language: Language, market: Market): string {
  if (market.language) return `${market.language}-${market.country}`;
  return language === 'ar' ? `ar-${market.country}-u-nu-latn` : `en-${market.country}`;
}

/** The session's locale, in the upstream's form (ar_SA, zh_TW). */
export function upstreamLocale(language: Language, market: Market): string {
  return `${market.language ?? language}_${market.country}`;
}

/** A decimal major-unit amount from the BFF (257.75), formatted. */
export function formatMajor(major: number, currency: string, locale: string): string {
  const minor = toMinor(major, currency);
  return minor === null ? `${currency} ${major}` : formatMoney(minor, currency, locale);
}

export function formatDateTime(iso: string, locale: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(date);
}
