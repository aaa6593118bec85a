// One upstream HTTP call: a budget that covers retries and the body read, bounded jittered retries that honour
// Retry-After, and every answer parsed with its shared schema before anyone sees it. At the end, the bearer token the
// calls carry.
import type { Span } from '@opentelemetry/api';
import type { Logger } from 'pino';
import { inClientSpan, traceHeaders } from '../telemetry/tracing.js';
import { backoffDelay, type BackoffOptions } from '../lib/backoff.js';
import { tokenResponseSchema, upstreamErrorSchema } from './contract.js';
import {
  UpstreamAuthError,
  UpstreamError,
  UpstreamProtocolError,
  UpstreamTimeoutError,
  UpstreamUnavailableError,
  UpstreamValidationError,
} from './errors.js';
import type { UpstreamAuth } from './settings.js';

/** Anything with zod's safeParse (the shared/ mini schemas). */
export interface Schema<T> {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

export interface TransportDeps {
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  /** Milliseconds clock for budgets. */
  clock: () => number;
  random: () => number;
  /** Budget of one logical call, retries included. */
  timeoutMs: number;
  logger?: Logger;
  /** Told of every logical call once it ends (metrics): `outcome` is `ok`, `not_found` or the error's code. */
  observe?: (operation: string, outcome: string, seconds: number) => void;
  /** Told of every attempt's answer, or that none came (the reconciler's read budget follows the upstream's pushback). */
  onAnswer?: (answer: UpstreamAnswer) => void;
}

/** What one attempt got back: its HTTP status (none: no answer in time, or no connection) and any Retry-After. */
export interface UpstreamAnswer {
  status?: number;
  retryAfterMs?: number;
}

/** An answer with when it came, in monotonic milliseconds (performance.now()). */
export type TimedAnswer = UpstreamAnswer & { at: number };

/**
 * When a failed attempt may be tried again: `safe` for reads and token requests (network error, timeout, 429, 5xx);
 * `unprocessed` for writes (only when the upstream surely did nothing: 429, connection refused).
 */
export type RetryPolicy = 'safe' | 'unprocessed';

export interface CallSpec<T> {
  operation: string;
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  schema: Schema<T>;
  retry: RetryPolicy;
  /** Absolute time (deps.clock) by which the call must end; default now + timeoutMs. */
  deadline?: number;
  /** Answer null for a 404 instead of throwing. */
  allowNotFound?: boolean;
}

const MAX_ATTEMPTS = 3;
const MIN_ATTEMPT_MS = 25;
// Local choice: 100 ms doubling to 2 s, each delay cut by up to half at random so retries spread out.
const RETRY_BACKOFF: BackoffOptions = { initialDelayMs: 100, maxDelayMs: 2_000, factor: 2, jitter: 0.5 };

/** Retry-After in seconds or as an HTTP date, in milliseconds from now. */
export function retryAfterMs(header: string | null, nowMs: number): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/** Local choice: how many of a refusal's messages are kept, and how much of each. */
const MESSAGES_KEPT = 30;
const MESSAGE_CHARS = 300;

/**
 * A refusal's messages, bounded: they may reach a shopper's field errors and an operation's failure reason. Only a
 * 400's are kept at all (./errors.ts UpstreamValidationError); another status's words are never put in a message,
 * which logs and spans carry, as they may echo what was sent.
 */
function errorMessages(body: unknown): string[] {
  const parsed = upstreamErrorSchema.safeParse(body);
  if (!parsed.success) return [];
  const messages = Array.isArray(parsed.data.message) ? parsed.data.message : [parsed.data.message];
  return messages.slice(0, MESSAGES_KEPT).map((message) => message.slice(0, MESSAGE_CHARS));
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

interface Attempt<T> {
  /** The answer's HTTP status, when one came. */
  status?: number;
  result?: { value: T | null };
  error?: UpstreamError;
  /** Server-requested delay before the next attempt. */
  retryAfter?: number;
}

export interface Transport {
  /** The parsed body; null only for a 404 when `allowNotFound`. */
  call<T>(spec: CallSpec<T>): Promise<T | null>;
  readonly deps: TransportDeps;
}

export function createTransport(deps: TransportDeps): Transport {
  const { clock, logger } = deps;

  async function attempt<T>(spec: CallSpec<T>, timeoutMs: number): Promise<Attempt<T>> {
    const { operation } = spec;
    const signal = AbortSignal.timeout(timeoutMs);
    const timedOut = (cause: unknown) =>
      new UpstreamTimeoutError(`${operation}: no answer within ${timeoutMs} ms`, { operation, cause });
    let response: Response;
    let text: string;
    try {
      response = await deps.fetch(spec.url, {
        method: spec.method,
        // The trace goes on to the upstream, so its id can be looked up in the payment service's logs.
        headers: { ...spec.headers, ...traceHeaders() },
        body: spec.body,
        signal,
        redirect: 'manual',
      });
    } catch (cause) {
      if (signal.aborted) return { error: timedOut(cause) };
      const code = (cause as { cause?: { code?: string } }).cause?.code;
      return {
        error: new UpstreamUnavailableError(`${operation}: connection failed${code ? ` (${code})` : ''}`, {
          operation,
          cause,
          neverSent: code === 'ECONNREFUSED',
        }),
      };
    }
    try {
      // The same signal bounds the body: a server that sends headers and then stalls still times out.
      text = await response.text();
    } catch (cause) {
      if (signal.aborted) return { error: timedOut(cause) };
      return {
        error: new UpstreamUnavailableError(`${operation}: connection lost while reading the answer`, {
          operation,
          cause,
          status: response.status,
        }),
      };
    }
    const { status } = response;
    return { status, ...answerOf(spec, status, text, response.headers) };
  }

  function answerOf<T>(spec: CallSpec<T>, status: number, text: string, headers: Headers): Attempt<T> {
    const { operation } = spec;
    const json = parseJson(text);
    if (status >= 200 && status < 300) {
      if (!json.ok)
        return { error: new UpstreamProtocolError(`${operation}: answer is not JSON`, { operation, status }) };
      const parsed = spec.schema.safeParse(json.value);
      if (!parsed.success) {
        const where = parsed.error.issues
          .slice(0, 3)
          .map((issue) => `${issue.path.join('.') || '(body)'} ${issue.message}`);
        return {
          error: new UpstreamProtocolError(`${operation}: answer does not match the contract: ${where.join('; ')}`, {
            operation,
            status,
          }),
        };
      }
      return { result: { value: parsed.data } };
    }
    if (status === 404 && spec.allowNotFound) return { result: { value: null } };
    if (status === 400) {
      const messages = json.ok ? errorMessages(json.value) : [];
      return { error: new UpstreamValidationError(messages, { operation, status }) };
    }
    if (status === 401)
      return {
        error: new UpstreamAuthError(`${operation}: upstream refused the credentials (401)`, { operation, status }),
      };
    if (status === 429 || status >= 500) {
      return {
        error: new UpstreamUnavailableError(`${operation}: upstream answered ${status}`, { operation, status }),
        retryAfter: retryAfterMs(headers.get('retry-after'), deps.clock()),
      };
    }
    return { error: new UpstreamError(`${operation}: upstream answered ${status}`, { operation, status }) };
  }

  function mayRetry(policy: RetryPolicy, error: UpstreamError): boolean {
    if (error instanceof UpstreamUnavailableError && (error.status === 429 || error.neverSent)) return true;
    if (policy === 'unprocessed') return false;
    return error instanceof UpstreamTimeoutError || error instanceof UpstreamUnavailableError;
  }

  /** One logical call in a client span of its own: its status, and each retry as an event. */
  function call<T>(spec: CallSpec<T>): Promise<T | null> {
    const attributes = { 'http.request.method': spec.method, 'opi.upstream.operation': spec.operation };
    return inClientSpan(`upstream ${spec.operation}`, attributes, (span) => timed(spec, span));
  }

  async function timed<T>(spec: CallSpec<T>, span: Span): Promise<T | null> {
    if (!deps.observe) return callWithRetries(spec, span);
    const started = clock();
    const observed = (outcome: string) => deps.observe!(spec.operation, outcome, (clock() - started) / 1000);
    try {
      const value = await callWithRetries(spec, span);
      observed(value === null ? 'not_found' : 'ok');
      return value;
    } catch (error) {
      observed(error instanceof UpstreamError ? error.code : 'error');
      throw error;
    }
  }

  async function callWithRetries<T>(spec: CallSpec<T>, span: Span): Promise<T | null> {
    const deadline = spec.deadline ?? clock() + deps.timeoutMs;
    const path = new URL(spec.url).pathname;
    for (let n = 0; ; n++) {
      const started = clock();
      const outcome = await attempt(spec, Math.max(MIN_ATTEMPT_MS, deadline - started));
      deps.onAnswer?.({
        ...(outcome.status === undefined ? {} : { status: outcome.status }),
        ...(outcome.retryAfter === undefined ? {} : { retryAfterMs: outcome.retryAfter }),
      });
      if (outcome.status !== undefined) span.setAttribute('http.response.status_code', outcome.status);
      if (outcome.result) return outcome.result.value;
      const error = outcome.error!;
      const log = {
        operation: spec.operation,
        method: spec.method,
        path,
        attempt: n + 1,
        status: error.status,
        code: error.code,
        ms: clock() - started,
      };
      const delay = outcome.retryAfter ?? backoffDelay(n, RETRY_BACKOFF, deps.random);
      const retry = n + 1 < MAX_ATTEMPTS && mayRetry(spec.retry, error) && clock() + delay + MIN_ATTEMPT_MS <= deadline;
      logger?.warn(
        { upstream: log, retryInMs: retry ? delay : undefined },
        retry ? 'upstream call failed, retrying' : 'upstream call failed',
      );
      if (!retry) throw error;
      span.addEvent('retry', { attempt: n + 1, 'opi.error.code': error.code, 'retry.delay_ms': delay });
      await deps.sleep(delay);
    }
  }

  return { call, deps };
}

// The upstream's bearer token: a static one from configuration, or OAuth2 client credentials fetched, cached and
// refreshed before they expire. Concurrent callers share one refresh.
export interface TokenSource {
  /** `deadline` (the transport's clock): the caller's whole budget, which waiting for a token spends too. */
  getToken(deadline?: number): Promise<string>;
  /** Drops `token` if it is still the cached one, after the upstream refused it. */
  invalidate(token: string): void;
  /** Whether a new token can be obtained (false for a static token). */
  readonly refreshable: boolean;
}

// Refresh 10% of the lifetime early, at most 10 minutes early (the upstream's plugin uses 10 minutes on 24 h tokens).
const EARLY_SHARE = 0.1;
const MAX_EARLY_MS = 600_000;

export function createTokenSource(auth: UpstreamAuth, tokenUrl: string, transport: Transport): TokenSource {
  if (auth.kind === 'static') {
    return { getToken: async () => auth.accessToken, invalidate: () => {}, refreshable: false };
  }
  const { clientId, clientSecret } = auth;
  const { clock } = transport.deps;
  let cached: { token: string; refreshAt: number } | undefined;
  let inflight: Promise<string> | undefined;

  /** The shared refresh, given up on by one caller once its own deadline passes (the refresh goes on for others). */
  function within(refresh: Promise<string>, deadline: number | undefined): Promise<string> {
    if (deadline === undefined) return refresh;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new UpstreamTimeoutError('token: no token within the budget', { operation: 'token' })),
        Math.max(0, deadline - clock()),
      );
    });
    return Promise.race([refresh, late]).finally(() => clearTimeout(timer));
  }

  async function fetchToken(deadline: number | undefined): Promise<string> {
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
      scope: 'api-user',
    }).toString();
    const requestedAt = clock();
    try {
      const answer = (await transport.call({
        operation: 'token',
        method: 'POST',
        url: tokenUrl,
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
        schema: tokenResponseSchema,
        // Minting a token changes nothing upstream, so it is as safe to retry as a read.
        retry: 'safe',
        ...(deadline === undefined ? {} : { deadline }),
      }))!;
      const lifetimeMs = answer.expires_in * 1000;
      cached = {
        token: answer.access_token,
        refreshAt: requestedAt + lifetimeMs - Math.min(MAX_EARLY_MS, lifetimeMs * EARLY_SHARE),
      };
      return answer.access_token;
    } catch (error) {
      if (error instanceof UpstreamValidationError) {
        throw new UpstreamAuthError('token: upstream refused the client credentials (400)', {
          operation: 'token',
          status: 400,
          cause: error,
        });
      }
      throw error;
    }
  }

  return {
    refreshable: true,
    getToken(deadline) {
      if (cached && clock() < cached.refreshAt) return Promise.resolve(cached.token);
      inflight ??= fetchToken(deadline).finally(() => {
        inflight = undefined;
      });
      return within(inflight, deadline);
    },
    invalidate(token) {
      if (cached?.token === token) cached = undefined;
    },
  };
}
