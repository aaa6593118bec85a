// shared/postal-code-countries.ts is Google's address metadata as the localized-address-format package ships it:
// an update of that package that changes which countries have postal codes fails here until the file is rewritten.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { usesPostalCode } from '../../shared/countries.js';
import {
  countriesWithoutPostalCode,
  postalCodeCountriesSource,
  TARGET,
} from '../../scripts/generate-postal-code-countries.js';

describe('countries without a postal code', () => {
  it('is what the address metadata says (tsx scripts/generate-postal-code-countries.ts rewrites it)', () => {
    expect(readFileSync(TARGET, 'utf8')).toBe(postalCodeCountriesSource());
  });

  it('names the Gulf and Hong Kong, not the markets that have codes', () => {
    expect(countriesWithoutPostalCode()).toEqual(expect.arrayContaining(['AE', 'QA', 'HK']));
    for (const code of countriesWithoutPostalCode()) expect(usesPostalCode(code), code).toBe(false);
    expect(['SA', 'KW', 'AU', 'SG', 'GB', 'US', 'DE', 'JP'].every(usesPostalCode)).toBe(true);
  });
});
