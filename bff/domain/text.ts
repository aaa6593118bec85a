// Text the ledger can keep: no U+0000 and no unpaired UTF-16 surrogate. PostgreSQL stores neither U+0000 in text
// nor in jsonb, and a lone surrogate is not Unicode at all: both would fail later, in the ledger or at the upstream.
// bff/http/text-guard.ts refuses them at the edge; a notification's body is checked here before it is read.
import { DomainError } from './errors.js';

// Without the u flag a regular expression sees UTF-16 code units, so a lone surrogate can be matched.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching U+0000 is this expression's purpose.
const BAD_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const MESSAGE = 'must not contain U+0000 or an unpaired surrogate';

export const isBadText = (text: string): boolean => BAD_TEXT.test(text);

/** The dotted paths of every bad string (or key) in a parsed JSON value or query object. */
export function badTextPaths(value: unknown, prefix: string[] = []): string[] {
  const found: string[] = [];
  const stack: [unknown, string[]][] = [[value, prefix]];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (isBadText(current)) found.push(path.join('.'));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        if (isBadText(key)) found.push([...path, '(key)'].join('.'));
        stack.push([child, [...path, key]]);
      }
    }
  }
  return found.sort();
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
