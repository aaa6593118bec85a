// One request through the sandbox: logos, control endpoints, the hosted page, or the upstream API with its
// journal entry, injected fault and bearer check.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { findApiRoute, type ApiRoute, type Surface } from './api-routes.js';
import { isoTime, type SandboxContext } from './context.js';
import type { ConsoleRoute } from './console.js';
import { controlRoute } from './control.js';
import { actsAfterWrite, type FaultTable } from './faults.js';
import { errorReply, HttpError, isForm, isJson, parseForm, parseJson, readBody, send, type Reply } from './http.js';
import { appendCapped } from './history.js';
import { sameText } from './jwt.js';
import { logoFile } from './logos.js';
import { RELAY_BODY_LIMIT, RELAYED_HEADER } from './notifications.js';
import { payRoute } from './pay-routes.js';
import type { Fault, JournalEntry, Sandbox } from './types.js';

export interface DispatchDeps {
  /** 'auth': the token origin, which serves nothing else. */
  surface: Surface;
  ctx: SandboxContext;
  faults: FaultTable;
  journal: JournalEntry[];
  historyLimit: number;
  sandbox: Sandbox;
  /** The console at /__sandbox/ (the API's surface only). */
  consoleRoute: ConsoleRoute;
}

const SECRET_FIELDS = new Set(['client_secret']);
const ORIGIN = 'http://sandbox.invalid';

