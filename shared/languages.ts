// The languages the product speaks (the widget's elements and the BFF's shopper pages), and how a tag finds its
// words: a region falls back to its language and script, then to its language, then to English, string by string.
// No zod: the widget imports it.

/** Every language we ship, by the tag its catalogues are filed under; Chinese by script, the rest by language. */
export const LANGUAGES = [
  'en',
  'ar',
  'de',
  'es',
  'fil',
  'fr',
  'id',
  'ms',
  'sv',
  'th',
  'vi',
  'zh-Hans',
  'zh-Hant',
] as const;

export type Language = (typeof LANGUAGES)[number];

/** "en_AE" (the upstream's form) or "ar-AE" as a canonical BCP 47 tag, or undefined when it is not one. */
export function toLanguageTag(locale: string | null | undefined): string | undefined {
  try {
    return locale ? Intl.getCanonicalLocales(locale.replace('_', '-'))[0] : undefined;
  } catch {
    return undefined;
  }
}

/** Where a tag's words come from, most specific first: zh-TW, then zh-Hant, then zh; ar-SA-u-nu-latn, then ar. */
export function fallbacks(tag: string): string[] {
  const locale = new Intl.Locale(tag);
  const { language, script } = locale.maximize();
  return [...new Set([locale.baseName, `${language}-${script}`, language])];
}

/** Written right to left: Arabic, Hebrew, Persian, Urdu, and every other language in a right-to-left script. */
export const isRightToLeft = (tag: string): boolean =>
  /^(Arab|Hebr|Thaa|Syrc|Nkoo|Adlm|Rohg|Mand|Samr)$/.test(new Intl.Locale(tag).maximize().script!);
