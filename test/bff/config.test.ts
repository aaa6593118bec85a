// Configuration: sandbox defaults with nothing set, fail-fast errors that name the variable, and no fallback to
// demo credentials for a real upstream (a loopback proxy in front of one included).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, configDefaults, loadConfig, withListeningPort } from '../../bff/config.js';
import { SANDBOX_DEFAULTS } from '../../shared/sandbox-defaults.js';
import { REAL_UPSTREAM_ENV } from '../support/real-upstream.js';

/** What npm start, the test kit and every test here say: the local sandbox, on purpose. */
const SANDBOX = { OPI_ENVIRONMENT: 'sandbox' };

const problems = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

const real = { ...SANDBOX, ...REAL_UPSTREAM_ENV };

/** Every variable with a value other than its default: 'reads every variable' sets them all. */
const everyVariable = {
  ...real,
  PORT: '9000',
  OPI_ENVIRONMENT: 'production',
  OPI_ALLOW_SANDBOX: 'false',
  OPI_UPSTREAM_WEBHOOK_SECRET: 'acct_webhook_0123456789abcdef',
  OPI_UPSTREAM_SANDBOX: 'false',
  OPI_CANCELLATION_TIMEOUT_UNIT: 'seconds',
  OPI_CUSTOMER_SESSIONS: 'true',
  OPI_OFFER_DECLINED_PROVIDER: 'false',
  OPI_MERCHANT_NAME: ' Lantern & Linen ',
  OPI_MERCHANT_LOGO_URL: 'https://cdn.shop.example/logo.svg',
  OPI_ALLOWED_ORIGINS: 'https://shop.example, https://www.shop.example',
  OPI_PUBLIC_URL: 'https://pay.shop.example/',
  DATABASE_URL: 'postgres://u@db:5432/opi',
  OPI_DATABASE_SCHEMA: 'checkout',
  OPI_DATA_DIR: '/var/lib/opi',
  OPI_PGLITE_COMPILER: 'optimising',
  OPI_PGLITE_THREAD: 'main',
  OPI_LOG_LEVEL: 'warn',
  OPI_UPSTREAM_TIMEOUT_MS: '5000',
  OPI_SESSION_TTL_MINUTES: '15',
  OPI_OPTIONS_CACHE_SECONDS: '0',
  OPI_TRUST_PROXY: '1',
  OPI_RATE_LIMIT_PER_MINUTE: '30',
  OPI_BODY_TIMEOUT_MS: '2500',
  OPI_DRAIN_SECONDS: '25',
  OPI_METRICS_PORT: '9464',
  OPI_METRICS_HOST: '0.0.0.0',
  OPI_RETENTION_SESSION_DAYS: '7',
  OPI_RETENTION_IDEMPOTENCY_HOURS: '72',
  OPI_RETENTION_PERSONAL_DAYS: '30',
  OPI_RETENTION_INTERVAL_MINUTES: '15',
  OPI_MERCHANT_WEBHOOK_URL: 'https://shop.example/hooks/opi',
  OPI_MERCHANT_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
  OPI_NOTIFY_MAX_ATTEMPTS: '3',
  OPI_NOTIFY_RETRY_MS: '2000',
  OPI_NOTIFY_RETRY_HOURS: '24',
  OPI_UNIQUE_MERCHANT_REFERENCE: 'true',
  OPI_RECONCILE_INTERVAL_MS: '1000',
  OPI_RECONCILE_READS_PER_SECOND: '50',
  OPI_RECONCILE_MAX_PAUSE_MS: '5000',
  OPI_POLL_INITIAL_MS: '15000',
  OPI_POLL_MAX_MS: '300000',
  OPI_POLL_GRACE_MINUTES: '45',
  OPI_POLL_SLOW_MS: '1800000',
  OPI_POLL_HORIZON_DAYS: '14',
  OPI_SETTLE_WINDOW_SECONDS: '900',
  OPI_MERCHANT_KEYS: 'mk_live_aaaaaaaaaaaaaaaa, mk_live_bbbbbbbbbbbbbbbb',
};

