// The upstream's bearer token: a static one from configuration, or OAuth2 client credentials fetched, cached and
// refreshed before they expire. Concurrent callers share one refresh.
import { tokenResponseSchema } from './contract.js';
import type { UpstreamAuth } from '../config.js';
import { UpstreamAuthError, UpstreamTimeoutError, UpstreamValidationError } from './errors.js';
import type { Transport } from './transport.js';

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
