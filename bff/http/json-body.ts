// JSON bodies only, in UTF-8, 16 KB at most: other media types and other charsets get 415, larger bodies 413, broken
// JSON 400 (problem.ts), a body nested deeper than bff/domain/errors.ts allows 400 too_deeply_nested (measured on the
// raw bytes, before the parse: which is why only UTF-8 is taken, since body-parser would decode a UTF-7 or UTF-16 body
// after the measure and its brackets would go unseen), and text that cannot be stored 400 invalid_text (text-guard.ts).
import express, { type RequestHandler } from 'express';
import typer from 'content-type';
import { DomainError, nestsWithin, tooDeep } from '../domain/errors.js';
import { rejectBadTextInBody } from './text-guard.js';

export const BODY_LIMIT_BYTES = 16 * 1024;
const JSON_TYPES = ['application/json', 'application/*+json'];

/** The charset a Content-Type names, lower case; undefined when it names none (JSON's own default: UTF-8). */
function charsetOf(contentType: string | undefined): string | undefined {
  try {
    return contentType ? typer.parse(contentType).parameters.charset?.toLowerCase() : undefined;
  } catch {
    return 'unreadable';
  }
}

const requireJson: RequestHandler = (req, _res, next) => {
  const charset = charsetOf(req.headers['content-type']);
  if (req.is(JSON_TYPES) && (charset === undefined || charset === 'utf-8' || charset === 'utf8')) return next();
  next(new DomainError('unsupported_media_type', 'Send the request body as application/json in UTF-8.'));
};

export const jsonBody: RequestHandler[] = [
  requireJson,
  express.json({
    limit: BODY_LIMIT_BYTES,
    type: JSON_TYPES,
    strict: true,
    verify: (_req, _res, raw) => {
      if (!nestsWithin(raw)) throw tooDeep();
    },
  }),
  rejectBadTextInBody,
];
