// <opi-checkout>'s words: English's first paint inside the element and its form's words in a chunk, every other
// language a chunk loaded when a page asks for it.
import { type Catalogues, withOverrides } from '../../../internal/i18n.js';
import { en } from './en.js';
import type { Strings } from './strings.js';

export type { ErrorKind, FailureCode, StringOverrides, Strings } from './strings.js';

export const catalogues: Catalogues<Strings> = {
  // The first paint's words; the form's join them (rest) before a form is drawn or a page's words are checked.
  en: en as Strings,
  rest: () => import('./en-form.js').then((words) => Object.assign(en, withOverrides(en as Strings, words.default))),
  load: {
    ar: () => import('./ar.js'),
    de: () => import('./de.js'),
    es: () => import('./es.js'),
    fil: () => import('./fil.js'),
    fr: () => import('./fr.js'),
    id: () => import('./id.js'),
    ms: () => import('./ms.js'),
    sv: () => import('./sv.js'),
    th: () => import('./th.js'),
    vi: () => import('./vi.js'),
    'zh-Hans': () => import('./zh-Hans.js'),
    'zh-Hant': () => import('./zh-Hant.js'),
  },
  words: new Map(),
};
