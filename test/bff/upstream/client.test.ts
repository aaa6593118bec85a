// The upstream client against the real sandbox: tokens, retries, Retry-After, timeouts, garbage, and writes that
// are never repeated blindly. Sleeps are injected (recorded, instant); clocks are injected where expiry matters.
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../bff/config.js';
import { createUpstreamClient, type UpstreamClientDeps } from '../../../bff/upstream/client.js';
import {
  UpstreamAuthError,
  UpstreamProtocolError,
  UpstreamTimeoutError,
  UpstreamUnavailableError,
  UpstreamValidationError,
} from '../../../bff/upstream/errors.js';
import type { Sandbox, SandboxOptions } from '../../../demo/sandbox/sandbox.js';
import { validOrder } from '../../shared/fixtures.js';
import { startSandbox } from '../../support/servers.js';

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

async function setup(
  env: Record<string, string> = {},
  sandboxOptions: SandboxOptions = {},
  deps: Partial<UpstreamClientDeps> = {},
) {
  sandbox = await startSandbox(sandboxOptions);
  const config = loadConfig({
    OPI_UPSTREAM_URL: sandbox.url,
    OPI_TOKEN_URL: sandbox.tokenUrl,
    OPI_ENVIRONMENT: 'sandbox',
    OPI_UPSTREAM_SANDBOX: 'true',
    OPI_UPSTREAM_TIMEOUT_MS: '2000',
    ...env,
  });
  const sleeps: number[] = [];
  const client = createUpstreamClient({
    config: config.upstream,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...deps,
  });
  return { sandbox, client, sleeps };
}

const tokenCalls = (s: Sandbox) => s.journal.filter((entry) => entry.path === '/token').length;
const calls = (s: Sandbox, path: string) => s.journal.filter((entry) => entry.path === path);
const order = (reference: string) => ({ ...validOrder(), orderReference: reference, bnplProvider: 'TABBY_AE' });

describe('access token', () => {
  it('is fetched once with form-encoded client credentials and reused', async () => {
    const { sandbox, client } = await setup();
    await client.getOptions({ amount: 100, currency: 'AED' });
    await client.getOptions({ amount: 200, currency: 'AED' });
    const [token] = calls(sandbox, '/token');
    expect(calls(sandbox, '/token')).toHaveLength(1);
    expect(token!.body).toMatchObject({
      grant_type: 'client_credentials',
      client_id: 'opi-sandbox-client',
      scope: 'api-user',
    });
  });

  it('is refreshed before it expires: 50 concurrent calls share exactly one refresh', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const { sandbox, client } = await setup({}, { tokenLifetimeSeconds: 600, now: () => now }, { clock: () => now });
    await client.getOptions({ amount: 100, currency: 'AED' });
    expect(tokenCalls(sandbox)).toBe(1);
    now += 541_000; // past 90% of the lifetime, before expiry
    await Promise.all(Array.from({ length: 50 }, (_, i) => client.getOptions({ amount: 100 + i, currency: 'AED' })));
    expect(tokenCalls(sandbox)).toBe(2);
    expect(calls(sandbox, '/options').every((entry) => entry.status === 200)).toBe(true);
  });

  it('after the upstream refuses an expired token: 50 concurrent 401s share exactly one refresh', async () => {
    let upstreamNow = Date.parse('2030-01-01T00:00:00Z');
    const { sandbox, client } = await setup({}, { tokenLifetimeSeconds: 600, now: () => upstreamNow });
    await client.getOptions({ amount: 100, currency: 'AED' });
    upstreamNow += 601_000; // the upstream's clock says expired; ours does not
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => client.getOptions({ amount: 100 + i, currency: 'AED' })),
    );
    expect(results.every((items) => items.length > 0)).toBe(true);
    expect(tokenCalls(sandbox)).toBe(2);
    expect(calls(sandbox, '/options').filter((entry) => entry.status === 401)).toHaveLength(50);
  });

  it('refused client credentials are an auth error that names no secret', async () => {
    const { client } = await setup({ OPI_CLIENT_ID: 'someone', OPI_CLIENT_SECRET: 'not-the-secret-value' });
    const error = await client.getOptions({ amount: 100, currency: 'AED' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamAuthError);
    expect(String((error as Error).message)).not.toContain('not-the-secret-value');
    await expect(client.checkToken()).rejects.toBeInstanceOf(UpstreamAuthError);
  });

  it('a static token the upstream refuses is an auth error after one attempt', async () => {
    const { sandbox, client } = await setup({ OPI_ACCESS_TOKEN: 'static-but-wrong' });
    await expect(client.getOptions({ amount: 100, currency: 'AED' })).rejects.toBeInstanceOf(UpstreamAuthError);
    expect(tokenCalls(sandbox)).toBe(0);
    expect(calls(sandbox, '/options')).toHaveLength(1);
  });
});

