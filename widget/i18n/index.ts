import { ar } from './ar.js';
import { en } from './en.js';
import type { StringOverrides, Strings } from './strings.js';

export type { ErrorKind, FailureCode, StringOverrides, Strings } from './strings.js';

const CATALOGUES: Record<string, Strings> = { en, ar };
const RIGHT_TO_LEFT = new Set(['ar', 'fa', 'he', 'ur']);

/** "en_AE" (the upstream's form) or "ar-AE" to a canonical BCP 47 tag, or undefined when it is not one. */
function toLanguageTag(locale: string | null | undefined): string | undefined {
  if (!locale) return undefined;
  try {
    return Intl.getCanonicalLocales(locale.replace('_', '-'))[0];
  } catch {
    return undefined;
  }
}

/** The first usable of: the element's locale attribute, the session's locale, the page's lang, English. */
export function resolveLanguage(...candidates: (string | null | undefined)[]): string {
  for (const candidate of candidates) {
    const tag = toLanguageTag(candidate);
    if (tag) return tag;
  }
  return 'en';
}

const primary = (tag: string): string => tag.split('-')[0] ?? tag;

export const isRightToLeft = (tag: string): boolean => RIGHT_TO_LEFT.has(primary(tag));

/** The catalogue for a language (English when there is none), with the host page's overrides on top. */
export function stringsFor(tag: string, overrides: StringOverrides = {}): Strings {
  const base = CATALOGUES[primary(tag)] ?? en;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    const current = merged[key];
    merged[key] = typeof value === 'object' && typeof current === 'object' ? { ...current, ...value } : value;
  }
  return merged as unknown as Strings;
}
