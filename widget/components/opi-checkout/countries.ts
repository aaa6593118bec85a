// Country choices for the address selects: every ISO 3166-1 code Intl knows, named in the shopper's language.
import { countryCodes, isCountryCode } from '../../../shared/countries.js';

export interface CountryOption {
  code: string;
  name: string;
}

const cache = new Map<string, CountryOption[]>();

/** Sorted by name in the shopper's language, with the session's country first. Built lazily, once per language. */
export function countryOptions(language: string, first: string): CountryOption[] {
  const key = `${language}|${first}`;
  let options = cache.get(key);
  if (!options) {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    const option = (code: string): CountryOption => ({ code, name: names.of(code) ?? code });
    const collator = new Intl.Collator(language);
    const named = countryCodes()
      .filter((code) => code !== first)
      .map(option)
      .sort((a, b) => collator.compare(a.name, b.name));
    options = isCountryCode(first) ? [option(first), ...named] : named;
    cache.set(key, options);
  }
  return options;
}
