// HTTP plumbing shared by the routes: the upstream's error shape, reading and parsing request bodies.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type * as z from 'zod/mini';

/** The docs' error body (a NestJS service's): message is a list for field problems, a text otherwise. */
export interface ErrorBody {
  statusCode: number;
  message: string | string[];
  error?: string;
}

const ERROR_NAMES: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  508: 'Loop Detected',
};

// The upstream (a NestJS service) sends no `error` name on 401 and 5xx, and a fixed text on each.
const STATUS_TEXTS: Record<number, string> = {
  401: 'Unauthorized',
  429: 'Too Many Requests',
  500: 'Internal server error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** A refusal in the upstream's shape: `{ statusCode, message, error? }`. */
export class HttpError extends Error {
  readonly body: ErrorBody;
  constructor(
    readonly status: number,
    message: string | string[] = STATUS_TEXTS[status] ?? 'Error',
    readonly headers: Record<string, string> = {},
  ) {
    super(Array.isArray(message) ? message.join('; ') : message);
    const error = ERROR_NAMES[status];
    this.body = error ? { statusCode: status, message, error } : { statusCode: status, message };
  }
}

/** A schema refusal: 400 with one "<field path> <message>" per issue, as the upstream lists them. */
export function validationError(issues: readonly { path: PropertyKey[]; message: string }[]): HttpError {
  const messages = issues.map(({ path, message }) =>
    path.length > 0 ? `${path.map(String).join('.')} ${message}` : 'body must be a JSON object',
  );
  return new HttpError(400, [...new Set(messages)]);
}

/** A body checked with a schema: its parsed value, or the 400 that lists every problem. */
export function parseBody<T>(schema: z.ZodMiniType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw validationError(result.error.issues);
  return result.data;
}

export interface Reply {
  status: number;
  json?: unknown;
  html?: string;
  text?: string;
  headers?: Record<string, string>;
}

export function send(res: ServerResponse, reply: Reply): void {
  const headers: Record<string, string> = { 'cache-control': 'no-store', ...reply.headers };
  let body = '';
  if (reply.json !== undefined) {
    headers['content-type'] ??= 'application/json; charset=utf-8';
    body = JSON.stringify(reply.json);
  } else if (reply.html !== undefined) {
    headers['content-type'] ??= 'text/html; charset=utf-8';
    body = reply.html;
  } else if (reply.text !== undefined) {
    headers['content-type'] ??= 'text/plain; charset=utf-8';
    body = reply.text;
  }
  res.writeHead(reply.status, { ...headers, 'content-length': String(Buffer.byteLength(body)) });
  res.end(body);
}

export function errorReply(error: HttpError): Reply {
  return { status: error.status, json: error.body, headers: error.headers };
}

// Local choice: the docs state no request size limit; 1 MB is far above any order.
const BODY_LIMIT = 1024 * 1024;

/** The raw body as text; 413 past `limit` (1 MB unless said). */
export async function readBody(req: IncomingMessage, limit = BODY_LIMIT): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new HttpError(413, 'request entity too large', { connection: 'close' });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function isJson(req: IncomingMessage): boolean {
  return /^application\/(.+\+)?json\b/i.test(req.headers['content-type'] ?? '');
}

export function isForm(req: IncomingMessage): boolean {
  return /^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] ?? '');
}

/**
 * A JSON body as the upstream reads it: JSON.parse's own message as a string when it is not JSON, and an empty
 * object when there is no body or it is not sent as JSON (the fields are then reported missing).
 */
export function parseJson(text: string, json: boolean): unknown {
  if (!json || text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new HttpError(400, (error as Error).message);
  }
}

export function parseForm(text: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(text));
}

/** A route's path parameter, decoded; a broken %-escape is a 400, never a crash. */
export function decodeParam(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new HttpError(400, 'malformed path parameter');
  }
}