describe('reads', () => {
  it('are retried on 5xx with jittered, growing backoff, at most three attempts', async () => {
    const { sandbox, client, sleeps } = await setup({}, {}, { random: () => 0 });
    sandbox.setFault('options', { kind: 'status', status: 502 }, { times: 2 });
    expect((await client.getOptions({ amount: 100, currency: 'AED' })).length).toBeGreaterThan(0);
    expect(sleeps).toEqual([100, 200]);
    sandbox.setFault('options', { kind: 'status', status: 500 });
    await expect(client.getOptions({ amount: 100, currency: 'AED' })).rejects.toMatchObject({
      code: 'upstream_unavailable',
      status: 500,
    });
    expect(calls(sandbox, '/options')).toHaveLength(3 + 3);
  });

  it('honour Retry-After on 429', async () => {
    const { sandbox, client, sleeps } = await setup({ OPI_UPSTREAM_TIMEOUT_MS: '5000' });
    sandbox.setFault('options', { kind: 'status', status: 429, retryAfterSeconds: 2 }, { times: 1 });
    await client.getOptions({ amount: 100, currency: 'AED' });
    expect(sleeps).toEqual([2000]);
  });

  it('do not wait for a Retry-After beyond the budget', async () => {
    const { sandbox, client, sleeps } = await setup({ OPI_UPSTREAM_TIMEOUT_MS: '1000' });
    sandbox.setFault('options', { kind: 'status', status: 503, retryAfterSeconds: 30 });
    await expect(client.getOptions({ amount: 100, currency: 'AED' })).rejects.toBeInstanceOf(UpstreamUnavailableError);
    expect(sleeps).toEqual([]);
  });

  it('time out within the budget when the upstream hangs, body read included', async () => {
    const { sandbox, client } = await setup({ OPI_UPSTREAM_TIMEOUT_MS: '300' });
    sandbox.setFault('options', { kind: 'hang' });
    const started = Date.now();
    await expect(client.getOptions({ amount: 100, currency: 'AED' })).rejects.toBeInstanceOf(UpstreamTimeoutError);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(290);
    // The budget, and a loaded machine's margin: without the timeout it would hang until the sandbox closed.
    expect(elapsed).toBeLessThan(300 + 1_500);
  });

  it('refuse a body that is not JSON without retrying', async () => {
    const { sandbox, client } = await setup();
    sandbox.setFault('options', { kind: 'malformed-json' });
    await expect(client.getOptions({ amount: 100, currency: 'AED' })).rejects.toBeInstanceOf(UpstreamProtocolError);
    expect(calls(sandbox, '/options')).toHaveLength(1);
  });

  it('getOrder answers null for an unknown reference', async () => {
    const { client } = await setup();
    expect(await client.getOrder('nobody-knows-this')).toBeNull();
  });
});

