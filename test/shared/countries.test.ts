// One list of the assigned ISO 3166-1 alpha-2 codes, the same in every engine (not derived from what an engine's
// Intl happens to name), each of them named by Intl.DisplayNames.
import { describe, expect, it } from 'vitest';
import { countryCodes, countryName, isCountryCode } from '../../shared/countries.js';

describe('the country list', () => {
  it('holds the 249 assigned codes, each once, in order, each named in English and Arabic', () => {
    const codes = countryCodes();
    expect(codes).toHaveLength(249);
    expect(new Set(codes).size).toBe(249);
    expect([...codes]).toEqual([...codes].sort());
    const arabic = new Intl.DisplayNames(['ar'], { type: 'region', fallback: 'none' });
    for (const code of codes) {
      expect(countryName(code), code).not.toBe(code);
      expect(arabic.of(code), code).toBeDefined();
    }
  });

  it('refuses withdrawn codes, groupings, reserved and user-assigned codes, and anything not two capitals', () => {
    for (const code of ['UK', 'YU', 'CS', 'DD', 'EU', 'UN', 'ZZ', 'XK', 'AC', 'IC', 'ae', 'A', 'GBR', ''])
      expect(isCountryCode(code), code).toBe(false);
    for (const code of ['AE', 'GB', 'RS', 'SS', 'KW']) expect(isCountryCode(code), code).toBe(true);
  });
});
