// Every language's glossary (./glossary.ts says what one holds).
import type { Language } from '../../shared/languages.js';
import ar from './ar.js';
import de from './de.js';
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
import type { Glossary } from './glossary.js';

export type { Glossary } from './glossary.js';
export { TERMS } from './glossary.js';

export const GLOSSARIES: Record<Exclude<Language, 'en'>, Glossary> = {
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
