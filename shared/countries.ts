// Countries without zod (the widget imports this): which codes are assigned ISO 3166-1 alpha-2 countries, their
// names in any language, and whether their addresses have postal codes.
import { COUNTRIES_WITHOUT_POSTAL_CODE } from './postal-code-countries.js';

const regionNames = (): Intl.DisplayNames => new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
let regions: Intl.DisplayNames | undefined;

// The 249 assigned ISO 3166-1 alpha-2 codes: one bit per pair of letters, AA to ZZ in order, base64. One list, not
// derived from Intl: engines disagree on which codes they name and canonicalise (WebKit keeps withdrawn ones such as
// UK beside GB, so a select listed 265 entries with 16 names twice). The upstream checks the assigned ones (ISO31661
// Alpha2). Not in it: groupings and private-use codes (EU, UN, ZZ, XK), the exceptionally reserved ones (AC, CP, DG,
// EA, IC, TA) and withdrawn ones. test/shared/countries.test.ts names every one.
const ASSIGNED =
  'Hpr7d/e9u3vk/CGoASsAcAA6kA3536gAsWAYHvACAsAAuNQvgoHyvz//66TSEACAAjzxyoAAAAIAio+/51zd+VmCCCDqoQIAQAIAAAAACAAQIAIAgA==';

let assigned: readonly string[] | undefined;
let assignedSet: ReadonlySet<string> | undefined;

/** Every assigned ISO 3166-1 alpha-2 code, in alphabetical order. */
export function countryCodes(): readonly string[] {
  if (!assigned) {
    const bytes = atob(ASSIGNED);
    const letter = (index: number) => String.fromCharCode(65 + index);
    assigned = Array.from({ length: 676 }, (_, bit) => bit).flatMap((bit) =>
      (bytes.charCodeAt(bit >> 3) >> (7 - (bit & 7))) & 1 ? [letter(Math.floor(bit / 26)) + letter(bit % 26)] : [],
    );
  }
  return assigned;
}

/** An assigned ISO 3166-1 alpha-2 code: one country, one code (UK is GB's withdrawn twin, and not one). */
export function isCountryCode(code: string): boolean {
  assignedSet ??= new Set(countryCodes());
  return assignedSet.has(code);
}

/** English country name, the form the upstream expects in `region` when there is none. */
export function countryName(code: string, locale = 'en'): string {
  regions ??= regionNames();
  const names = locale === 'en' ? regions : new Intl.DisplayNames([locale], { type: 'region' });
  return names.of(code) ?? code;
}

/** Whether addresses in this country have a postal code (Google's address metadata, postal-code-countries.ts). */
export const usesPostalCode = (country: string): boolean => !COUNTRIES_WITHOUT_POSTAL_CODE.has(country);
