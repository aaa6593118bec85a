// <opi-instalments>'s words: English in the element's own chunk, Arabic loaded when a page asks for it.
import type { Catalogues } from '../../../internal/i18n.js';
import { en } from './en.js';
import type { InstalmentStrings } from './strings.js';

export type { InstalmentStringOverrides, InstalmentStrings } from './strings.js';

export const catalogues: Catalogues<InstalmentStrings> = {
  en,
  load: { ar: () => import('./ar.js').then((module) => module.ar) },
};
