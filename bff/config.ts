// The BFF's configuration, read once from an explicit environment object (only main.ts passes process.env).
// Nothing is assumed: OPI_ENVIRONMENT must name the upstream (sandbox, qa or production), so a secrets outage that
// empties the variables stops the BFF rather than opening it with the public demo values. OPI_ENVIRONMENT=sandbox
// runs against the local sandbox with the sandbox's public demo credentials; under NODE_ENV=production or with a
// DATABASE_URL on another host, that also needs OPI_ALLOW_SANDBOX=true (a dry run, said out loud). Only the default
// sandbox URL, or a loopback URL with OPI_UPSTREAM_SANDBOX=true, counts as the sandbox: any other upstream (a
// loopback proxy in front of a real one included) refuses to start until real credentials, a payment secret,
// merchant keys, an https public URL and the storefront origins are given.
import * as z from 'zod/mini';
import { SANDBOX_DEFAULTS } from '../shared/sandbox-defaults.js';

export type UpstreamAuth =
  | { kind: 'static'; accessToken: string }
  | { kind: 'client-credentials'; clientId: string; clientSecret: string };

export type TrustProxy = boolean | number | string[];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The upstream's environments (its public docs name the hosts); `sandbox` is the local simulator. */
export const ENVIRONMENTS = {
  sandbox: {
    apiUrl: `http://127.0.0.1:${SANDBOX_DEFAULTS.port}`,
    tokenUrl: `http://127.0.0.1:${SANDBOX_DEFAULTS.tokenPort}/token`,
  },
  qa: { apiUrl: 'https://api.qa.optty.com', tokenUrl: 'https://auth.qa.optty.com/token' },
  production: { apiUrl: 'https://api.optty.com', tokenUrl: 'https://auth.optty.com/token' },
} as const;
export type Environment = keyof typeof ENVIRONMENTS;
const ENVIRONMENT_NAMES = Object.keys(ENVIRONMENTS) as Environment[];

export const CANCELLATION_TIMEOUT_UNITS = ['minutes', 'seconds'] as const;
export const PGLITE_COMPILERS = ['baseline', 'optimising'] as const;
export const PGLITE_THREADS = ['worker', 'main'] as const;
export type CancellationTimeoutUnit = (typeof CANCELLATION_TIMEOUT_UNITS)[number];

