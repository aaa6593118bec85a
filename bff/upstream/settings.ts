// The upstream's settings: which of its environments, where, with what credentials, and one call's budget. Whether
// it is the local sandbox, and what that allows, is decided with the other settings (bff/config.ts).
import * as z from 'zod/mini';
import { SANDBOX_DEFAULTS } from '../../shared/sandbox-defaults.js';
import { flag, oneOf, secret, url, wholeNumber } from '../lib/setting-kinds.js';

export type UpstreamAuth =
  | { kind: 'static'; accessToken: string }
  | { kind: 'client-credentials'; clientId: string; clientSecret: string };

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
export const ENVIRONMENT_NAMES = Object.keys(ENVIRONMENTS) as Environment[];

export const upstreamVariables = {
  // Required, with no default (bff/config.ts says so): a secrets outage must not open the BFF on the demo values.
  OPI_ENVIRONMENT: z.optional(oneOf(ENVIRONMENT_NAMES)),
  OPI_ALLOW_SANDBOX: z._default(flag, false),
  OPI_UPSTREAM_URL: z.optional(url('the upstream base URL')),
  OPI_UPSTREAM_SANDBOX: z.optional(flag),
  OPI_TOKEN_URL: z.optional(url('the token endpoint')),
  OPI_CLIENT_ID: z.optional(secret(1)),
  OPI_CLIENT_SECRET: z.optional(secret(1)),
  OPI_ACCESS_TOKEN: z.optional(secret(1)),
  OPI_UPSTREAM_TIMEOUT_MS: z._default(wholeNumber(50, 120_000, 'a whole number of milliseconds'), 10_000),
};

export interface UpstreamSettings {
  environment: Environment;
  baseUrl: string;
  /** Never derived from baseUrl: the real service mints tokens on its own host. */
  tokenUrl: string;
  auth: UpstreamAuth;
  /** Budget of one upstream call, retries included (OPI_UPSTREAM_TIMEOUT_MS). */
  timeoutMs: number;
  /** True for the local sandbox: the default URL, or a loopback URL with OPI_UPSTREAM_SANDBOX=true. */
  isLocalSandbox: boolean;
}
