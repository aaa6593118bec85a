// Languages, messages and catalogues for every element of the family. A catalogue is data: texts with {name}
// placeholders, or their plural forms, so a language orders its words its own way, a merchant can write one
// without a build, and a check can compare any catalogue with English (./catalogue-check.ts). English ships inside
// each element (what the first paint needs; the rest comes with what shows it: Catalogues.rest); every other language
// is a chunk of its own, loaded the first time a page asks for it.
import { fallbacks } from '../../shared/languages.js';

/** Plural forms of one message, chosen by `Intl.PluralRules` for its {count}; `other` is always there. */
export type Plural = { other: string } & { [form in Intl.LDMLPluralRule]?: string };

/** A text with {name} placeholders, or its plural forms. */
export type Message = string | Plural;

/** What fills a message's placeholders: numbers are written in the shopper's digits, and {count} picks the form. */
export type Values = Record<string, string | number>;

/** A message in the shopper's language and digits. */
export type Say = (message: Message, values?: Values) => string;

/**
 * What every element's catalogue has besides its messages: the language its words are in, which the element's `lang`
 * says (a page in a language without a catalogue reads English, and is told so).
 */
export interface Words {
  /** A language subtag: `en`, `ar`, `zh` (a page's own tag names the script and region), or the one words name. */
  lang: string;
}

/** What a host page may give: any message, or some messages of a group. */
export type Overrides<T> = { [K in keyof T]?: T[K] extends Message ? Message : Partial<T[K]> };

export interface Catalogues<T> {
  /** English, the words every language falls back on; whole once `rest` (where an element has one) has arrived. */
  en: T;
  /**
   * The English words the first paint does not need, in a chunk of their own: joins them to `en`. Loaded with what
   * shows them (the checkout's form), and before a page's own words are checked against English.
   */
  rest?: () => Promise<unknown>;
  /** Each language we ship (ar, de, zh-Hant, ...): the import of its chunk. */
  load: Record<string, () => Promise<{ default: T }>>;
  /**
   * What has arrived, or is on its way, by tag: a shipped language's words (de), and a page's own, checked, after
   * a "+" (+ar-AE, +ko).
   */
  words: Map<string, Overrides<T> | Promise<unknown>>;
}

/** A message with its placeholders filled, in the plural form its count asks for. */
export function format(message: Message, values: Values, locale: string): string {
  const text =
    typeof message === 'string'
      ? message
      : (message[new Intl.PluralRules(locale).select(+(values.count ?? NaN))] ?? message.other);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined
      ? whole
      : typeof value === 'number'
        ? new Intl.NumberFormat(locale).format(value)
        : value;
  });
}

/** The first usable of the candidates (attribute, session, page, browser) as a canonical tag, else English. */
export function resolveLanguage(...candidates: (string | null | undefined)[]): string {
  for (const candidate of candidates) {
    try {
      // "en_AE", the upstream's form, is read as en-AE; nothing, or anything not a tag, throws.
      return new Intl.Locale(candidate!.replace('_', '-')).toString();
    } catch {}
  }
  return 'en';
}

/**
 * The tag to format numbers with: the language's, in the numbering system the page chose (`latn` for 0-9, `arab`,
 * `thai`, ...), or as the locale writes them by default when it chose none or one that is not a name.
 */
export function withDigits(tag: string, numberingSystem: string): string {
  try {
    return new Intl.Locale(tag, { numberingSystem: numberingSystem || undefined }).toString();
  } catch {
    return tag;
  }
}

/** A catalogue with a page's or a language's messages on top; a group takes the messages it is given. */
export function withOverrides<T>(base: T, overrides: Overrides<T> = {}): T {
  const merged: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(overrides)) {
    const current = merged[key];
    merged[key] = typeof current === 'object' && !('other' in current!) ? { ...current, ...(value as object) } : value;
  }
  return merged as T;
}

/** A shipped language's words, or a promise of them while its chunk loads; a failed load leaves English. */
function shipped<T>({ load, words }: Catalogues<T>, tag: string): Overrides<T> | Promise<unknown> | undefined {
  const settle = (catalogue: Overrides<T>) => words.set(tag, catalogue);
  if (load[tag] && !words.has(tag))
    words.set(
      tag,
      load[tag]().then(
        (module) => settle(module.default as Overrides<T>),
        () => settle({}),
      ),
    );
  return words.get(tag);
}

/**
 * A language's words, string by string from its most specific catalogue to English (a page's words for the region,
 * the shipped ones for the language, then English), or a promise that settles once everything on its way arrived.
 */
export function wordsFor<T>(catalogues: Catalogues<T>, tag: string): T | Promise<unknown> {
  const layers = fallbacks(tag)
    .reverse()
    .flatMap((each) => [shipped(catalogues, each), catalogues.words.get(`+${each}`)]);
  // A page's words still being checked may be for this language under another spelling of its tag: wait for them.
  const pending = [...catalogues.words.values()].filter((layer) => layer instanceof Promise);
  if (pending.length) return Promise.all(pending);
  return layers.reduce<T>((words, layer) => withOverrides(words, layer as Overrides<T> | undefined), catalogues.en);
}
