// The BFF's configuration, read once from an explicit environment object (only main.ts passes process.env).
// Nothing is assumed: OPI_ENVIRONMENT must name the upstream (sandbox, qa or production), so a secrets outage that
// empties the variables stops the BFF rather than opening it with the public demo values. OPI_ENVIRONMENT=sandbox
// runs against the local sandbox with the sandbox's public demo credentials; under NODE_ENV=production or with a
// DATABASE_URL on another host, that also needs OPI_ALLOW_SANDBOX=true (a dry run, said out loud). Only the default
// sandbox URL, or a loopback URL with OPI_UPSTREAM_SANDBOX=true, counts as the sandbox: any other upstream (a
// loopback proxy in front of a real one included) refuses to start until real credentials, a payment secret,
// merchant keys, an https public URL and the storefront origins are given.
// Each feature owns its variables (name, kind, range and default in one entry, in its settings.ts); this file composes
// them, reports every problem at once, and checks what no one feature can: how the settings fit together.
import * as z from 'zod/mini';
import { SANDBOX_DEFAULTS } from '../shared/sandbox-defaults.js';
import { type CheckoutSettings, checkoutSettings, checkoutVariables } from './checkout/settings.js';
import { httpVariables } from './http/settings.js';
import { inboundVariables } from './inbound/settings.js';
import { isLoopbackHost, type TrustProxy } from './lib/setting-kinds.js';
import { type LogLevel, logVariables } from './logger.js';
import { retentionSettings, type RetentionSettings, retentionVariables } from './maintenance/settings.js';
import { metricsVariables } from './metrics/settings.js';
import { type NotifySettings, notifySettings, notifyVariables } from './notify/settings.js';
import { type ReconcileSettings, reconcileSettings, reconcileVariables } from './reconcile/settings.js';
import { type StoreSettings, storeSettings, storeVariables } from './store/settings.js';
import {
  ENVIRONMENT_NAMES,
  ENVIRONMENTS,
  type UpstreamAuth,
  type UpstreamSettings,
  upstreamVariables,
} from './upstream/settings.js';

export interface Config extends StoreSettings, CheckoutSettings {
  port: number;
  /** Base URL the upstream and shoppers' browsers use to reach this BFF (return and callback URLs). */
  publicUrl: string;
  upstream: UpstreamSettings;
  paymentSecret: string;
  merchantKeys: string[];
  allowedOrigins: string[];
  logLevel: LogLevel;
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
  retention: RetentionSettings;
  reconcile: ReconcileSettings;
  /**
   * The account webhook's secret (OPI_UPSTREAM_WEBHOOK_SECRET): the last segment of the URL registered in the
   * upstream's portal, /v1/webhooks/upstream/<secret>. Absent: the account webhook is off (every address of it 404).
   */
  upstreamWebhookSecret?: string;
  notifications?: NotifySettings;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

export const DEFAULT_UPSTREAM_URL = ENVIRONMENTS.sandbox.apiUrl;
export const DEFAULT_ALLOWED_ORIGINS = ['http://127.0.0.1:5173', 'http://localhost:5173'];

/** The host a postgres:// URL names ('' for a socket on this machine). */
function databaseHostOf(databaseUrl: string): string | undefined {
  try {
    return new URL(databaseUrl).hostname;
  } catch {
    return undefined;
  }
}

const envSchema = z.object({
  ...upstreamVariables,
  ...inboundVariables,
  ...httpVariables,
  ...storeVariables,
  ...logVariables,
  ...checkoutVariables,
  ...metricsVariables,
  ...retentionVariables,
  ...notifyVariables,
  ...reconcileVariables,
});

/** Every environment variable the BFF reads. */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[];

/**
 * Each variable's default, where its feature's settings give one (the rest are derived, or unset until given). Asked
 * for, not computed at import: the server's start has no use for it.
 */
export const configDefaults = (): Readonly<Record<string, unknown>> => envSchema.parse({});

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
  const reconcile = reconcileSettings(e);
  const { settleWindowMs } = reconcile;
  if (reconcile.pollMaxMs < reconcile.pollInitialMs)
    problems.push('OPI_POLL_MAX_MS must not be less than OPI_POLL_INITIAL_MS');
  const timeoutMs = e.OPI_UPSTREAM_TIMEOUT_MS;
  // A resend happens only in the window's first half; it must end (3 budgets and a margin, as an idempotency
  // lease) well before the records are read as final.
  const shortestWindowMs = 2 * (3 * timeoutMs + 5_000);
  if (settleWindowMs < shortestWindowMs) {
    problems.push(
      `OPI_SETTLE_WINDOW_SECONDS must be at least ${Math.ceil(shortestWindowMs / 1000)} with OPI_UPSTREAM_TIMEOUT_MS=${timeoutMs} (twice what one request may take)`,
    );
  }
  // The metrics listener is never the public one: an operator's scraper reaches it, shoppers must not.
  if (e.OPI_METRICS_PORT && e.OPI_METRICS_PORT === e.PORT)
    problems.push('OPI_METRICS_PORT must differ from PORT (metrics are never served on the public port)');
  // The feed (GET /v1/events) keeps a notification at least as long as it is retried.
  const notifyRetryHours = e.OPI_NOTIFY_RETRY_HOURS;
  const personalDays = e.OPI_RETENTION_PERSONAL_DAYS;
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
  const port = e.PORT;
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
    ...storeSettings(e),
    logLevel: e.OPI_LOG_LEVEL,
    ...checkoutSettings(e, new URL(publicUrl).hostname),
    trustProxy: e.OPI_TRUST_PROXY,
    rateLimitPerMinute: e.OPI_RATE_LIMIT_PER_MINUTE,
    bodyTimeoutMs: e.OPI_BODY_TIMEOUT_MS,
    drainMs: e.OPI_DRAIN_SECONDS * 1000,
    ...(e.OPI_METRICS_PORT !== undefined ? { metricsPort: e.OPI_METRICS_PORT } : {}),
    metricsHost: e.OPI_METRICS_HOST,
    ...tracesEndpoint(env),
    retention: retentionSettings(e),
    reconcile,
    ...(e.OPI_UPSTREAM_WEBHOOK_SECRET ? { upstreamWebhookSecret: e.OPI_UPSTREAM_WEBHOOK_SECRET } : {}),
    ...notifySettings(e),
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