describe('loadConfig', () => {
  it('refuses to start with nothing set, in one line naming OPI_ENVIRONMENT', () => {
    expect(problems({})).toEqual([
      'OPI_ENVIRONMENT must be set: sandbox, qa, production (sandbox: the local simulator with its public demo credentials)',
    ]);
    // A secrets outage that empties every variable is nothing set.
    expect(problems({ OPI_ENVIRONMENT: '', OPI_CLIENT_SECRET: '', OPI_MERCHANT_KEYS: '' })).toHaveLength(1);
  });

  it('runs the sandbox in production-like surroundings only when told: NODE_ENV=production or a remote database', () => {
    expect(problems({ ...SANDBOX, NODE_ENV: 'production' })).toEqual([
      'OPI_ENVIRONMENT=sandbox under NODE_ENV=production needs OPI_ALLOW_SANDBOX=true (a dry run)',
    ]);
    expect(problems({ ...SANDBOX, DATABASE_URL: 'postgres://opi@db.internal:5432/opi' })).toEqual([
      'OPI_ENVIRONMENT=sandbox with a DATABASE_URL on db.internal needs OPI_ALLOW_SANDBOX=true (a dry run)',
    ]);
    for (const local of [
      'postgres://opi@127.0.0.1:5432/opi',
      'postgres://opi@localhost/opi',
      'postgres:///opi?host=/run/pg',
    ])
      expect(problems({ ...SANDBOX, DATABASE_URL: local })).toEqual([]);
    expect(
      problems({
        ...SANDBOX,
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://db.internal/opi',
        OPI_ALLOW_SANDBOX: 'true',
      }),
    ).toEqual([]);
  });

  it('runs against the local sandbox with its demo credentials when told OPI_ENVIRONMENT=sandbox and nothing else', () => {
    expect(loadConfig(SANDBOX)).toEqual({
      port: 8787,
      publicUrl: 'http://127.0.0.1:8787',
      upstream: {
        environment: 'sandbox',
        baseUrl: 'http://127.0.0.1:4010',
        tokenUrl: 'http://127.0.0.1:4011/token',
        auth: {
          kind: 'client-credentials',
          clientId: SANDBOX_DEFAULTS.clientId,
          clientSecret: SANDBOX_DEFAULTS.clientSecret,
        },
        timeoutMs: 10_000,
        isLocalSandbox: true,
      },
      paymentSecret: SANDBOX_DEFAULTS.paymentSecret,
      merchantKeys: [SANDBOX_DEFAULTS.merchantKey],
      allowedOrigins: ['http://127.0.0.1:5173', 'http://localhost:5173'],
      databaseSchema: 'opi',
      dataDir: '.data',
      dataDirChosen: false,
      pgliteCompiler: 'baseline',
      pgliteThread: 'worker',
      logLevel: 'info',
      sessionTtlMinutes: 60,
      cancellationTimeoutUnit: 'minutes',
      customerSessions: false,
      offerDeclinedProvider: true,
      uniqueMerchantReference: false,
      merchant: { name: '127.0.0.1' },
      optionsCacheSeconds: 60,
      trustProxy: false,
      rateLimitPerMinute: 120,
      bodyTimeoutMs: 10_000,
      drainMs: 10_000,
      metricsHost: '127.0.0.1',
      retention: { sessionDays: 30, idempotencyHours: 48, personalDays: 90, intervalMs: 3_600_000 },
      reconcile: {
        intervalMs: 5_000,
        readsPerSecond: 20,
        maxPauseMs: 30_000,
        pollInitialMs: 30_000,
        pollMaxMs: 600_000,
        graceMs: 30 * 60_000,
        slowPollMs: 3_600_000,
        horizonMs: 7 * 86_400_000,
        settleWindowMs: 600_000,
      },
    });
  });

  it('reads every variable', () => {
    // OPI_ACCESS_TOKEN replaces the client credentials: the next test reads it.
    expect(CONFIG_VARIABLES.filter((name) => !(name in everyVariable))).toEqual(['OPI_ACCESS_TOKEN']);
    expect(loadConfig(everyVariable)).toEqual({
      port: 9000,
      publicUrl: 'https://pay.shop.example',
      upstream: {
        environment: 'production',
        baseUrl: 'https://api.example-upstream.com',
        tokenUrl: 'https://auth.example-upstream.com/token',
        auth: { kind: 'client-credentials', clientId: 'client', clientSecret: 'client-secret-value' },
        timeoutMs: 5000,
        isLocalSandbox: false,
      },
      paymentSecret: 'payment-secret-value',
      merchantKeys: ['mk_live_aaaaaaaaaaaaaaaa', 'mk_live_bbbbbbbbbbbbbbbb'],
      allowedOrigins: ['https://shop.example', 'https://www.shop.example'],
      databaseUrl: 'postgres://u@db:5432/opi',
      databaseSchema: 'checkout',
      dataDir: '/var/lib/opi',
      dataDirChosen: true,
      pgliteCompiler: 'optimising',
      pgliteThread: 'main',
      logLevel: 'warn',
      sessionTtlMinutes: 15,
      cancellationTimeoutUnit: 'seconds',
      customerSessions: true,
      offerDeclinedProvider: false,
      uniqueMerchantReference: true,
      merchant: { name: 'Lantern & Linen', logoUrl: 'https://cdn.shop.example/logo.svg' },
      optionsCacheSeconds: 0,
      trustProxy: 1,
      rateLimitPerMinute: 30,
      bodyTimeoutMs: 2_500,
      drainMs: 25_000,
      metricsPort: 9464,
      metricsHost: '0.0.0.0',
      retention: { sessionDays: 7, idempotencyHours: 72, personalDays: 30, intervalMs: 900_000 },
      reconcile: {
        intervalMs: 1000,
        readsPerSecond: 50,
        maxPauseMs: 5_000,
        pollInitialMs: 15_000,
        pollMaxMs: 300_000,
        graceMs: 45 * 60_000,
        slowPollMs: 1_800_000,
        horizonMs: 14 * 86_400_000,
        settleWindowMs: 900_000,
      },
      upstreamWebhookSecret: 'acct_webhook_0123456789abcdef',
      notifications: {
        url: 'https://shop.example/hooks/opi',
        secret: 'whsec_0123456789abcdef',
        maxAttempts: 3,
        retryDelayMs: 2000,
        retryForMs: 24 * 3_600_000,
      },
    });
  });

  it('never serves metrics on the public port', () => {
    expect(problems({ ...SANDBOX, PORT: '9000', OPI_METRICS_PORT: '9000' })).toEqual([
      'OPI_METRICS_PORT must differ from PORT (metrics are never served on the public port)',
    ]);
    expect(problems({ ...SANDBOX, OPI_METRICS_PORT: '8787' })).toHaveLength(1);
    expect(problems({ ...SANDBOX, PORT: '0', OPI_METRICS_PORT: '0' })).toEqual([]);
    expect(problems({ ...SANDBOX, OPI_RETENTION_IDEMPOTENCY_HOURS: '12' })).toEqual([
      'OPI_RETENTION_IDEMPOTENCY_HOURS must be a whole number of hours from 24 to 87600',
    ]);
    expect(problems({ ...SANDBOX, OPI_DRAIN_SECONDS: '601' })).toEqual([
      'OPI_DRAIN_SECONDS must be a whole number of seconds from 0 to 600',
    ]);
  });

  it.each([
    [{}, undefined],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }, 'http://collector:4318/v1/traces'],
    [
      { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://t:9/in' },
      'http://t:9/in',
    ],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }, undefined],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' }, undefined],
  ])('sends spans where the standard OTEL_* variables say: %j', (otel, endpoint) => {
    expect(loadConfig({ ...SANDBOX, ...real, ...otel }).tracesEndpoint).toBe(endpoint);
  });

  it('documents every variable in docs/configuration.md', () => {
    // The first cell of a table row names the variables it documents.
    const firstCells = readFileSync('docs/configuration.md', 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split('|')[1]!);
    expect(CONFIG_VARIABLES.filter((name) => !firstCells.some((cell) => cell.includes(`\`${name}\``)))).toEqual([]);
  });

  it("gives each variable's default as its feature's settings declare it", () => {
    const rows = readFileSync('docs/configuration.md', 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split('|').map((cell) => cell.trim()));
    const documented = (name: string) => rows.find(([, first]) => first!.includes(`\`${name}\``))?.[2];
    const defaults = configDefaults();
    expect(Object.keys(defaults).length).toBeGreaterThan(30);
    const differing = Object.entries(defaults)
      .map(([name, value]) => [name, `\`${value}\``, documented(name)])
      .filter(([, declared, docs]) => declared !== docs);
    expect(differing).toEqual([]);
  });

  it.each([
    ['qa', 'https://api.qa.optty.com', 'https://auth.qa.optty.com/token'],
    ['production', 'https://api.optty.com', 'https://auth.optty.com/token'],
  ])('OPI_ENVIRONMENT=%s names both of its hosts, and never the local sandbox', (environment, baseUrl, tokenUrl) => {
    const { OPI_UPSTREAM_URL: _u, OPI_TOKEN_URL: _t, ...rest } = real;
    expect(loadConfig({ ...SANDBOX, ...rest, OPI_ENVIRONMENT: environment }).upstream).toMatchObject({
      environment,
      baseUrl,
      tokenUrl,
      isLocalSandbox: false,
    });
    expect(problems({ ...SANDBOX, OPI_ENVIRONMENT: environment })).toContainEqual(
      expect.stringContaining('OPI_CLIENT_ID, OPI_CLIENT_SECRET, OPI_PAYMENT_SECRET'),
    );
  });

  it('overrides each host on its own, and never derives the token URL from the API host', () => {
    const { OPI_UPSTREAM_URL: _u, OPI_TOKEN_URL: _t, ...rest } = real;
    const proxied = loadConfig({
      ...SANDBOX,
      ...rest,
      OPI_ENVIRONMENT: 'qa',
      OPI_UPSTREAM_URL: 'https://opi-proxy.shop.example',
    }).upstream;
    expect(proxied).toMatchObject({
      baseUrl: 'https://opi-proxy.shop.example',
      tokenUrl: 'https://auth.qa.optty.com/token',
    });
    expect(
      loadConfig({
        ...SANDBOX,
        ...rest,
        OPI_ENVIRONMENT: 'production',
        OPI_TOKEN_URL: 'https://auth.proxy.shop.example/token',
      }).upstream,
    ).toMatchObject({ baseUrl: 'https://api.optty.com', tokenUrl: 'https://auth.proxy.shop.example/token' });
    expect(problems({ ...SANDBOX, ...rest, OPI_UPSTREAM_URL: 'https://api.example-upstream.com' })).toEqual([
      'OPI_TOKEN_URL must be set when OPI_UPSTREAM_URL is not the local sandbox (api.example-upstream.com), or set OPI_ENVIRONMENT to qa or production',
    ]);
  });

  it('refuses an unknown environment, a sandbox flag beside a real environment, and an unknown timeout unit', () => {
    expect(problems({ ...SANDBOX, OPI_ENVIRONMENT: 'staging' })).toEqual([
      'OPI_ENVIRONMENT must be one of: sandbox, qa, production',
    ]);
    expect(
      problems({
        ...SANDBOX,
        ...real,
        OPI_ENVIRONMENT: 'qa',
        OPI_UPSTREAM_URL: 'http://127.0.0.1:4010',
        OPI_UPSTREAM_SANDBOX: 'true',
      }),
    ).toContain('OPI_UPSTREAM_SANDBOX=true contradicts OPI_ENVIRONMENT=qa');
    expect(problems({ ...SANDBOX, OPI_CANCELLATION_TIMEOUT_UNIT: 'hours' })).toEqual([
      'OPI_CANCELLATION_TIMEOUT_UNIT must be one of: minutes, seconds',
    ]);
    expect(problems({ ...SANDBOX, OPI_PGLITE_COMPILER: 'turbofan' })).toEqual([
      'OPI_PGLITE_COMPILER must be one of: baseline, optimising',
    ]);
    expect(problems({ ...SANDBOX, OPI_PGLITE_THREAD: 'both' })).toEqual([
      'OPI_PGLITE_THREAD must be one of: worker, main',
    ]);
  });

  it('refuses a settle window shorter than twice what one request may take', () => {
    expect(problems({ ...SANDBOX, OPI_UPSTREAM_TIMEOUT_MS: '120000' })).toEqual([
      'OPI_SETTLE_WINDOW_SECONDS must be at least 730 with OPI_UPSTREAM_TIMEOUT_MS=120000 (twice what one request may take)',
    ]);
    expect(problems({ ...SANDBOX, OPI_UPSTREAM_TIMEOUT_MS: '120000', OPI_SETTLE_WINDOW_SECONDS: '730' })).toEqual([]);
    expect(problems({ ...SANDBOX, OPI_POLL_GRACE_MINUTES: '-1', OPI_POLL_HORIZON_DAYS: '0' })).toEqual([
      'OPI_POLL_GRACE_MINUTES must be a whole number of minutes from 0 to 10080',
      'OPI_POLL_HORIZON_DAYS must be a whole number of days from 1 to 365',
    ]);
  });

  it('takes a static access token instead of client credentials', () => {
    const { OPI_CLIENT_ID: _id, OPI_CLIENT_SECRET: _secret, ...rest } = real;
    expect(loadConfig({ ...SANDBOX, ...rest, OPI_ACCESS_TOKEN: 'static-token' }).upstream.auth).toEqual({
      kind: 'static',
      accessToken: 'static-token',
    });
  });

  it('follows PORT in the default public URL, and with PORT=0 the port the server got', () => {
    expect(loadConfig({ ...SANDBOX, PORT: '4111' }).publicUrl).toBe('http://127.0.0.1:4111');
    const anyPort = loadConfig({ ...SANDBOX, PORT: '0' });
    expect(withListeningPort(anyPort, 41234).publicUrl).toBe('http://127.0.0.1:41234');
    expect(
      withListeningPort(loadConfig({ ...SANDBOX, PORT: '0', OPI_PUBLIC_URL: 'https://pay.shop.example' }), 41234)
        .publicUrl,
    ).toBe('https://pay.shop.example');
    expect(withListeningPort(loadConfig({ ...SANDBOX, PORT: '4111' }), 4111).publicUrl).toBe('http://127.0.0.1:4111');
  });

  it('refuses a real upstream without credentials, naming every missing variable', () => {
    expect(problems({ ...SANDBOX, OPI_UPSTREAM_URL: 'https://api.example-upstream.com' })).toEqual([
      'OPI_TOKEN_URL must be set when OPI_UPSTREAM_URL is not the local sandbox (api.example-upstream.com), or set OPI_ENVIRONMENT to qa or production',
      'OPI_CLIENT_ID, OPI_CLIENT_SECRET, OPI_PAYMENT_SECRET, OPI_MERCHANT_KEYS must be set when OPI_UPSTREAM_URL is not the local sandbox (api.example-upstream.com) (or set OPI_ACCESS_TOKEN instead of the client credentials)',
      'OPI_PUBLIC_URL must be set (https) when OPI_UPSTREAM_URL is not the local sandbox',
      'OPI_ALLOWED_ORIGINS must be set when OPI_UPSTREAM_URL is not the local sandbox',
    ]);
    const { OPI_PAYMENT_SECRET: _p, ...withoutPaymentSecret } = real;
    expect(problems(withoutPaymentSecret)).toEqual([
      'OPI_PAYMENT_SECRET must be set when OPI_UPSTREAM_URL is not the local sandbox (api.example-upstream.com)',
    ]);
    expect(problems({ ...SANDBOX, ...real, OPI_PUBLIC_URL: 'http://pay.shop.example' })).toEqual([
      'OPI_PUBLIC_URL must use https when OPI_UPSTREAM_URL is not the local sandbox',
    ]);
  });

  describe('what counts as the local sandbox', () => {
    it('a loopback upstream other than the default URL is not the sandbox: a proxy there gets no demo credentials', () => {
      expect(problems({ ...SANDBOX, OPI_UPSTREAM_URL: 'http://127.0.0.1:4999' })).toEqual([
        'OPI_TOKEN_URL must be set when OPI_UPSTREAM_URL is not the local sandbox (127.0.0.1), or set OPI_ENVIRONMENT to qa or production',
        'OPI_CLIENT_ID, OPI_CLIENT_SECRET, OPI_PAYMENT_SECRET, OPI_MERCHANT_KEYS must be set when OPI_UPSTREAM_URL is not the local sandbox (127.0.0.1) (or set OPI_ACCESS_TOKEN instead of the client credentials)',
        'OPI_UPSTREAM_URL must use https for a non-local upstream',
        'OPI_PUBLIC_URL must be set (https) when OPI_UPSTREAM_URL is not the local sandbox',
        'OPI_ALLOWED_ORIGINS must be set when OPI_UPSTREAM_URL is not the local sandbox',
      ]);
      expect(
        problems({
          ...SANDBOX,
          ...real,
          OPI_UPSTREAM_URL: 'https://localhost:8443',
          OPI_MERCHANT_KEYS: SANDBOX_DEFAULTS.merchantKey,
        }),
      ).toEqual(['OPI_MERCHANT_KEYS must not contain the development key outside the local sandbox']);
    });

    it('OPI_UPSTREAM_SANDBOX=true names a sandbox on another loopback port', () => {
      const config = loadConfig({
        ...SANDBOX,
        OPI_UPSTREAM_URL: 'http://127.0.0.1:4999',
        OPI_UPSTREAM_SANDBOX: 'true',
      });
      expect(config.upstream).toMatchObject({ baseUrl: 'http://127.0.0.1:4999', isLocalSandbox: true });
      expect(config.merchantKeys).toEqual([SANDBOX_DEFAULTS.merchantKey]);
    });

    it('OPI_UPSTREAM_SANDBOX=true is refused for a host that is not this machine', () => {
      expect(problems({ ...SANDBOX, ...real, OPI_UPSTREAM_SANDBOX: 'true' })).toEqual([
        'OPI_UPSTREAM_SANDBOX=true needs a loopback OPI_UPSTREAM_URL (got api.example-upstream.com): the sandbox runs on this machine',
      ]);
    });

    it('OPI_UPSTREAM_SANDBOX=false makes even the default URL a real upstream', () => {
      expect(problems({ ...SANDBOX, ...real, OPI_UPSTREAM_URL: '', OPI_UPSTREAM_SANDBOX: 'false' })).toEqual([
        'OPI_UPSTREAM_URL must use https for a non-local upstream',
      ]);
    });
  });

  it('refuses the public demo values and plain http for a real upstream', () => {
    expect(problems({ ...SANDBOX, ...real, OPI_MERCHANT_KEYS: SANDBOX_DEFAULTS.merchantKey })).toEqual([
      'OPI_MERCHANT_KEYS must not contain the development key outside the local sandbox',
    ]);
    expect(problems({ ...SANDBOX, ...real, OPI_PAYMENT_SECRET: SANDBOX_DEFAULTS.paymentSecret })).toEqual([
      'OPI_PAYMENT_SECRET must not be the sandbox demo secret outside the local sandbox',
    ]);
    expect(problems({ ...SANDBOX, ...real, OPI_UPSTREAM_URL: 'http://api.example-upstream.com' })).toEqual([
      'OPI_UPSTREAM_URL must use https for a non-local upstream',
    ]);
  });

  it.each([
    ['PORT', 'eighty', 'PORT must be a port number from 0 to 65535'],
    ['OPI_UPSTREAM_URL', 'ftp://x', 'OPI_UPSTREAM_URL must be an http or https URL (the upstream base URL)'],
    ['OPI_UPSTREAM_URL', 'https://user:pw@api.example.com', 'OPI_UPSTREAM_URL must not carry credentials in the URL'],
    [
      'OPI_ALLOWED_ORIGINS',
      'https://shop.example/path',
      'OPI_ALLOWED_ORIGINS must be a comma-separated list of origins such as https://shop.example (got "https://shop.example/path")',
    ],
    [
      'OPI_MERCHANT_KEYS',
      'short',
      'OPI_MERCHANT_KEYS must be a comma-separated list of keys of at least 16 characters each',
    ],
    ['OPI_LOG_LEVEL', 'loud', 'OPI_LOG_LEVEL must be one of: fatal, error, warn, info, debug, trace, silent'],
    [
      'OPI_UPSTREAM_TIMEOUT_MS',
      '10',
      'OPI_UPSTREAM_TIMEOUT_MS must be a whole number of milliseconds from 50 to 120000',
    ],
    ['OPI_SESSION_TTL_MINUTES', '0', 'OPI_SESSION_TTL_MINUTES must be a whole number of minutes from 1 to 10080'],
    [
      'OPI_RATE_LIMIT_PER_MINUTE',
      '-1',
      'OPI_RATE_LIMIT_PER_MINUTE must be a whole number of requests from 1 to 100000',
    ],
    ['OPI_BODY_TIMEOUT_MS', '50', 'OPI_BODY_TIMEOUT_MS must be a whole number of milliseconds from 100 to 120000'],
    [
      'OPI_TRUST_PROXY',
      'yes please',
      'OPI_TRUST_PROXY must be true, false, a number of hops, or a comma-separated list of addresses/subnets',
    ],
    ['DATABASE_URL', 'mysql://db', 'DATABASE_URL must be a postgres:// or postgresql:// connection URL'],
    ['OPI_PAYMENT_SECRET', 'short', 'OPI_PAYMENT_SECRET must be at least 8 characters'],
    ['OPI_UPSTREAM_SANDBOX', 'yes', 'OPI_UPSTREAM_SANDBOX must be true or false'],
    ['OPI_CUSTOMER_SESSIONS', '1', 'OPI_CUSTOMER_SESSIONS must be true or false'],
    ['OPI_OFFER_DECLINED_PROVIDER', 'no', 'OPI_OFFER_DECLINED_PROVIDER must be true or false'],
    ['OPI_NOTIFY_MAX_ATTEMPTS', '0', 'OPI_NOTIFY_MAX_ATTEMPTS must be a whole number of attempts from 1 to 100'],
    ['OPI_NOTIFY_RETRY_HOURS', '721', 'OPI_NOTIFY_RETRY_HOURS must be a whole number of hours from 1 to 720'],
    ['OPI_POLL_INITIAL_MS', '10', 'OPI_POLL_INITIAL_MS must be a whole number of milliseconds from 1000 to 3600000'],
  ])('names %s when it is invalid', (name, value, message) => {
    expect(problems({ ...SANDBOX, [name]: value })).toEqual([message]);
  });

  it('keeps notifications in the feed at least as long as they are retried', () => {
    expect(problems({ ...SANDBOX, OPI_NOTIFY_RETRY_HOURS: '72', OPI_RETENTION_PERSONAL_DAYS: '2' })).toEqual([
      'OPI_NOTIFY_RETRY_HOURS must be at most 48 with OPI_RETENTION_PERSONAL_DAYS=2 (the events feed keeps a notification that long)',
    ]);
  });

  it('never echoes a secret value in its message', () => {
    const error = problems({ ...SANDBOX, ...real, OPI_PAYMENT_SECRET: 'tiny12', OPI_MERCHANT_KEYS: 'mk_short_secret' });
    expect(error.join('\n')).not.toMatch(/tiny12|mk_short_secret/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ ...SANDBOX, PORT: '', OPI_UPSTREAM_URL: '' }).upstream.baseUrl).toBe('http://127.0.0.1:4010');
  });
});
