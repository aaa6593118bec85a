// The payment words of each language, fixed once from what shoppers in its markets read on the providers' and
// the platforms' own pages, so that every catalogue says the same thing the same way. scripts/check-catalogues.ts
// holds every catalogue to it (a message whose English has a term must use one of that term's words), and
// docs/languages.md is generated from it.

/** The English terms, as they appear in the English catalogues. */
export const TERMS = [
  'instalment',
  'interest-free',
  'pay later',
  'billing address',
  'postal code',
  'payment option',
  'payment provider',
  'checkout',
  'order',
  'delivery',
  'shipping',
  'try again',
] as const;

export type Term = (typeof TERMS)[number];

export interface Glossary {
  /** The language's name in itself (العربية, Deutsch). */
  name: string;
  /** Where the words were taken from: providers' and platforms' pages for shoppers of that market. */
  sources: readonly string[];
  /** Choices that hold across the catalogue: the form of address, the tone, punctuation, number words. */
  notes: readonly string[];
  /** Each term's words in this language, the preferred first; a message must contain one (inflections included). */
  terms: Record<Term, readonly string[]>;
}
