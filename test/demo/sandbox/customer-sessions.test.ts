// POST /merchants/customer/sessions (docs §13) and create-order's customerToken.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, getToken, orderRequest, startSandbox } from './helpers.js';
import { docs } from '../../conformance/fixtures.js';

const SESSIONS = '/merchants/customer/sessions';
const INVALID = {
  statusCode: 400,
  message: ['customerToken must be a valid customer session token'],
  error: 'Bad Request',
};

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));

async function ready(options = {}) {
  const sandbox = await startSandbox(options);
  const token = await getToken(sandbox);
  const session = async (customerIdentifier = 'anonymous') =>
    call(sandbox, SESSIONS, { token, json: { customerIdentifier } });
  return { sandbox, token, session };
}

describe('POST /merchants/customer/sessions', () => {
  it.each(['anonymous', 'layla@example.com'])(
    'answers 201 { token, ttl: 604800 }: an HS256 JWT with the hashed identifier (%s) and the merchantId',
    async (identifier) => {
      const { session } = await ready({ now: () => Date.parse('2025-03-01T10:00:00Z') });
      const response = await session(identifier);
      expect(response.status).toBe(201);
      expect(Object.keys(response.body).sort()).toEqual(['token', 'ttl']);
      expect(response.body.ttl).toBe(604800);
      const { token } = response.body as { token: string };
      // About as long as the docs' sample.
      expect(token.length).toBeGreaterThanOrEqual(300);
      expect(token.length).toBeLessThanOrEqual(450);
      expect(JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8'))).toEqual({
        alg: 'HS256',
        typ: 'JWT',
      });
      const claims = claimsOf(token);
      expect(Object.keys(claims).sort()).toEqual(['customerIdentifier', 'exp', 'iat', 'merchantId']);
      expect(claims.customerIdentifier).toBe(createHash('sha256').update(identifier).digest('hex'));
      expect(token).not.toContain(Buffer.from(identifier).toString('base64url'));
      expect(claims.merchantId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(claims.iat).toBe(Date.parse('2025-03-01T10:00:00Z') / 1000);
      expect(claims.exp - claims.iat).toBe(604800);
    },
  );

  it('needs the bearer token and a customerIdentifier', async () => {
    const { sandbox, token } = await ready();
    const anonymous = await call(sandbox, SESSIONS, { json: { customerIdentifier: 'anonymous' } });
    expect([anonymous.status, anonymous.body]).toEqual([401, { statusCode: 401, message: 'Unauthorized' }]);
    for (const [json, message] of [
      [{}, 'customerIdentifier is required'],
      [{ customerIdentifier: '  ' }, 'customerIdentifier is required'],
      [{ customerIdentifier: 42 }, 'customerIdentifier must be text'],
    ] as const) {
      const refused = await call(sandbox, SESSIONS, { token, json });
      expect([refused.status, refused.body.message]).toEqual([400, [message]]);
    }
  });

  it('gives the same merchantId to every session, and a session token is no bearer token', async () => {
    const { sandbox, session } = await ready();
    const [first, second] = [(await session()).body.token, (await session('x@example.com')).body.token];
    expect(claimsOf(first).merchantId).toBe(claimsOf(second).merchantId);
    expect((await call(sandbox, '/orders/ANY', { token: first })).status).toBe(401);
  });
});

describe('POST /orders with a customerToken', () => {
  it('takes a session this sandbox issued', async () => {
    const { sandbox, token, session } = await ready();
    const customerToken = (await session()).body.token;
    const created = await call(sandbox, '/orders', { token, json: orderRequest({}, { customerToken }) });
    expect(created.status).toBe(201);
  });

  it('refuses a forged token, another sandbox’s, an access token and the docs’ sample (local choice)', async () => {
    const { sandbox, token, session } = await ready();
    const genuine: string = (await session()).body.token;
    const [header, payload, signature] = genuine.split('.') as [string, string, string];
    const tampered = `${header}.${Buffer.from(
      JSON.stringify({ ...claimsOf(genuine), exp: claimsOf(genuine).exp + 1 }),
    ).toString('base64url')}.${signature}`;
    const elsewhere = await ready();
    const foreign: string = (await elsewhere.session()).body.token;
    for (const customerToken of [
      tampered,
      `${header}.${payload}.${signature.slice(0, -2)}AA`,
      foreign,
      token,
      docs.createOrder.request.body.customerToken,
      'not-a-jwt',
    ]) {
      const refused = await call(sandbox, '/orders', { token, json: orderRequest({}, { customerToken }) });
      expect([refused.status, refused.body]).toEqual([400, INVALID]);
    }
    expect(sandbox.records()).toEqual([]);
  });

  it('takes an empty customerToken as none, as the vendor plugin sends it when its session call failed', async () => {
    const { sandbox, token } = await ready();
    const created = await call(sandbox, '/orders', { token, json: orderRequest({}, { customerToken: '' }) });
    expect(created.status).toBe(201);
    expect(sandbox.records()).toHaveLength(1);
  });

  it('refuses an expired session', async () => {
    let now = Date.parse('2025-03-01T10:00:00Z');
    const sandbox = await startSandbox({ now: () => now });
    const customerToken = (
      await call(sandbox, SESSIONS, { token: await getToken(sandbox), json: { customerIdentifier: 'anonymous' } })
    ).body.token;
    now += 604_799_000;
    const stillValid = await call(sandbox, '/orders', {
      token: await getToken(sandbox),
      json: orderRequest({}, { customerToken }),
    });
    expect(stillValid.status).toBe(201);
    now += 1_000;
    const expired = await call(sandbox, '/orders', {
      token: await getToken(sandbox),
      json: orderRequest({}, { customerToken }),
    });
    expect([expired.status, expired.body]).toEqual([400, INVALID]);
  });
});
