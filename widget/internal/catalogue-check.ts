// Compares a catalogue with English. The same rules judge what a page gives at run time (`strings`, `addStrings`:
// the problems go to the console, and the element keeps working with English where an entry cannot be used) and
// every catalogue we ship (scripts/check-catalogues.ts: any problem fails the build). The elements load it only
// when a page gives words of its own.
import type { Catalogues, Message, Overrides } from './i18n.js';

const FORMS: readonly string[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

const placeholders = (message: Message): string[] => [...new Set(JSON.stringify(message).match(/\{\w+\}/g))].sort();

const isMessage = (value: unknown): value is Message =>
  typeof value === 'string' ||
  (typeof value === 'object' &&
    value !== null &&
    typeof (value as { other?: unknown }).other === 'string' &&
    Object.entries(value).every(([form, text]) => FORMS.includes(form) && typeof text === 'string'));

/** A tag's language (`pt` of `pt_BR`, `zh` of `zh-Hant`), what a catalogue's `lang` holds; undefined for no tag. */
function languageOf(tag: unknown): string | undefined {
  try {
    return new Intl.Locale(String(tag).replace('_', '-')).language;
  } catch {
    return undefined;
  }
}

export interface CheckedCatalogue<T> {
  /** What can be used on top of English. */
  usable: Overrides<T>;
  problems: string[];
}

/**
 * What of `candidate` can be used, and what is wrong with it. Unknown keys, values that are not messages and
 * placeholders English does not have are left out, so English shows rather than a broken text; a placeholder
 * English has and the candidate lacks is reported and kept (a merchant may leave the amount out on purpose).
 * `complete`, for the catalogues we ship, also asks for every key and exactly English's placeholders.
 */
export function checkCatalogue<T>(
  english: T,
  candidate: unknown,
  language: string,
  complete = false,
): CheckedCatalogue<T> {
  const problems: string[] = [];
  const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[];

  function message(path: string, reference: Message, value: unknown): boolean {
    if (!isMessage(value)) {
      problems.push(`${path}: not a text or plural forms ({ one: "…", other: "…" })`);
      return false;
    }
    if (typeof value === 'object' && !placeholders(reference).includes('{count}')) {
      problems.push(`${path}: plural forms need a {count}; this is a plain text`);
      return false;
    }
    const unused = typeof value === 'object' ? Object.keys(value).filter((form) => !forms.includes(form)) : [];
    if (unused.length) problems.push(`${path}: ${language} has no plural form ${unused.join(', ')}`);
    const expected = placeholders(reference);
    const found = placeholders(value);
    const unknown = found.filter((name) => !expected.includes(name));
    if (unknown.length) {
      problems.push(
        `${path}: ${unknown.join(', ')} is not a placeholder of this message (${expected.join(', ') || 'none'})`,
      );
      return false;
    }
    const missing = expected.filter((name) => !found.includes(name));
    if (missing.length) problems.push(`${path}: ${missing.join(', ')} missing`);
    return true;
  }

  function group(path: string, reference: object, value: unknown): Record<string, unknown> {
    const usable: Record<string, unknown> = {};
    if (typeof value !== 'object' || value === null) {
      problems.push(`${path || 'the catalogue'}: not an object of messages`);
      return usable;
    }
    for (const [key, entry] of Object.entries(value)) {
      const name = path ? `${path}.${key}` : key;
      if (name === 'lang') {
        const language = languageOf(entry);
        if (language) usable.lang = language;
        else problems.push(`lang: ${String(entry).slice(0, 40)} is not a language tag`);
        continue;
      }
      const expected = (reference as Record<string, unknown>)[key];
      if (expected === undefined) problems.push(`${name}: no such message`);
      else if (isMessage(expected)) {
        if (message(name, expected, entry)) usable[key] = entry;
      } else usable[key] = group(name, expected as object, entry);
    }
    if (complete) {
      for (const key of Object.keys(reference))
        if (!(key in value)) problems.push(`${path ? `${path}.${key}` : key}: missing`);
    }
    return usable;
  }

  const usable = group('', english as object, candidate) as Overrides<T> & { lang?: string };
  // A shipped catalogue of an element says its own language.
  if (complete && 'lang' in (english as object) && usable.lang !== languageOf(language))
    problems.push(`lang: not ${languageOf(language)}`);
  return { usable, problems };
}

/** Whether any message is left in checked words (a group whose entries were all refused is left empty). */
const hasMessage = (value: unknown): boolean =>
  typeof value === 'string' || isMessage(value) || Object.values(value as object).some(hasMessage);

/**
 * What of a page's words can be used; the problems go to the console. Nothing when no message can be, not even their
 * `lang`: the element's lang follows the words it shows.
 */
export function usableWords<T>(english: T, words: unknown, tag: string, who: string): Overrides<T> {
  if (words instanceof String) {
    console.warn(
      `${who}: the attribute is not JSON ("${words}"). A framework writes an object as that text when it renders the tag before the element is defined: import the element before the first render, or pass JSON.stringify(words).`,
    );
    return {};
  }
  const { usable, problems } = checkCatalogue(english, words, tag);
  for (const problem of problems) console.warn(`${who}: ${problem}`);
  const { lang: _lang, ...messages } = usable as Overrides<T> & { lang?: string };
  return hasMessage(messages) ? usable : {};
}

/** `addStrings`: a page's words for a language, checked, filed under "+" and its tag in place of the pending check. */
export function addWords<T>(catalogues: Catalogues<T>, tag: string, words: unknown, who: string): void {
  catalogues.words.delete(`+${tag}`);
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(tag.replace('_', '-'));
  } catch {
    console.warn(`${who}.addStrings: ${tag} is not a language tag`);
    return;
  }
  const key = locale.baseName;
  // Words added for a language are in it unless they name another (the element's lang follows them). Not so for an
  // element's `strings`: checked once per object, they would keep the language of the moment they were checked.
  const usable = usableWords(catalogues.en, words, key, `${who}.addStrings('${key}')`);
  catalogues.words.set(`+${key}`, Object.keys(usable).length ? { lang: locale.language, ...usable } : usable);
}
