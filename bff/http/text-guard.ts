// One rule for text at the edge (bff/domain/errors.ts): no U+0000 and no unpaired UTF-16 surrogate in any path segment,
// query value or JSON string (object keys included), refused up front with 400 `invalid_text` naming where, before
// they could fail later in the ledger or at the upstream as a 5xx. Headers need no check: Node refuses U+0000 in them, and they are bytes.
import type { RequestHandler } from 'express';
import { badTextPaths, invalidText, isBadText } from '../domain/errors.js';

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
