// JSON bodies only, 16 KB at most: other media types get 415, larger bodies 413, broken JSON 400 (problem.ts), a body
// nested deeper than bff/domain/errors.ts allows 400 too_deeply_nested (measured on the raw bytes, before the parse),
// and text that cannot be stored 400 invalid_text (text-guard.ts).
import express, { type RequestHandler } from 'express';
import { DomainError, nestsWithin, tooDeep } from '../domain/errors.js';
import { rejectBadTextInBody } from './text-guard.js';

export const BODY_LIMIT_BYTES = 16 * 1024;
const JSON_TYPES = ['application/json', 'application/*+json'];

const requireJson: RequestHandler = (req, _res, next) => {
  if (req.is(JSON_TYPES)) return next();
  next(new DomainError('unsupported_media_type', 'Send the request body as application/json.'));
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