export interface Config {
  port: number;
  /** Base URL the upstream and shoppers' browsers use to reach this BFF (return and callback URLs). */
  publicUrl: string;
  upstream: {
    environment: Environment;
    baseUrl: string;
    /** Never derived from baseUrl: the real service mints tokens on its own host. */
    tokenUrl: string;
    auth: UpstreamAuth;
    /** Budget of one upstream call, retries included. */
    timeoutMs: number;
    /** True for the local sandbox: the default URL, or a loopback URL with OPI_UPSTREAM_SANDBOX=true. */
    isLocalSandbox: boolean;
  };
  paymentSecret: string;
  merchantKeys: string[];
  allowedOrigins: string[];
  databaseUrl?: string;
  /** PostgreSQL: the schema the ledger's tables live in, created by the migrations (OPI_DATABASE_SCHEMA). */
  databaseSchema: string;
  dataDir: string;
  /** OPI_DATA_DIR was given: the embedded ledger's folder is one the operator chose (a volume), not the default. */
  dataDirChosen: boolean;
  /**
   * How V8 compiles PGlite's WebAssembly: `baseline` (Liftoff only: a quicker start, less memory) or `optimising`
   * (V8's usual tiering: more orders per second under load). Read by bff/main.ts; the flag holds for the process,
   * so Node's fetch (its HTTP parser is WebAssembly too), which delivers notifications, is compiled the same way.
   */
  pgliteCompiler: (typeof PGLITE_COMPILERS)[number];
  /**
   * Where PGlite runs: `worker`, a thread of its own (bff/store/pglite-thread-driver.ts), or `main`, the thread that
   * serves requests (the driver of earlier versions, kept for comparison in `npm run bench`).
   */
  pgliteThread: (typeof PGLITE_THREADS)[number];
  logLevel: LogLevel;
  sessionTtlMinutes: number;
  /** The unit a session's cancellationTimeout (minutes in our API) is sent upstream in: the docs do not say. */
  cancellationTimeoutUnit: CancellationTimeoutUnit;
  /**
   * Create a customer session (POST /merchants/customer/sessions) for every new order attempt of a session the
   * merchant gave no customerToken, and send its token as the order's customerToken.
   */
  customerSessions: boolean;
  /**
   * Whether a provider that declined an attempt of a session may be chosen again in it (it is never the one chosen
   * for the shopper): false leaves it out of the session's providers and refuses it as not eligible.
   */
  offerDeclinedProvider: boolean;
  /**
   * One live checkout session per merchantReference (OPI_UNIQUE_MERCHANT_REFERENCE): a create that names the number
   * of a session still open or paid is refused (409 merchant_reference_in_use), naming that session.
   */
  uniqueMerchantReference: boolean;
  /** Who the hosted checkout page (pay by link) says the shopper pays: a name, and a logo where given. */
  merchant: { name: string; logoUrl?: string };
  optionsCacheSeconds: number;
  trustProxy: TrustProxy;
  rateLimitPerMinute: number;
  /** How long a request's body may take to arrive once its headers have (OPI_BODY_TIMEOUT_MS). */
  bodyTimeoutMs: number;
  /** After SIGTERM, how long requests in flight may finish before their connections are closed. */
  drainMs: number;
  /** Port of the Prometheus /metrics listener (never the public port); absent: no metrics listener. */
  metricsPort?: number;
  /** The metrics listener's address (OPI_METRICS_HOST, loopback by default). */
  metricsHost: string;
  /** Where the standalone server sends its spans (OTLP/HTTP), from the standard OTEL_* variables; absent: nowhere. */
  tracesEndpoint?: string;
  /** What the retention job keeps (bff/maintenance/retention.ts). */
  retention: { sessionDays: number; idempotencyHours: number; personalDays: number; intervalMs: number };
  /** Polling of orders and refunds still waiting for their result. */
  reconcile: {
    /** The pause between reconciliation rounds while nothing more is due (a round that took a full batch goes on). */
    intervalMs: number;
    /** This instance's budget of upstream reads per second for reconciliation, used fully while orders are due. */
    readsPerSecond: number;
    /** The longest an upstream Retry-After pauses the reconciler's reads; its claims last as much longer. */
    maxPauseMs: number;
    /** Delay before an order's first poll and after its first poll; it doubles up to pollMaxMs. */
    pollInitialMs: number;
    pollMaxMs: number;
    /** After an order's cancellation timeout, how long it is still polled at the usual pace (its deadline). */
    graceMs: number;
    /** Past its deadline, a still-live order (or a still-open operation) is polled this seldom... */
    slowPollMs: number;
    /** ...until this long after it was created; then polling stops (a merchant's read still asks). */
    horizonMs: number;
    /**
     * How long a write may still be on its way (or lag in the upstream's records): an order, refund, capture or
     * void whose outcome is unknown is failed only when the records show nothing once this has passed since it was
     * sent; it is sent again (same reference) only within the first half of it.
     */
    settleWindowMs: number;
  };
  /**
   * The account webhook's secret (OPI_UPSTREAM_WEBHOOK_SECRET): the last segment of the URL registered in the
   * upstream's portal, /v1/webhooks/upstream/<secret>. Absent: the account webhook is off (every address of it 404).
   */
  upstreamWebhookSecret?: string;
  /** Signed merchant notifications; absent when OPI_MERCHANT_WEBHOOK_URL is unset. */
  notifications?: {
    url: string;
    /** Key of the Opi-Signature HMAC. */
    secret: string;
    /** Delivery attempts in all, the first included (a resend starts a new series). */
    maxAttempts: number;
    /** Delay before the first retry; it doubles with each further one, up to 6 hours, less up to a quarter at random. */
    retryDelayMs: number;
    /** How long a notification is retried, from when it was written (or resent); then it is given up, and stays in the feed. */
    retryForMs: number;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

export const DEFAULT_UPSTREAM_URL = ENVIRONMENTS.sandbox.apiUrl;
export const DEFAULT_ALLOWED_ORIGINS = ['http://127.0.0.1:5173', 'http://localhost:5173'];

type Ctx = { issues: { push(issue: { code: 'custom'; message: string; input: unknown }): unknown } };
const fail = (ctx: Ctx, input: string, message: string) => {
  ctx.issues.push({ code: 'custom', message, input });
  return z.NEVER;
};

const wholeNumber = (min: number, max: number, what: string) =>
  z.pipe(
    z.string(),
    z.transform((value, ctx) => {
      const n = Number(value.trim());
      if (!/^\d+$/.test(value.trim()) || n < min || n > max)
        return fail(ctx, value, `must be ${what} from ${min} to ${max}`);
      return n;
    }),
  );

export const isLoopbackHost = (hostname: string) =>
  hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);

/** The host a postgres:// URL names ('' for a socket on this machine). */
function databaseHostOf(databaseUrl: string): string | undefined {
  try {
    return new URL(databaseUrl).hostname;
  } catch {
    return undefined;
  }
}

const url = (what: string) =>
  z.pipe(
    z.string(),
    z.transform((value, ctx) => {
      let parsed: URL;
      try {
        parsed = new URL(value.trim());
      } catch {
        return fail(ctx, value, `must be an http or https URL (${what})`);
      }
      if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
        return fail(ctx, value, `must be an http or https URL (${what})`);
      if (parsed.username || parsed.password) return fail(ctx, value, 'must not carry credentials in the URL');
      return parsed.href.replace(/\/+$/, '');
    }),
  );

const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const origins = z.pipe(
  z.string(),
  z.transform((value, ctx) => {
    const result: string[] = [];
    for (const item of list(value)) {
      let origin: string | undefined;
      try {
        origin = new URL(item).origin;
      } catch {
        /* reported below */
      }
      if (!origin || origin === 'null' || origin !== item.replace(/\/$/, '')) {
        return fail(
          ctx,
          value,
          `must be a comma-separated list of origins such as https://shop.example (got "${item}")`,
        );
      }
      result.push(origin);
    }
    return result;
  }),
);

const secret = (min: number) =>
  z.pipe(
    z.string(),
    z.transform((value, ctx) =>
      value.trim().length >= min ? value.trim() : fail(ctx, '', `must be at least ${min} characters`),
    ),
  );

const merchantKeys = z.pipe(
  z.string(),
  z.transform((value, ctx) => {
    const keys = list(value);
    if (keys.length === 0 || keys.some((key) => key.length < 16)) {
      return fail(ctx, '', 'must be a comma-separated list of keys of at least 16 characters each');
    }
    return keys;
  }),
);

const flag = z.pipe(
  z.string(),
  z.transform((value, ctx) => {
    const v = value.trim().toLowerCase();
    if (v === 'true' || v === 'false') return v === 'true';
    return fail(ctx, value, 'must be true or false');
  }),
);

const trustProxy = z.pipe(
  z.string(),
  z.transform((value, ctx): TrustProxy => {
    const v = value.trim();
    if (v === 'true') return true;
    if (v === 'false' || v === '') return false;
    if (/^\d+$/.test(v)) return Number(v);
    const items = list(v);
    if (items.every((item) => /^[\w.:/-]+$/.test(item))) return items;
    return fail(ctx, value, 'must be true, false, a number of hops, or a comma-separated list of addresses/subnets');
  }),
);

const envSchema = z.object({
  PORT: z.optional(wholeNumber(0, 65535, 'a port number')),
  OPI_ENVIRONMENT: z.optional(z.enum(ENVIRONMENT_NAMES, { error: `must be one of: ${ENVIRONMENT_NAMES.join(', ')}` })),
  OPI_ALLOW_SANDBOX: z.optional(flag),
  OPI_UPSTREAM_URL: z.optional(url('the upstream base URL')),
  OPI_UPSTREAM_SANDBOX: z.optional(flag),
  OPI_TOKEN_URL: z.optional(url('the token endpoint')),
  OPI_CLIENT_ID: z.optional(secret(1)),
  OPI_CLIENT_SECRET: z.optional(secret(1)),
  OPI_ACCESS_TOKEN: z.optional(secret(1)),
  OPI_PAYMENT_SECRET: z.optional(secret(8)),
  OPI_MERCHANT_KEYS: z.optional(merchantKeys),
  OPI_ALLOWED_ORIGINS: z.optional(origins),
  OPI_PUBLIC_URL: z.optional(url('the BFF public base URL')),
  DATABASE_URL: z.optional(
    z
      .string()
      .check(z.regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// or postgresql:// connection URL' })),
  ),
  OPI_DATABASE_SCHEMA: z.optional(
    z.string().check(
      z.regex(/^[a-z_][a-z0-9_]{0,62}$/, {
        error: 'must be a plain lower-case PostgreSQL identifier (letters, digits, _; at most 63)',
      }),
    ),
  ),
  OPI_DATA_DIR: z.optional(z.string().check(z.minLength(1, { error: 'must not be empty' }))),
  OPI_PGLITE_COMPILER: z.optional(
    z.enum(PGLITE_COMPILERS, { error: `must be one of: ${PGLITE_COMPILERS.join(', ')}` }),
  ),
  OPI_PGLITE_THREAD: z.optional(z.enum(PGLITE_THREADS, { error: `must be one of: ${PGLITE_THREADS.join(', ')}` })),
  OPI_LOG_LEVEL: z.optional(z.enum(LOG_LEVELS, { error: `must be one of: ${LOG_LEVELS.join(', ')}` })),
  OPI_UPSTREAM_TIMEOUT_MS: z.optional(wholeNumber(50, 120_000, 'a whole number of milliseconds')),
  OPI_SESSION_TTL_MINUTES: z.optional(wholeNumber(1, 7 * 24 * 60, 'a whole number of minutes')),
  OPI_CANCELLATION_TIMEOUT_UNIT: z.optional(
    z.enum(CANCELLATION_TIMEOUT_UNITS, { error: `must be one of: ${CANCELLATION_TIMEOUT_UNITS.join(', ')}` }),
  ),
  OPI_CUSTOMER_SESSIONS: z.optional(flag),
  OPI_OFFER_DECLINED_PROVIDER: z.optional(flag),
  OPI_UNIQUE_MERCHANT_REFERENCE: z.optional(flag),
  OPI_MERCHANT_NAME: z.optional(
    z.string().check(z.trim(), z.maxLength(100, { error: 'must be at most 100 characters' })),
  ),
  OPI_MERCHANT_LOGO_URL: z.optional(url('the logo on the hosted checkout page')),
  OPI_OPTIONS_CACHE_SECONDS: z.optional(wholeNumber(0, 3600, 'a whole number of seconds')),
  OPI_TRUST_PROXY: z.optional(trustProxy),
  OPI_RATE_LIMIT_PER_MINUTE: z.optional(wholeNumber(1, 100_000, 'a whole number of requests')),
  OPI_BODY_TIMEOUT_MS: z.optional(wholeNumber(100, 120_000, 'a whole number of milliseconds')),
  OPI_DRAIN_SECONDS: z.optional(wholeNumber(0, 600, 'a whole number of seconds')),
  OPI_METRICS_PORT: z.optional(wholeNumber(0, 65535, 'a port number')),
  OPI_METRICS_HOST: z.optional(
    z
      .string()
      .check(z.regex(/^[\w.:-]{1,255}$/, { error: 'must be an address to listen on, such as 127.0.0.1 or 0.0.0.0' })),
  ),
  OPI_RETENTION_SESSION_DAYS: z.optional(wholeNumber(1, 3650, 'a whole number of days')),
  // At least a day: a client retrying with an Idempotency-Key a day later still gets its first answer.
  OPI_RETENTION_IDEMPOTENCY_HOURS: z.optional(wholeNumber(24, 87_600, 'a whole number of hours')),
  OPI_RETENTION_PERSONAL_DAYS: z.optional(wholeNumber(1, 3650, 'a whole number of days')),
  OPI_RETENTION_INTERVAL_MINUTES: z.optional(wholeNumber(1, 1440, 'a whole number of minutes')),
  OPI_UPSTREAM_WEBHOOK_SECRET: z.optional(
    z
      .string()
      .check(
        z.regex(/^[\w-]{24,128}$/, { error: 'must be 24 to 128 letters, digits, _ or - (it is a segment of a URL)' }),
      ),
  ),
  OPI_MERCHANT_WEBHOOK_URL: z.optional(url('the merchant notification URL')),
  OPI_MERCHANT_WEBHOOK_SECRET: z.optional(secret(16)),
  OPI_NOTIFY_MAX_ATTEMPTS: z.optional(wholeNumber(1, 100, 'a whole number of attempts')),
  OPI_NOTIFY_RETRY_MS: z.optional(wholeNumber(100, 3_600_000, 'a whole number of milliseconds')),
  OPI_NOTIFY_RETRY_HOURS: z.optional(wholeNumber(1, 720, 'a whole number of hours')),
  OPI_RECONCILE_INTERVAL_MS: z.optional(wholeNumber(100, 3_600_000, 'a whole number of milliseconds')),
  OPI_RECONCILE_READS_PER_SECOND: z.optional(wholeNumber(1, 1_000, 'a whole number of reads per second')),
  OPI_RECONCILE_MAX_PAUSE_MS: z.optional(wholeNumber(0, 300_000, 'a whole number of milliseconds')),
  OPI_POLL_INITIAL_MS: z.optional(wholeNumber(1_000, 3_600_000, 'a whole number of milliseconds')),
  OPI_POLL_MAX_MS: z.optional(wholeNumber(1_000, 86_400_000, 'a whole number of milliseconds')),
  OPI_POLL_GRACE_MINUTES: z.optional(wholeNumber(0, 10_080, 'a whole number of minutes')),
  OPI_POLL_SLOW_MS: z.optional(wholeNumber(1_000, 86_400_000, 'a whole number of milliseconds')),
  OPI_POLL_HORIZON_DAYS: z.optional(wholeNumber(1, 365, 'a whole number of days')),
  OPI_SETTLE_WINDOW_SECONDS: z.optional(wholeNumber(1, 86_400, 'a whole number of seconds')),
});

/** Every environment variable the BFF reads. */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[];

/** Empty variables count as unset, as shells and .env files commonly leave them. */
function present(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  );
}

/**
 * Where spans go, by OpenTelemetry's rules: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as given, or /v1/traces under
 * OTEL_EXPORTER_OTLP_ENDPOINT; nowhere with OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none.
 */
function tracesEndpoint(env: Record<string, string | undefined>): { tracesEndpoint?: string } {
  if (env.OTEL_SDK_DISABLED === 'true' || env.OTEL_TRACES_EXPORTER === 'none') return {};
  if (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return { tracesEndpoint: env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT };
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  return base ? { tracesEndpoint: `${base.replace(/\/$/, '')}/v1/traces` } : {};
}

export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(present(env));
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`));
  }
  const e = parsed.data;
  if (!e.OPI_ENVIRONMENT) {
    throw new ConfigError([
      `OPI_ENVIRONMENT must be set: ${ENVIRONMENT_NAMES.join(', ')} (sandbox: the local simulator with its public demo credentials)`,
    ]);
  }
  const environment = e.OPI_ENVIRONMENT;
  const hosts = ENVIRONMENTS[environment];
  const upstreamUrl = e.OPI_UPSTREAM_URL ?? hosts.apiUrl;
  const tokenUrl = e.OPI_TOKEN_URL ?? hosts.tokenUrl;
  const upstreamHost = new URL(upstreamUrl).hostname;
  // A loopback host alone proves nothing (a proxy in front of a real upstream): the sandbox is the default URL,
  // or one named explicitly.
  const isLocalSandbox = e.OPI_UPSTREAM_SANDBOX ?? (environment === 'sandbox' && upstreamUrl === DEFAULT_UPSTREAM_URL);
  const problems: string[] = [];

  if (environment === 'sandbox' && !e.OPI_ALLOW_SANDBOX) {
    // Production-like surroundings with the published demo credentials: only on purpose (a dry run).
    const databaseHost = e.DATABASE_URL ? databaseHostOf(e.DATABASE_URL) : undefined;
    if (env.NODE_ENV === 'production')
      problems.push('OPI_ENVIRONMENT=sandbox under NODE_ENV=production needs OPI_ALLOW_SANDBOX=true (a dry run)');
    else if (databaseHost && !isLoopbackHost(databaseHost))
      problems.push(
        `OPI_ENVIRONMENT=sandbox with a DATABASE_URL on ${databaseHost} needs OPI_ALLOW_SANDBOX=true (a dry run)`,
      );
  }
  if (e.OPI_UPSTREAM_SANDBOX && !isLoopbackHost(upstreamHost)) {
    problems.push(
      `OPI_UPSTREAM_SANDBOX=true needs a loopback OPI_UPSTREAM_URL (got ${upstreamHost}): the sandbox runs on this machine`,
    );
  }
  if (e.OPI_UPSTREAM_SANDBOX && environment !== 'sandbox') {
    problems.push(`OPI_UPSTREAM_SANDBOX=true contradicts OPI_ENVIRONMENT=${environment}`);
  }
  if (environment === 'sandbox' && !isLocalSandbox && !e.OPI_TOKEN_URL) {
    // The local sandbox's token port says nothing about another upstream's token host.
    problems.push(
      `OPI_TOKEN_URL must be set when OPI_UPSTREAM_URL is not the local sandbox (${upstreamHost}), or set OPI_ENVIRONMENT to qa or production`,
    );
  }
  if (!isLocalSandbox) {
    // Real upstreams get real credentials only: nothing falls back to the public sandbox values.
    const missing: string[] = [];
    if (!e.OPI_ACCESS_TOKEN && !(e.OPI_CLIENT_ID && e.OPI_CLIENT_SECRET)) {
      if (!e.OPI_CLIENT_ID) missing.push('OPI_CLIENT_ID');
      if (!e.OPI_CLIENT_SECRET) missing.push('OPI_CLIENT_SECRET');
    }
    if (!e.OPI_PAYMENT_SECRET) missing.push('OPI_PAYMENT_SECRET');
    if (!e.OPI_MERCHANT_KEYS) missing.push('OPI_MERCHANT_KEYS');
    if (missing.length > 0) {
      problems.push(
        `${missing.join(', ')} must be set when OPI_UPSTREAM_URL is not the local sandbox (${upstreamHost})` +
          (missing.includes('OPI_CLIENT_ID') ? ' (or set OPI_ACCESS_TOKEN instead of the client credentials)' : ''),
      );
    }
    if (new URL(upstreamUrl).protocol !== 'https:')
      problems.push('OPI_UPSTREAM_URL must use https for a non-local upstream');
    if (tokenUrl !== ENVIRONMENTS.sandbox.tokenUrl && new URL(tokenUrl).protocol !== 'https:')
      problems.push('OPI_TOKEN_URL must use https for a non-local upstream');
    if (e.OPI_MERCHANT_KEYS?.includes(SANDBOX_DEFAULTS.merchantKey)) {
      problems.push('OPI_MERCHANT_KEYS must not contain the development key outside the local sandbox');
    }
    if (e.OPI_PAYMENT_SECRET === SANDBOX_DEFAULTS.paymentSecret) {
      problems.push('OPI_PAYMENT_SECRET must not be the sandbox demo secret outside the local sandbox');
    }
    // The upstream sends shoppers and callbacks to the public URL; the widget runs on the shop's own origins.
    if (!e.OPI_PUBLIC_URL)
      problems.push('OPI_PUBLIC_URL must be set (https) when OPI_UPSTREAM_URL is not the local sandbox');
    else if (!e.OPI_PUBLIC_URL.startsWith('https:'))
      problems.push('OPI_PUBLIC_URL must use https when OPI_UPSTREAM_URL is not the local sandbox');
    if (!e.OPI_ALLOWED_ORIGINS)
      problems.push('OPI_ALLOWED_ORIGINS must be set when OPI_UPSTREAM_URL is not the local sandbox');
  }
  if (e.OPI_CLIENT_ID && !e.OPI_CLIENT_SECRET && !e.OPI_ACCESS_TOKEN)
    problems.push('OPI_CLIENT_SECRET must be set together with OPI_CLIENT_ID');
  if (e.OPI_CLIENT_SECRET && !e.OPI_CLIENT_ID && !e.OPI_ACCESS_TOKEN)
    problems.push('OPI_CLIENT_ID must be set together with OPI_CLIENT_SECRET');
  if (e.OPI_MERCHANT_WEBHOOK_URL && !e.OPI_MERCHANT_WEBHOOK_SECRET) {
    problems.push(
      'OPI_MERCHANT_WEBHOOK_SECRET must be set together with OPI_MERCHANT_WEBHOOK_URL (it signs the notifications)',
    );
  }
  if (
    e.OPI_MERCHANT_WEBHOOK_URL &&
    !e.OPI_MERCHANT_WEBHOOK_URL.startsWith('https:') &&
    !isLoopbackHost(new URL(e.OPI_MERCHANT_WEBHOOK_URL).hostname)
  ) {
    problems.push('OPI_MERCHANT_WEBHOOK_URL must use https (plain http only to a loopback host)');
  }
  const pollInitialMs = e.OPI_POLL_INITIAL_MS ?? 30_000;
  const pollMaxMs = e.OPI_POLL_MAX_MS ?? 600_000;
  if (pollMaxMs < pollInitialMs) problems.push('OPI_POLL_MAX_MS must not be less than OPI_POLL_INITIAL_MS');
  const timeoutMs = e.OPI_UPSTREAM_TIMEOUT_MS ?? 10_000;
  const settleWindowMs = (e.OPI_SETTLE_WINDOW_SECONDS ?? 600) * 1000;
  // A resend happens only in the window's first half; it must end (3 budgets and a margin, as an idempotency
  // lease) well before the records are read as final.
  const shortestWindowMs = 2 * (3 * timeoutMs + 5_000);
  if (settleWindowMs < shortestWindowMs) {
    problems.push(
      `OPI_SETTLE_WINDOW_SECONDS must be at least ${Math.ceil(shortestWindowMs / 1000)} with OPI_UPSTREAM_TIMEOUT_MS=${timeoutMs} (twice what one request may take)`,
    );
  }
  // The metrics listener is never the public one: an operator's scraper reaches it, shoppers must not.
  if (e.OPI_METRICS_PORT && e.OPI_METRICS_PORT === (e.PORT ?? 8787))
    problems.push('OPI_METRICS_PORT must differ from PORT (metrics are never served on the public port)');
  // The feed (GET /v1/events) keeps a notification at least as long as it is retried.
  const notifyRetryHours = e.OPI_NOTIFY_RETRY_HOURS ?? 72;
  const personalDays = e.OPI_RETENTION_PERSONAL_DAYS ?? 90;
  if (notifyRetryHours > personalDays * 24)
    problems.push(
      `OPI_NOTIFY_RETRY_HOURS must be at most ${personalDays * 24} with OPI_RETENTION_PERSONAL_DAYS=${personalDays} (the events feed keeps a notification that long)`,
    );
  if (problems.length > 0) throw new ConfigError(problems);

  const auth: UpstreamAuth = e.OPI_ACCESS_TOKEN
    ? { kind: 'static', accessToken: e.OPI_ACCESS_TOKEN }
    : {
        kind: 'client-credentials',
        clientId: e.OPI_CLIENT_ID ?? SANDBOX_DEFAULTS.clientId,
        clientSecret: e.OPI_CLIENT_SECRET ?? SANDBOX_DEFAULTS.clientSecret,
      };
  const port = e.PORT ?? 8787;
  // With PORT=0 this names port 0 until main.ts knows the port it got (withListeningPort).
  const publicUrl = e.OPI_PUBLIC_URL ?? `http://127.0.0.1:${port}`;
  return {
    port,
    publicUrl,
    upstream: {
      environment,
      baseUrl: upstreamUrl,
      tokenUrl,
      auth,
      timeoutMs,
      isLocalSandbox,
    },
    paymentSecret: e.OPI_PAYMENT_SECRET ?? SANDBOX_DEFAULTS.paymentSecret,
    merchantKeys: e.OPI_MERCHANT_KEYS ?? [SANDBOX_DEFAULTS.merchantKey],
    allowedOrigins: e.OPI_ALLOWED_ORIGINS ?? DEFAULT_ALLOWED_ORIGINS,
    ...(e.DATABASE_URL ? { databaseUrl: e.DATABASE_URL } : {}),
    databaseSchema: e.OPI_DATABASE_SCHEMA ?? 'opi',
    dataDir: e.OPI_DATA_DIR ?? '.data',
    dataDirChosen: e.OPI_DATA_DIR !== undefined,
    pgliteCompiler: e.OPI_PGLITE_COMPILER ?? 'baseline',
    pgliteThread: e.OPI_PGLITE_THREAD ?? 'worker',
    logLevel: e.OPI_LOG_LEVEL ?? 'info',
    sessionTtlMinutes: e.OPI_SESSION_TTL_MINUTES ?? 60,
    cancellationTimeoutUnit: e.OPI_CANCELLATION_TIMEOUT_UNIT ?? 'minutes',
    customerSessions: e.OPI_CUSTOMER_SESSIONS ?? false,
    // Local choice: offered again by default; a shopper may have fixed what it declined (a card, a limit).
    offerDeclinedProvider: e.OPI_OFFER_DECLINED_PROVIDER ?? true,
    uniqueMerchantReference: e.OPI_UNIQUE_MERCHANT_REFERENCE ?? false,
    // Local choice: without a name, the host shoppers reach the BFF at (the shop's own domain, as a rule).
    merchant: {
      name: e.OPI_MERCHANT_NAME || new URL(publicUrl).hostname,
      ...(e.OPI_MERCHANT_LOGO_URL ? { logoUrl: e.OPI_MERCHANT_LOGO_URL } : {}),
    },
    optionsCacheSeconds: e.OPI_OPTIONS_CACHE_SECONDS ?? 60,
    trustProxy: e.OPI_TRUST_PROXY ?? false,
    rateLimitPerMinute: e.OPI_RATE_LIMIT_PER_MINUTE ?? 120,
    // Local choice: 10 s, below the widget's own 15 s per request; a body is 16 KB at most.
    bodyTimeoutMs: e.OPI_BODY_TIMEOUT_MS ?? 10_000,
    drainMs: (e.OPI_DRAIN_SECONDS ?? 10) * 1000,
    ...(e.OPI_METRICS_PORT !== undefined ? { metricsPort: e.OPI_METRICS_PORT } : {}),
    // Local choice: loopback unless configured; metrics say much about the shop and ask for no credential.
    metricsHost: e.OPI_METRICS_HOST ?? '127.0.0.1',
    ...tracesEndpoint(env),
    retention: {
      sessionDays: e.OPI_RETENTION_SESSION_DAYS ?? 30,
      idempotencyHours: e.OPI_RETENTION_IDEMPOTENCY_HOURS ?? 48,
      personalDays,
      intervalMs: (e.OPI_RETENTION_INTERVAL_MINUTES ?? 60) * 60_000,
    },
    // The upstream's own polling: 30 s doubling to 600 s (its public docs).
    reconcile: {
      intervalMs: e.OPI_RECONCILE_INTERVAL_MS ?? 5_000,
      // Local choice: the upstream's rate limits are not documented; 20 reads/s reads 1,000 due orders in 50 s.
      readsPerSecond: e.OPI_RECONCILE_READS_PER_SECOND ?? 20,
      // Local choice: a Retry-After of more than 30 s is obeyed for 30 s, unless configured.
      maxPauseMs: e.OPI_RECONCILE_MAX_PAUSE_MS ?? 30_000,
      pollInitialMs,
      pollMaxMs,
      graceMs: (e.OPI_POLL_GRACE_MINUTES ?? 30) * 60_000,
      slowPollMs: e.OPI_POLL_SLOW_MS ?? 3_600_000,
      horizonMs: (e.OPI_POLL_HORIZON_DAYS ?? 7) * 86_400_000,
      settleWindowMs,
    },
    ...(e.OPI_UPSTREAM_WEBHOOK_SECRET ? { upstreamWebhookSecret: e.OPI_UPSTREAM_WEBHOOK_SECRET } : {}),
    ...(e.OPI_MERCHANT_WEBHOOK_URL && e.OPI_MERCHANT_WEBHOOK_SECRET
      ? {
          notifications: {
            url: e.OPI_MERCHANT_WEBHOOK_URL,
            secret: e.OPI_MERCHANT_WEBHOOK_SECRET,
            maxAttempts: e.OPI_NOTIFY_MAX_ATTEMPTS ?? 30,
            retryDelayMs: e.OPI_NOTIFY_RETRY_MS ?? 10_000,
            retryForMs: notifyRetryHours * 3_600_000,
          },
        }
      : {}),
  };
}

/**
 * The configuration once the server listens: with PORT=0 and no OPI_PUBLIC_URL, the default public URL names
 * the port the server actually got.
 */
export function withListeningPort(config: Config, listeningPort: number): Config {
  if (config.port !== 0 || config.publicUrl !== 'http://127.0.0.1:0') return config;
  return { ...config, publicUrl: `http://127.0.0.1:${listeningPort}` };
}
