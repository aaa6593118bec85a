// The build's check of every catalogue we ship (run by `npm run build`, before the bundle): each language of each
// element (the checkout's words after an attempt and for plan costs too) and of the BFF's pages has every key of English, the same placeholders, plural forms its language
// uses, and the payment words of its glossary (widget/glossary/). Prints each catalogue's estimated gzip weight (the
// budget script weighs the real chunks) and exits 1 on any problem. `tsx scripts/check-catalogues.ts th vi` checks
// only those languages.
import { gzipSync } from 'node:zlib';
import { LANGUAGES } from '../shared/languages.js';
import { TERMS, type Glossary } from '../widget/glossary/index.js';
import { checkCatalogue } from '../widget/internal/catalogue-check.js';
import { withOverrides } from '../widget/internal/i18n.js';

/** Each catalogue's folder: one file per language, named by its tag, its catalogue the default export. */
const FOLDERS = {
  'opi-checkout': '../widget/components/opi-checkout/i18n',
  'opi-checkout after an attempt': '../widget/components/opi-checkout/i18n/attempt',
  'opi-checkout plan costs': '../widget/components/opi-checkout/i18n/plan',
  'opi-instalments': '../widget/components/opi-instalments/i18n',
  'return pages': '../bff/routes/return-page/words',
};

async function load<T>(folder: string, language: string): Promise<T | undefined> {
  try {
    const module = (await import(`${folder}/${language}.js`)) as { default?: T; en?: T };
    return module.default ?? module.en;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND') return undefined;
    throw error;
  }
}

/** A language's catalogue whole: English's first paint with the words of its own chunk (en-form), where it has one. */
async function catalogueOf(folder: string, language: string): Promise<object | undefined> {
  const words = await load<object>(folder, language);
  const rest = language === 'en' ? await load<object>(folder, 'en-form') : undefined;
  return words && withOverrides(words, rest);
}

/** Every message of a catalogue by its path, its plural forms joined. */
function messages(catalogue: object, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix + key;
    if (typeof value === 'string') found.set(path, value);
    else if ('other' in value) found.set(path, Object.values(value as object).join(' '));
    else for (const [inner, text] of messages(value as object, `${path}.`)) found.set(inner, text);
  }
  return found;
}

/** Messages whose English uses a glossary term and whose translation uses none of that term's words. */
export function glossaryProblems(english: object, translated: object, glossary: Glossary): string[] {
  const problems: string[] = [];
  const theirs = messages(translated);
  for (const [path, text] of messages(english)) {
    for (const term of TERMS) {
      if (!new RegExp(`\\b${term}`, 'i').test(text)) continue;
      const words = glossary.terms[term];
      const translation = (theirs.get(path) ?? '').toLowerCase();
      if (!words.some((word) => translation.includes(word.toLowerCase())))
        problems.push(`${path}: "${term}" is written ${words.map((word) => `"${word}"`).join(' or ')} in the glossary`);
    }
  }
  return problems;
}

export interface CatalogueReport {
  name: string;
  language: string;
  /** Estimated gzip bytes of the catalogue's chunk. */
  bytes: number;
  problems: string[];
}

/** The shipped catalogues of the languages given (all by default), checked. */
export async function checkShippedCatalogues(languages: readonly string[] = LANGUAGES): Promise<CatalogueReport[]> {
  const reports: CatalogueReport[] = [];
  for (const [name, folder] of Object.entries(FOLDERS)) {
    const english = (await catalogueOf(folder, 'en'))!;
    for (const language of languages) {
      const catalogue = await catalogueOf(folder, language);
      if (!catalogue) {
        reports.push({ name, language, bytes: 0, problems: ['no catalogue'] });
        continue;
      }
      const { problems } = checkCatalogue(english, catalogue, language, true);
      if (language !== 'en') {
        const glossary = await load<Glossary>('../widget/glossary', language);
        if (glossary) problems.push(...glossaryProblems(english, catalogue, glossary));
        else problems.push('no glossary (widget/glossary/)');
      }
      reports.push({ name, language, bytes: gzipSync(JSON.stringify(catalogue), { level: 9 }).length, problems });
    }
  }
  return reports;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const asked = process.argv.slice(2);
  const reports = await checkShippedCatalogues(asked.length ? asked : LANGUAGES);
  let failed = 0;
  for (const { name, language, bytes, problems } of reports) {
    for (const problem of problems) console.error(`catalogues: ${name} ${language}: ${problem}`);
    failed += problems.length;
    if (name !== 'return pages')
      console.log(`catalogues: ${name} ${language}: about ${(bytes / 1024).toFixed(2)} KB gzip`);
  }
  console.log(`catalogues: ${reports.length} checked, ${failed} problems`);
  process.exit(failed ? 1 : 0);
}
