// One rule for text at the edge: no U+0000 and no unpaired UTF-16 surrogate in any path segment, query value or
// JSON string (object keys included). PostgreSQL stores neither U+0000 in text nor in jsonb, and a lone surrogate is
// not Unicode at all: both would fail later, in the ledger or at the upstream, as a 5xx. They are refused up front
// with 400 `invalid_text` naming where. Headers need no check: Node refuses U+0000 in them, and they are bytes.
import type { RequestHandler } from 'express';
import { DomainError } from '../domain/errors.js';

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

/** The address: each decoded path segment and every query value. An undecodable one is Express's own 400. */
export const rejectBadTextInUrl: RequestHandler = (req, _res, next) => {
  // Neither can arrive unescaped (Node's parser refuses control characters, and other bytes read as Latin-1).
  if (!req.url.includes('%')) {
    next();
    return;
  }
  const paths = req.path
    .split('/')
    .flatMap((segment) => {
      try {
        return isBadText(decodeURIComponent(segment)) ? ['path'] : [];
      } catch {
        return [];
      }
    })
    .slice(0, 1);
  paths.push(...badTextPaths(req.query, ['query']));
  next(paths.length > 0 ? invalidText(paths) : undefined);
};

/** A parsed JSON body (after express.json). */
export const rejectBadTextInBody: RequestHandler = (req, _res, next) => {
  const paths = badTextPaths(req.body);
  next(paths.length > 0 ? invalidText(paths) : undefined);
};
