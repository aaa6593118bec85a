// Language, direction and string catalogues for every element of the family. Each element has its own catalogue
// type; English ships inside the element (the fallback, and what most pages use) and other languages are separate
// chunks loaded the first time a page asks for them, so an English page never downloads Arabic.

/** What a host page may override: any top-level string, or some entries of a nested group. */
export type Overrides<T> = {
  [K in keyof T]?: T[K] extends string | ((...args: never[]) => string) ? T[K] : Partial<T[K]>;
};

export interface Catalogues<T> {
  en: T;
  /** By primary language subtag: the dynamic import of that language's catalogue. */
  load: Record<string, () => Promise<T>>;
}

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

/** The first usable of the candidates (the element's locale attribute, the content's, the page's lang), else en. */
export function resolveLanguage(...candidates: (string | null | undefined)[]): string {
  for (const candidate of candidates) {
    const tag = toLanguageTag(candidate);
    if (tag) return tag;
  }
  return 'en';
}

const primary = (tag: string): string => tag.split('-')[0] ?? tag;

export const isRightToLeft = (tag: string): boolean => RIGHT_TO_LEFT.has(primary(tag));

const loaded = new WeakMap<Catalogues<unknown>, Map<string, unknown>>();

/**
 * The catalogue for a language, or a promise of it while its chunk loads (English, and any language without a
 * catalogue, are there at once). A failed load falls back to English rather than leave the element without words.
 */
export function catalogueFor<T>(catalogues: Catalogues<T>, tag: string): T | Promise<T> {
  const language = primary(tag);
  const load = catalogues.load[language];
  if (!load) return catalogues.en;
  const cache = loaded.get(catalogues) ?? new Map<string, unknown>();
  loaded.set(catalogues, cache);
  if (cache.has(language)) return cache.get(language) as T | Promise<T>;
  const settle = (catalogue: T) => {
    cache.set(language, catalogue);
    return catalogue;
  };
  const pending = load().then(settle, () => settle(catalogues.en));
  cache.set(language, pending);
  return pending;
}

/** A catalogue with the host page's overrides on top. */
export function withOverrides<T>(base: T, overrides: Overrides<T> = {}): T {
  const merged: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    const current = merged[key];
    merged[key] = typeof value === 'object' && typeof current === 'object' ? { ...current, ...value } : value;
  }
  return merged as T;
}
