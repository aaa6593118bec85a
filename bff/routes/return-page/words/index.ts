// The return pages' words in every language we ship, and the choice of one for a shopper.
import { fallbacks, LANGUAGES, toLanguageTag, type Language } from '../../../../shared/languages.js';
import ar from './ar.js';
import de from './de.js';
import en from './en.js';
import es from './es.js';
import fil from './fil.js';
import fr from './fr.js';
import indonesian from './id.js';
import ms from './ms.js';
import sv from './sv.js';
import th from './th.js';
import vi from './vi.js';
import zhHans from './zh-Hans.js';
import zhHant from './zh-Hant.js';
import type { ReturnPageWords } from './words.js';

export type { PayPageWords, ReturnPageText, ReturnPageWords } from './words.js';

const WORDS: Record<Language, ReturnPageWords> = {
  en,
  ar,
  de,
  es,
  fil,
  fr,
  id: indonesian,
  ms,
  sv,
  th,
  vi,
  'zh-Hans': zhHans,
  'zh-Hant': zhHant,
};

/**
 * The words for the first of the candidates (the session's locale, then the browser's Accept-Language, in order)
 * that we speak, matched by region, script and language (zh-TW finds zh-Hant); English when none is.
 */
export function returnPageWords(candidates: readonly (string | undefined)[]): {
  language: string;
  words: ReturnPageWords;
} {
  for (const candidate of candidates) {
    const tag = toLanguageTag(candidate);
    if (!tag) continue;
    const language = fallbacks(tag).find((each): each is Language => LANGUAGES.includes(each as Language));
    const words = language && WORDS[language];
    if (words) return { language: tag, words };
  }
  return { language: 'en', words: en };
}
