// <opi-instalments>'s words: English inside the element, every other language a chunk loaded when a page asks for it.
import type { Catalogues } from '../../../internal/i18n.js';
import { en } from './en.js';
import type { InstalmentStrings } from './strings.js';

export type { InstalmentStringOverrides, InstalmentStrings } from './strings.js';

export const catalogues: Catalogues<InstalmentStrings> = {
  en,
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
