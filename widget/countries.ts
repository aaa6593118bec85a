// Country choices for the address selects: every ISO 3166-1 code Intl knows, named in the shopper's language.
import { isCountryCode } from '../shared/fields.js';

export interface CountryOption {
  code: string;
  name: string;
}

let codes: string[] | undefined;
const cache = new Map<string, CountryOption[]>();

function allCodes(): string[] {
  if (!codes) {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    codes = [...letters].flatMap((a) => [...letters].map((b) => a + b)).filter(isCountryCode);
  }
  return codes;
}

/** Sorted by name in the shopper's language, with the session's country first. Built lazily, once per language. */
export function countryOptions(language: string, first: string): CountryOption[] {
  const key = `${language}|${first}`;
  let options = cache.get(key);
  if (!options) {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    const option = (code: string): CountryOption => ({ code, name: names.of(code) ?? code });
    const collator = new Intl.Collator(language);
    const named = allCodes()
      .filter((code) => code !== first)
      .map(option)
      .sort((a, b) => collator.compare(a.name, b.name));
    options = isCountryCode(first) ? [option(first), ...named] : named;
    cache.set(key, options);
  }
  return options;
}
