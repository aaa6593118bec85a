// The merchant API's bearer check. Keys are compared as SHA-256 digests (equal lengths, so timingSafeEqual
// applies) against every configured key, without stopping at the first match.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { DomainError } from '../domain/errors.js';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

export function merchantAuth(keys: readonly string[]): RequestHandler {
  const known = keys.map(digest);
  return (req, _res, next) => {
    const match = /^Bearer +(\S+) *$/i.exec(req.get('authorization') ?? '');
    const given = digest(match?.[1] ?? '');
    let valid = false;
    for (const key of known) valid = timingSafeEqual(key, given) || valid;
    if (match && valid) return next();
    next(new DomainError('unauthorized', 'A valid merchant key is required (Authorization: Bearer <key>).'));
  };
}