describe('writes', () => {
  it('an upstream 400 carries its validation messages', async () => {
    const { client } = await setup();
    const error = await client.createOrder({ ...order('bad-1'), orderAmount: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamValidationError);
    expect((error as UpstreamValidationError).messages).toEqual([
      'orderAmount must equal sum(totalAmount) + shippingAmount + taxAmount - discountAmount',
    ]);
  });

  it("keeps a refusal's words bounded, and another status's words out of the error, which logs and spans carry", async () => {
    const long = 'x'.repeat(5_000);
    const refusing: typeof fetch = async (input, init) => {
      const path = new URL(String(input)).pathname;
      if (path.endsWith('/refund')) {
        const message = Array.from({ length: 1_000 }, (_, index) => `amount ${index} ${long}`);
        return Response.json({ statusCode: 400, message }, { status: 400 });
      }
      if (path.endsWith('/capture'))
        return Response.json(
          { statusCode: 403, message: `client_secret s3cr3t-value is not valid ${long}` },
          { status: 403 },
        );
      return fetch(input, init);
    };
    const { client } = await setup({}, {}, { fetch: refusing });
    const refused = await client
      .refund('r-1', { refundReference: 'r-1-1', refundDescription: 'x', refundAmount: { amount: 1 } })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UpstreamValidationError);
    const { messages } = refused as UpstreamValidationError;
    expect([messages.length, messages[0]]).toEqual([30, `amount 0 ${long}`.slice(0, 300)]);
    const forbidden = await client.capture('r-1', { captureReference: 'r-1-c', amount: 1 }).catch((e: unknown) => e);
    expect(forbidden).toMatchObject({ status: 403, message: 'capture: upstream answered 403' });
  });

  it('a create whose answer is lost after the order was made is found by asking, not sent again', async () => {
    const { sandbox, client } = await setup();
    sandbox.setFault('create-order', { kind: 'lost-answer' }, { times: 1 });
    const outcome = await client.createOrder(order('reset-1'));
    expect(outcome).toMatchObject({
      kind: 'exists',
      status: { merchantReference: 'reset-1', status: 'PENDING' },
      cause: { code: 'upstream_unavailable' },
    });
    expect(calls(sandbox, '/orders')).toHaveLength(1);
    expect(calls(sandbox, '/orders/reset-1').map((entry) => entry.method)).toEqual(['GET']);
  });

  it('a create answered with garbage is asked about and, when absent, sent once more with the same reference', async () => {
    const { sandbox, client } = await setup();
    sandbox.setFault('create-order', { kind: 'malformed-json' }, { times: 1 });
    const outcome = await client.createOrder(order('garbage-1'));
    expect(outcome).toMatchObject({ kind: 'created', record: { orderReference: 'garbage-1' } });
    expect(
      calls(sandbox, '/orders').map((entry) => entry.body && (entry.body as { orderReference: string }).orderReference),
    ).toEqual(['garbage-1', 'garbage-1']);
  });

  it('a create that keeps failing is tried at most twice, never blindly', async () => {
    const { sandbox, client } = await setup();
    sandbox.setFault('create-order', { kind: 'status', status: 500 });
    await expect(client.createOrder(order('fail-1'))).rejects.toMatchObject({ code: 'upstream_unavailable' });
    expect(calls(sandbox, '/orders')).toHaveLength(2);
    expect(calls(sandbox, '/orders/fail-1')).toHaveLength(1);
  });

  it('a create that hangs times out within the budget and leaves the question open', async () => {
    const { sandbox, client } = await setup({ OPI_UPSTREAM_TIMEOUT_MS: '300' });
    sandbox.setFault('create-order', { kind: 'hang' });
    const started = Date.now();
    await expect(client.createOrder(order('hang-1'))).rejects.toBeInstanceOf(UpstreamTimeoutError);
    expect(Date.now() - started).toBeLessThan(300 + 1_500); // the budget, and a loaded machine's margin
    expect(calls(sandbox, '/orders')).toHaveLength(1);
  });

  it('a refund is one POST: a lost answer is left to the caller, who settles it from the records', async () => {
    const { sandbox, client } = await setup({ OPI_UPSTREAM_TIMEOUT_MS: '300' });
    await client.createOrder(order('refund-1'));
    await sandbox.decide('refund-1', { outcome: 'approve' });
    sandbox.setFault('refund', { kind: 'lost-answer' }, { times: 1 });
    const request = { refundReference: 'refund-1-r1', refundDescription: 'damaged', refundAmount: { amount: 10 } };
    await expect(client.refund('refund-1', request)).rejects.toMatchObject({ retryable: true });
    expect(calls(sandbox, '/orders/refund-1/refund').map((entry) => entry.method)).toEqual(['POST']);
    // The upstream made it: its records show it (the docs' details name it by the order's reference).
    expect(await client.readRefunds('refund-1')).toEqual({
      records: [expect.objectContaining({ amount: 10, currency: 'AED', status: 'SUCCESSFUL' })],
      documented: true,
    });
  });

  it('reads refunds from the refund list while it answers, with every identifier it gives', async () => {
    const { sandbox, client } = await setup({}, { refundListRoute: true });
    await client.createOrder(order('refund-2'));
    await sandbox.decide('refund-2', { outcome: 'approve' });
    const answer = await client.refund('refund-2', {
      refundReference: 'refund-2-r1',
      refundDescription: 'damaged',
      refundAmount: { amount: 10 },
    });
    expect(await client.readRefunds('refund-2')).toEqual({
      records: [
        {
          ids: ['refund-2-r1-00', answer.bnplRefundId],
          reference: 'refund-2-r1-00',
          providerId: answer.bnplRefundId,
          amount: 10,
          currency: null,
          status: 'SUCCESSFUL',
          at: null,
          reason: null,
        },
      ],
      // The seed's list: no document shows its answer, so what it leaves out proves nothing on its own.
      documented: false,
    });
    expect(calls(sandbox, '/orders/refund-2/details')).toHaveLength(0);
    // Asked for the documented word, the details answer whatever the list does.
    expect((await client.readDetails('refund-2')).refunds).toEqual({
      records: [expect.objectContaining({ amount: 10, currency: 'AED', status: 'SUCCESSFUL' })],
      documented: true,
    });
    expect(calls(sandbox, '/orders/refund-2/details')).toHaveLength(1);
  });

  it('reads refunds from the transaction details where the refund list route does not exist, and remembers it', async () => {
    const { sandbox, client } = await setup({}, { refundListRoute: false });
    await client.createOrder(order('refund-3'));
    await sandbox.decide('refund-3', { outcome: 'approve' });
    await client.refund('refund-3', {
      refundReference: 'refund-3-r1',
      refundDescription: 'damaged',
      refundAmount: { amount: 12.5 },
    });
    expect(await client.readRefunds('refund-3')).toEqual({
      records: [
        expect.objectContaining({ amount: 12.5, currency: 'AED', status: 'SUCCESSFUL', at: expect.any(String) }),
      ],
      documented: true,
    });
    expect((await client.readRefunds('refund-3')).records).toHaveLength(1);
    expect(calls(sandbox, '/orders/refund-3/refund').filter((entry) => entry.method === 'GET')).toHaveLength(1);
    expect(calls(sandbox, '/orders/refund-3/details')).toHaveLength(2);
    await expect(client.readRefunds('nobody')).rejects.toMatchObject({ status: 404 });
  });

  it.each([
    ['answers 400 asking for a parameter', { refundListRoute: 'by-reference' as const }],
    [
      'answers a shape that is not a list',
      { refundListRoute: true, faults: { 'list-refunds': { kind: 'malformed-json' as const } } },
    ],
  ])('reads refunds from the transaction details when the list route %s, and remembers it', async (_, options) => {
    const { sandbox, client } = await setup({}, options);
    await client.createOrder(order('refund-4'));
    await sandbox.decide('refund-4', { outcome: 'approve' });
    await client.refund('refund-4', {
      refundReference: 'refund-4-r1',
      refundDescription: 'damaged',
      refundAmount: { amount: 7 },
    });
    for (let read = 0; read < 3; read++) {
      expect((await client.readRefunds('refund-4')).records).toEqual([
        expect.objectContaining({ amount: 7, currency: 'AED', status: 'SUCCESSFUL' }),
      ]);
    }
    expect(calls(sandbox, '/orders/refund-4/refund').filter((entry) => entry.method === 'GET')).toHaveLength(1);
    expect(calls(sandbox, '/orders/refund-4/details')).toHaveLength(3);
  });

  it('keeps asking the refund list through an outage: a 5xx says nothing about the route', async () => {
    const { sandbox, client } = await setup(
      {},
      { refundListRoute: true, faults: { 'list-refunds': { kind: 'status', status: 503 } } },
    );
    await client.createOrder(order('refund-5'));
    await sandbox.decide('refund-5', { outcome: 'approve' });
    await expect(client.readRefunds('refund-5')).rejects.toMatchObject({ code: 'upstream_unavailable' });
    await sandbox.clearFaults();
    expect(await client.readRefunds('refund-5')).toEqual({ records: [], documented: false });
    expect(calls(sandbox, '/orders/refund-5/details')).toHaveLength(0);
  });

  it('reads captures and refunds from one transaction details read, captures named by their captureId', async () => {
    const { sandbox, client } = await setup();
    await client.createOrder({ ...order('capture-1'), autoCapture: false });
    await sandbox.decide('capture-1', { outcome: 'approve' });
    await client.capture('capture-1', { captureReference: 'capture-1-c1', amount: 40 });
    expect(await client.readDetails('capture-1')).toEqual({
      captures: {
        records: [
          expect.objectContaining({ ids: ['capture-1-c1'], amount: 40, currency: 'AED', status: 'SUCCESSFUL' }),
        ],
        documented: true,
      },
      refunds: { records: [], documented: true },
    });
    expect(calls(sandbox, '/orders/capture-1/details')).toHaveLength(1);
  });

  it('capture and void reach the upstream and are parsed', async () => {
    const { sandbox, client } = await setup();
    await client.createOrder({ ...order('auth-1'), autoCapture: false });
    await sandbox.decide('auth-1', { outcome: 'approve' });
    expect(await client.capture('auth-1', { captureReference: 'auth-1-c1', amount: 100 })).toMatchObject({
      captureReference: 'auth-1-c1',
      capturedAmount: 100,
    });
    expect(await client.void('auth-1', { voidReference: 'auth-1-v1', amount: 44.89 })).toMatchObject({
      voidReference: 'auth-1-v1',
      amount: 44.89,
    });
  });
});
