// Countries without zod (the widget imports this): which codes are assigned ISO 3166-1 alpha-2 countries, their
// names in any language, and whether their addresses have postal codes.
import { COUNTRIES_WITHOUT_POSTAL_CODE } from './postal-code-countries.js';

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

/** Whether addresses in this country have a postal code (Google's address metadata, postal-code-countries.ts). */
export const usesPostalCode = (country: string): boolean => !COUNTRIES_WITHOUT_POSTAL_CODE.has(country);
