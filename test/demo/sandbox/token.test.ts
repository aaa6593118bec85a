import { describe, expect, it } from 'vitest';
import { tokenResponseSchema, upstreamErrorSchema } from '../../../bff/upstream/contract.js';
import { SANDBOX_DEFAULTS } from '../../../shared/sandbox-defaults.js';
import { call, getToken, startSandbox, tokenForm } from './helpers.js';

const API_PATHS: [string, string][] = [
  ['GET', '/options?amount=100&currency=AED'],
  ['POST', '/orders'],
  ['POST', '/orders/'],
  ['GET', '/orders/ORD-1'],
  ['POST', '/orders/ORD-1/capture'],
  ['POST', '/orders/ORD-1/void'],
  ['POST', '/orders/ORD-1/refund'],
  ['GET', '/orders/ORD-1/refund'],
];

describe('POST /token', () => {
  it('issues a bearer token for the documented demo credentials by default', async () => {
    const sandbox = await startSandbox();
    expect(sandbox.credentials).toEqual({
      clientId: SANDBOX_DEFAULTS.clientId,
      clientSecret: SANDBOX_DEFAULTS.clientSecret,
      paymentSecret: SANDBOX_DEFAULTS.paymentSecret,
    });
    // The docs always show ?expires_in=1; it is accepted and ignored.
    const response = await fetch(`${sandbox.tokenUrl}?expires_in=1`, { method: 'POST', body: tokenForm(sandbox) });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(tokenResponseSchema.parse(body)).toMatchObject({
      token_type: 'Bearer',
      expires_in: 86400,
      scope: 'api-user',
    });
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'scope', 'token_type']);
    expect(body.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('serves the token on its own origin only, as upstream (auth.*), and the API nowhere there', async () => {
    const sandbox = await startSandbox();
    expect(new URL(sandbox.tokenUrl).origin).not.toBe(sandbox.url);
    expect((await fetch(`${sandbox.url}/token`, { method: 'POST', body: tokenForm(sandbox) })).status).toBe(404);
    const apiOnAuth = await fetch(`${new URL(sandbox.tokenUrl).origin}/options?amount=100&currency=AED`);
    expect([apiOnAuth.status, ((await apiOnAuth.json()) as { message: string }).message]).toEqual([
      404,
      'Cannot GET /options',
    ]);
  });

  it('uses the credentials and lifetime it was given', async () => {
    const sandbox = await startSandbox({ clientId: 'merchant-7', clientSecret: 's3cr3t', tokenLifetimeSeconds: 120 });
    const ok = await fetch(sandbox.tokenUrl, { method: 'POST', body: tokenForm(sandbox) });
    expect(((await ok.json()) as { expires_in: number }).expires_in).toBe(120);
    const defaults = new URLSearchParams({
      client_id: SANDBOX_DEFAULTS.clientId,
      client_secret: SANDBOX_DEFAULTS.clientSecret,
      grant_type: 'client_credentials',
      scope: 'api-user',
    });
    expect((await fetch(sandbox.tokenUrl, { method: 'POST', body: defaults })).status).toBe(401);
  });

  it.each([
    ['a wrong secret', { client_secret: 'nope' }],
    ['a wrong client id', { client_id: 'someone-else' }],
  ])('answers 401 in the upstream error shape for %s', async (_label, overrides) => {
    const sandbox = await startSandbox();
    const response = await call(sandbox, '/token', {
      method: 'POST',
      body: tokenForm(sandbox, overrides).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ statusCode: 401, message: 'Unauthorized' });
  });

  it('names every missing field, and refuses another grant type or scope', async () => {
    const sandbox = await startSandbox();
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const missing = await call(sandbox, '/token', { method: 'POST', body: 'client_id=x', headers: form });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      statusCode: 400,
      message: ['client_secret is required', 'grant_type is required', 'scope is required'],
      error: 'Bad Request',
    });
    const wrong = await call(sandbox, '/token', {
      method: 'POST',
      body: tokenForm(sandbox, { grant_type: 'password', scope: 'merchant' }).toString(),
      headers: form,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toEqual(['grant_type must be client_credentials', 'scope must be api-user']);
  });

  it('refuses a JSON body: the token endpoint takes a form', async () => {
    const sandbox = await startSandbox();
    const response = await call(sandbox, '/token', { json: Object.fromEntries(tokenForm(sandbox)) });
    expect(response.status).toBe(400);
    expect(upstreamErrorSchema.parse(response.body).message).toBe(
      'Content-Type must be application/x-www-form-urlencoded',
    );
  });

  it('never puts the client secret in the journal', async () => {
    const sandbox = await startSandbox();
    await getToken(sandbox);
    const journal = await call(sandbox, '/__sandbox/journal');
    expect(journal.body[0].body).toMatchObject({
      client_id: sandbox.credentials.clientId,
      client_secret: '[redacted]',
    });
    expect(JSON.stringify(journal.body)).not.toContain(sandbox.credentials.clientSecret);
  });
});

describe('the bearer token on every API route', () => {
  it.each(API_PATHS)(
    '%s %s answers 401 without a token, with a foreign token and with a mangled one',
    async (method, path) => {
      const sandbox = await startSandbox();
      const other = await startSandbox();
      const foreign = await getToken(other);
      const own = await getToken(sandbox);
      for (const token of [undefined, foreign, `${own.slice(0, -2)}xx`, 'not-a-jwt']) {
        const response = await call(sandbox, path, { method, token, ...(method === 'POST' ? { json: {} } : {}) });
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ statusCode: 401, message: 'Unauthorized' });
      }
    },
  );

  it('accepts a token until its lifetime ends, then answers 401 (injected clock)', async () => {
    let now = Date.parse('2025-03-01T10:00:00.000Z');
    const sandbox = await startSandbox({ tokenLifetimeSeconds: 60, now: () => now });
    const token = await getToken(sandbox);
    expect((await call(sandbox, '/options?amount=100&currency=AED', { token })).status).toBe(200);
    now += 59_999;
    expect((await call(sandbox, '/options?amount=100&currency=AED', { token })).status).toBe(200);
    now += 1;
    expect((await call(sandbox, '/options?amount=100&currency=AED', { token })).status).toBe(401);
    const fresh = await getToken(sandbox);
    expect((await call(sandbox, '/options?amount=100&currency=AED', { token: fresh })).status).toBe(200);
  });

  it('expires a one-second token in real time', async () => {
    const sandbox = await startSandbox({ tokenLifetimeSeconds: 1 });
    const token = await getToken(sandbox);
    expect((await call(sandbox, '/options?amount=100&currency=AED', { token })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    expect((await call(sandbox, '/options?amount=100&currency=AED', { token })).status).toBe(401);
  });
});
