// A catalogue's words in a language once its chunk (if any) is here, English where it has none: for the words a chunk
// says after the first paint, which wait for nothing else.
import { type Catalogues, wordsFor } from './i18n.js';

export async function settledWords<T>(catalogues: Catalogues<T>, language: string): Promise<T> {
  for (;;) {
    const words = wordsFor(catalogues, language);
    if (!(words instanceof Promise)) return words;
    await words;
  }
}
