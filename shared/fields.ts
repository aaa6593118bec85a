// Field-level schemas shared by the upstream contract, the BFF's API and the widget's form validation.
import * as z from 'zod/mini';
import { isCurrencyCode } from './money.js';

const regionNames = (): Intl.DisplayNames => new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
let regions: Intl.DisplayNames | undefined;
// Codes Intl names that are not assigned ISO 3166-1 alpha-2 countries: groupings and private-use codes, the
// exceptionally reserved ones (Ascension, Clipperton, Sark, Diego Garcia, Ceuta and Melilla, the Canary Islands,
// Tristan da Cunha) and Kosovo's user-assigned XK. The upstream checks the assigned ones (ISO31661 Alpha2).
const NOT_COUNTRIES = new Set([
  'EU',
  'EZ',
  'UN',
  'ZZ',
  'QO',
  'XA',
  'XB',
  'AC',
  'CP',
  'CQ',
  'DG',
  'EA',
  'IC',
  'TA',
  'XK',
]);

/**
 * An assigned ISO 3166-1 alpha-2 code: one Intl names, and its current one (Intl.Locale canonicalises withdrawn codes
 * to their successors: UK to GB, YU and CS to RS, DD to DE), so each country has one code and one name.
 */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return false;
  regions ??= regionNames();
  return regions.of(code) !== undefined && new Intl.Locale(`und-${code}`).region === code;
}

let assigned: string[] | undefined;
/** Every assigned ISO 3166-1 alpha-2 code, computed once. */
export function countryCodes(): readonly string[] {
  if (!assigned) {
    const letters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
    assigned = letters.flatMap((first) => letters.map((second) => first + second)).filter(isCountryCode);
  }
  return assigned;
}

/** English country name, the form the upstream expects in `region` when there is none. */
export function countryName(code: string, locale = 'en'): string {
  regions ??= regionNames();
  const names = locale === 'en' ? regions : new Intl.DisplayNames([locale], { type: 'region' });
  return names.of(code) ?? code;
}

/** Error text for a wrong base type: "is required" when the field is absent, else what it must be. */
export const typeError = (expected: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'is required' : `must be ${expected}`;

export const text = () => z.string({ error: typeError('text') });
/** A length limit with its own message: without one, zod would repeat the schema's "must be text". */
export const atMost = (max: number) => z.maxLength(max, { error: `must be at most ${max} characters` });
export const requiredText = text().check(z.trim(), z.minLength(1, { error: 'is required' }), atMost(255));
export const optionalText = z.optional(text().check(z.trim(), atMost(255)));

export const countryCode = text().check(
  z.refine(isCountryCode, { error: 'must be an ISO 3166-1 alpha-2 country code, such as AE' }),
);
export const currencyCode = text().check(
  z.refine(isCurrencyCode, { error: 'must be an ISO 4217 currency code, such as AED' }),
);
/** RFC 1766 as the upstream writes it: xx_YY. */
export const upstreamLocale = text().check(z.regex(/^[a-z]{2}_[A-Z]{2}$/, { error: 'must look like en_AE (xx_YY)' }));

export const email = z.pipe(
  text().check(z.trim()),
  z.email({ error: 'must be a valid email address' }).check(atMost(254)),
);

/** Phone numbers as people write them: +971 50 123 4567, (415) 200-1234. 6 to 15 digits (E.164's limit). */
export const phoneNumber = text().check(
  z.trim(),
  z.regex(/^\+?[\d\s().-]+$/, { error: 'may contain only digits, spaces, +, ( ), - and .' }),
  z.refine(
    (value) => {
      const digits = value.replace(/\D/g, '').length;
      return digits >= 6 && digits <= 15;
    },
    { error: 'must have 6 to 15 digits' },
  ),
);

/** A decimal amount in major units; the currency's decimals are checked where the currency is known. */
/** The largest single amount accepted, in major units: far above any cart, and exact in minor units of any currency. */
export const MAX_AMOUNT = 1_000_000_000;

export const amount = z
  .number({ error: typeError('a number') })
  .check(
    z.refine(Number.isFinite, { error: 'must be a finite number' }),
    z.gte(0, { error: 'must not be negative' }),
    z.lte(MAX_AMOUNT, { error: `must be at most ${MAX_AMOUNT}` }),
  );

export const SHIPPING_METHODS = ['delivery', 'store', 'digital', 'pickup'] as const;
export const shippingMethod = z.enum(SHIPPING_METHODS, {
  error: `must be one of: ${SHIPPING_METHODS.join(', ')}`,
});

export const httpUrl = z.pipe(text(), z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }));