/** What the journal keeps of a body: parsed when it can be, the token request's secret redacted. */
function journalBody(req: IncomingMessage, text: string): unknown {
  if (text === '') return undefined;
  if (isForm(req)) {
    return Object.fromEntries(
      Object.entries(parseForm(text)).map(([key, value]) => [key, SECRET_FIELDS.has(key) ? '[redacted]' : value]),
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function createdWithLostAnswer(ctx: SandboxContext, created: Record<string, unknown>): boolean {
  const reference = created.orderReference;
  return typeof reference === 'string' && ctx.store.get(reference)?.answerLost === true;
}

/** The order a request names, for a fault aimed at one: the path's, or create-order's body's orderReference. */
function namedOrder(route: ApiRoute, pathReference: string, body: unknown): string | undefined {
  if (route.route !== 'create-order') return pathReference === '' ? undefined : pathReference;
  const reference =
    body !== null && typeof body === 'object' ? (body as Record<string, unknown>).orderReference : undefined;
  return typeof reference === 'string' ? reference : undefined;
}

function apiInput(route: ApiRoute, req: IncomingMessage, text: string): unknown {
  if (route.body === 'form') {
    // Local choice: the token endpoint takes only a form, as the docs send it.
    if (!isForm(req)) throw new HttpError(400, 'Content-Type must be application/x-www-form-urlencoded');
    return parseForm(text);
  }
  return parseJson(text, isJson(req));
}

/** The request target as a URL; one that does not parse (`GET http://[`, `OPTIONS *`) is a 400. */
function requestUrl(target: string): URL {
  try {
    // A path is appended, not resolved: "//x" must stay a path and never become a host.
    return new URL(target.startsWith('/') ? `${ORIGIN}${target}` : target);
  } catch {
    throw new HttpError(400, 'malformed request target');
  }
}

/**
 * A control request's body. Local choice: POST and PUT must say application/json, whatever the body, so a page on
 * another site cannot drive the sandbox with a form or a text/plain fetch: its browser has to ask first (a CORS
 * preflight), and the sandbox grants none.
 */
async function controlBody(req: IncomingMessage, method: string): Promise<unknown> {
  const text = await readBody(req);
  if ((method === 'POST' || method === 'PUT') && !isJson(req))
    throw new HttpError(415, 'Content-Type must be application/json');
  return parseJson(text, true);
}

export function createDispatcher({ surface, ctx, faults, journal, historyLimit, sandbox, consoleRoute }: DispatchDeps) {
  const record = (req: IncomingMessage, method: string, url: URL): JournalEntry => {
    const entry: JournalEntry = { at: isoTime(ctx.now()), method, path: url.pathname, status: 0 };
    if (url.search) entry.query = Object.fromEntries(url.searchParams);
    const { traceparent } = req.headers;
    if (typeof traceparent === 'string') entry.traceparent = traceparent;
    appendCapped(journal, entry, historyLimit);
    return entry;
  };

  /** Sends what `work` answers (nothing for a hang or a reset), any failure in the upstream's error shape. */
  const safely = async (res: ServerResponse, work: () => Promise<Reply | undefined>, entry?: JournalEntry) => {
    const answer = (reply: Reply) => {
      if (entry) entry.status = reply.status;
      send(res, reply);
    };
    try {
      const reply = await work();
      if (reply) answer(reply);
    } catch (error) {
      if (ctx.scheduler.signal.aborted) return void res.destroy();
      answer(errorReply(error instanceof HttpError ? error : new HttpError(500)));
    }
  };

  /** Applies a fault that acts before the route runs; answers the reply to send, null to never answer. */
  async function before(fault: Fault): Promise<Reply | null | undefined> {
    switch (fault.kind) {
      case 'latency':
        await ctx.scheduler.sleep(fault.ms);
        return undefined;
      case 'status': {
        const headers: Record<string, string> =
          fault.retryAfterSeconds === undefined ? {} : { 'retry-after': String(fault.retryAfterSeconds) };
        return errorReply(new HttpError(fault.status, undefined, headers));
      }
      case 'hang':
        return null; // close() destroys the socket
      case 'malformed-json':
        return { status: 200, text: '{"orderId": "', headers: { 'content-type': 'application/json; charset=utf-8' } };
      default:
        return undefined;
    }
  }

  async function api(req: IncomingMessage, res: ServerResponse, method: string, url: URL): Promise<void> {
    const entry = record(req, method, url);
    await ctx.scheduler.answering(
      safely(
        res,
        async () => {
          const text = await readBody(req);
          const body = journalBody(req, text);
          if (body !== undefined) entry.body = body;
          const found = findApiRoute(surface, method, url.pathname);
          if (!found) throw new HttpError(404, `Cannot ${method} ${url.pathname}`);
          const { route, reference } = found;
          entry.route = route.route;
          const active = faults.find(route.route, namedOrder(route, reference, body));
          if (active && !actsAfterWrite(active.fault)) {
            faults.use(route.route, active);
            entry.fault = active.fault.kind;
            const early = await before(active.fault);
            if (early === null) return undefined;
            if (early) return early;
          }
          const input = apiInput(route, req, text);
          if (route.route !== 'token' && !ctx.tokens.verify(req.headers.authorization)) throw new HttpError(401);
          const json = route.handle(ctx, reference, { body: input, query: url.searchParams }) as Record<
            string,
            unknown
          >;
          const loseAnswer = () => {
            entry.status = route.status;
            req.socket.destroy(); // before any byte of the answer
            return undefined;
          };
          // A refused request passes through: these faults wait for a write that was done.
          if (active && actsAfterWrite(active.fault)) {
            const { fault } = active;
            faults.use(route.route, active);
            entry.fault = fault.kind;
            if (fault.kind === 'lost-answer') return loseAnswer();
            if (fault.kind === 'redirect-url')
              return { status: route.status, json: { ...json, redirectUrl: fault.url } };
          }
          if (route.route === 'create-order' && createdWithLostAnswer(ctx, json)) return loseAnswer();
          return { status: route.status, json };
        },
        entry,
      ),
    );
  }

  async function pay(req: IncomingMessage, res: ServerResponse, method: string, url: URL, match: RegExpExecArray) {
    const entry = record(req, method, url);
    await safely(
      res,
      async () => {
        const text = await readBody(req);
        const form = isForm(req) ? parseForm(text) : {};
        if (text) entry.body = form;
        return payRoute(ctx, method, match[1] ?? '', match[2] ? 'result' : 'form', form);
      },
      entry,
    );
  }

  /** With a control token set, only a request that carries it (Bearer, or Basic with it as the password). */
  function controlAllowed(req: IncomingMessage): boolean {
    const token = ctx.controlToken;
    if (token === undefined) return true;
    const [scheme = '', value = ''] = (req.headers.authorization ?? '').split(' ', 2);
    const given =
      scheme.toLowerCase() === 'bearer'
        ? value
        : scheme.toLowerCase() === 'basic'
          ? Buffer.from(value, 'base64').toString('utf8').split(':').slice(1).join(':')
          : '';
    return sameText(token, given);
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    let url: URL;
    try {
      url = requestUrl(req.url ?? '/');
    } catch (error) {
      return send(res, errorReply(error as HttpError));
    }
    if (surface === 'auth') return api(req, res, method, url);
    const logo = /^\/logos\/([\w.-]+)$/.exec(url.pathname);
    if (logo && method === 'GET') {
      const svg = logoFile(logo[1] ?? '');
      if (svg)
        return send(res, {
          status: 200,
          text: svg,
          headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' },
        });
    }
    const control = url.pathname === '/__sandbox' || url.pathname.startsWith('/__sandbox/');
    const relayed = url.pathname === '/__sandbox/relay' && method === 'POST';
    if (control && !relayed && !controlAllowed(req)) {
      return send(res, {
        status: 401,
        json: { statusCode: 401, message: 'The sandbox control API needs its token.', error: 'Unauthorized' },
        headers: { 'www-authenticate': 'Basic realm="opi sandbox control", charset="UTF-8"' },
      });
    }
    const consolePath = /^\/__sandbox(\/|\/console)?$/.exec(url.pathname);
    if (consolePath) {
      return safely(res, async () => {
        const text = await readBody(req);
        const reply = await consoleRoute(method, consolePath[1] ?? '', isForm(req) ? parseForm(text) : {});
        if (!reply) throw new HttpError(404, `Cannot ${method} ${url.pathname}`);
        return reply;
      });
    }
    if (url.pathname === '/__sandbox/relay' && method === 'POST') {
      return safely(res, async () => {
        // The BFF sends JSON: anything else is refused before it is kept (a page on another site cannot send it
        // without a preflight), and so is the relay's own send coming back (a target pointing at the relay).
        if (!isJson(req)) throw new HttpError(415, 'Content-Type must be application/json');
        if (req.headers[RELAYED_HEADER]) throw new HttpError(508, 'the relay target is the relay itself');
        const text = await readBody(req, RELAY_BODY_LIMIT);
        const headers = Object.fromEntries(
          Object.entries(req.headers).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])),
        );
        return { status: await ctx.notifications.relay(headers, text) };
      });
    }
    if (url.pathname.startsWith('/__sandbox/')) {
      return safely(res, async () =>
        controlRoute(sandbox, method, url.pathname.slice('/__sandbox'.length), await controlBody(req, method)),
      );
    }
    const page = /^\/pay\/([^/]+)(\/result)?\/?$/.exec(url.pathname);
    if (page) return pay(req, res, method, url, page);
    return api(req, res, method, url);
  }

  /** Never rejects: a bug costs one request (a 500, or a cut connection once the answer has begun), not the process. */
  return async function dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      await route(req, res);
    } catch {
      if (res.headersSent) res.destroy();
      else send(res, errorReply(new HttpError(500)));
    }
  };
}
