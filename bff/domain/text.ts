// Text the ledger can keep: no U+0000 and no unpaired UTF-16 surrogate. PostgreSQL stores neither U+0000 in text
// nor in jsonb, and a lone surrogate is not Unicode at all: both would fail later, in the ledger or at the upstream.
// bff/http/text-guard.ts refuses them at the edge; a notification's body is checked here before it is read.
//
// What a stranger sends costs work in proportion to its size and no more: a JSON body is measured for nesting in one
// pass over its text before anything parses or walks it (MAX_JSON_DEPTH), the walk below visits each node once and
// builds a path only for a string it reports, and it reports at most MAX_REPORTED of them.
import { DomainError } from './errors.js';

// Without the u flag a regular expression sees UTF-16 code units, so a lone surrogate can be matched.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching U+0000 is this expression's purpose.
const BAD_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const MESSAGE = 'must not contain U+0000 or an unpaired surrogate';

/** Local choice: deeper than any request or notification the BFF reads (the deepest is 4 levels) by far. */
export const MAX_JSON_DEPTH = 32;
/** The most bad strings one refusal names. */
const MAX_REPORTED = 10;

export const isBadText = (text: string): boolean => BAD_TEXT.test(text);

/**
 * Whether JSON text (or its UTF-8 bytes: the characters that count are ASCII, never part of a longer sequence) nests
 * arrays and objects no deeper than `max`: one pass, strings skipped (escapes included), no parse. Text that is not
 * JSON at all may pass; the parser refuses it.
 */
export function nestsWithin(text: string | Uint8Array, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = typeof text === 'string' ? text.charCodeAt(index) : text[index]!;
    if (inString) {
      if (code === 0x5c)
        index++; // a backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > max) return false;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return true;
}

/** A node of the walk: its value, and how to name it (its key and its parent's index) if it must be reported. */
interface Visit {
  value: unknown;
  key: string | null;
  parent: number;
}

/**
 * The dotted paths of the bad strings (or keys) in a parsed JSON value or query object, sorted, at most
 * MAX_REPORTED of them. Each node is visited once; a path is built only for a node it reports.
 */
export function badTextPaths(value: unknown, prefix: string[] = []): string[] {
  const visits: Visit[] = [{ value, key: null, parent: -1 }];
  const found: string[] = [];
  const pathOf = (index: number, last?: string) => {
    const keys: string[] = last === undefined ? [] : [last];
    for (let at = index; at >= 0 && visits[at]!.key !== null; at = visits[at]!.parent) keys.push(visits[at]!.key!);
    return [...prefix, ...keys.reverse()].join('.');
  };
  for (let index = 0; index < visits.length && found.length < MAX_REPORTED; index++) {
    const { value: current } = visits[index]!;
    if (typeof current === 'string') {
      if (isBadText(current)) found.push(pathOf(index));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        if (isBadText(key)) found.push(pathOf(index, '(key)'));
        visits.push({ value: child, key, parent: index });
      }
    }
  }
  return found.slice(0, MAX_REPORTED).sort();
}

export function invalidText(paths: string[]): DomainError {
  return new DomainError(
    'invalid_text',
    'Text in the request holds a character that cannot be stored (U+0000 or a lone surrogate).',
    {
      errors: paths.map((path) => ({ path, message: MESSAGE })),
    },
  );
}

export function tooDeep(): DomainError {
  return new DomainError(
    'too_deeply_nested',
    `The request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.`,
  );
}
