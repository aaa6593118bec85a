// <opi-checkout>'s words: English in the element's own chunk, Arabic loaded when a page asks for it.
import type { Catalogues } from '../../../internal/i18n.js';
import { en } from './en.js';
import type { Strings } from './strings.js';

export type { ErrorKind, FailureCode, StringOverrides, Strings } from './strings.js';

export const catalogues: Catalogues<Strings> = {
  en,
  load: { ar: () => import('./ar.js').then((module) => module.ar) },
};
