import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../demo/sandbox/sandbox.js';
import { call, getToken, orderRequest, startSandbox } from './helpers.js';

const createdOrders = (sandbox: { journal: { route?: string }[] }) =>
  sandbox.journal.filter((entry) => entry.route === 'create-order').length;

describe('fault injection', () => {
  it('latency: delays, then answers normally', async () => {
    const sandbox = await startSandbox({ faults: { options: { kind: 'latency', ms: 150 } } });
    const token = await getToken(sandbox);
    const started = performance.now();
    const response = await call(sandbox, '/options?amount=100&currency=AED', { token });
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
    expect(response.status).toBe(200);
    expect(response.body.length).toBeGreaterThan(0);
    expect(sandbox.journal.at(-1)).toMatchObject({ route: 'options', status: 200, fault: 'latency' });
  });

  it('latency on another route (get-order): delays, then answers the order', async () => {
    const sandbox = await startSandbox();
    const token = await getToken(sandbox);
    const request = orderRequest();
    await call(sandbox, '/orders/', { token, json: request });
    sandbox.setFault('get-order', { kind: 'latency', ms: 150 }, { times: 1 });
    const started = performance.now();
    const response = await call(sandbox, `/orders/${request.orderReference}`, { token });
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ merchantReference: request.orderReference, status: 'PENDING' });
    expect(sandbox.journal.at(-1)).toMatchObject({ route: 'get-order', status: 200, fault: 'latency' });
    expect((await call(sandbox, `/orders/${request.orderReference}`, { token })).status).toBe(200);
    expect(sandbox.journal.at(-1)?.fault).toBeUndefined(); // times: 1
  });

  it.each([
    [500, { statusCode: 500, message: 'Internal server error' }],
    [502, { statusCode: 502, message: 'Bad Gateway' }],
    [503, { statusCode: 503, message: 'Service Unavailable' }],
  ] as const)('status %i: the upstream error shape, and nothing is created', async (status, body) => {
    const sandbox = await startSandbox();
    const token = await getToken(sandbox);
    sandbox.setFault('create-order', { kind: 'status', status });
    const request = orderRequest();
    const response = await call(sandbox, '/orders/', { token, json: request });
    expect(response.status).toBe(status);
    expect(response.body).toEqual(body);
    sandbox.clearFaults();
    expect((await call(sandbox, `/orders/${request.orderReference}`, { token })).status).toBe(404);
  });

  it('status 429 carries Retry-After, and applies before the bearer check (like a gateway)', async () => {
    const sandbox = await startSandbox();
    sandbox.setFault('token', { kind: 'status', status: 429, retryAfterSeconds: 7 });
    const response = await call(sandbox, '/token', {
      method: 'POST',
      body: 'client_id=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('7');
    expect(response.body).toEqual({ statusCode: 429, message: 'Too Many Requests' });
  });

  it('times: applies N times, then clears itself', async () => {
    const sandbox = await startSandbox();
    const token = await getToken(sandbox);
    sandbox.setFault('get-order', { kind: 'status', status: 503 }, { times: 2 });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await call(sandbox, '/orders/NOPE', { token })).status);
    expect(statuses).toEqual([503, 503, 404]);
  });

  it('hang: never answers; the client gives up, and close() still ends promptly', async () => {
    const sandbox = createSandbox({ faults: { 'get-order': { kind: 'hang' } } });
    await sandbox.listen(0);
    const token = await getToken(sandbox);
    const request = fetch(`${sandbox.url}/orders/ANY`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(150),
    });
    await expect(request).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(sandbox.journal.at(-1)).toMatchObject({ route: 'get-order', status: 0, fault: 'hang' });
    // A hung request the client did not abort is cut when the sandbox closes.
    const stuck = fetch(`${sandbox.url}/orders/ANY`, { headers: { authorization: `Bearer ${token}` } });
    await new Promise((resolve) => setTimeout(resolve, 30));
    const started = performance.now();
    await sandbox.close();
    expect(performance.now() - started).toBeLessThan(1_000);
    await expect(stuck).rejects.toThrow();
  });

  it('malformed-json: 200 with a JSON content type and a body that does not parse', async () => {
    const sandbox = await startSandbox({ faults: { 'list-refunds': { kind: 'malformed-json' } } });
    const token = await getToken(sandbox);
    const response = await fetch(`${sandbox.url}/orders/ANY/refund`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    await expect(response.json()).rejects.toThrow(SyntaxError);
  });

  it('reset-after-create: the order IS created, the connection is dropped, exactly one order exists', async () => {
    const sandbox = await startSandbox();
    const token = await getToken(sandbox);
    sandbox.setFault('create-order', { kind: 'reset-after-create' }, { times: 1 });
    const request = orderRequest();
    await expect(call(sandbox, '/orders/', { token, json: request })).rejects.toThrow(/fetch failed/);
    const order = await call(sandbox, `/orders/${request.orderReference}`, { token });
    expect(order.status).toBe(200);
    expect(order.body.status).toBe('PENDING');
    // A blind retry is refused, so the merchant cannot create a second order.
    const retry = await call(sandbox, '/orders/', { token, json: request });
    expect(retry.body.message).toBe('orderReference already exists');
    expect(
      sandbox.journal.filter((entry) => entry.route === 'create-order').map((entry) => [entry.status, entry.fault]),
    ).toEqual([
      [201, 'reset-after-create'],
      [400, undefined],
    ]);
  });

  it('reset-after-create waits for a creation: a refused request passes through and does not use it up', async () => {
    const sandbox = await startSandbox();
    const token = await getToken(sandbox);
    sandbox.setFault('create-order', { kind: 'reset-after-create' }, { times: 1 });
    expect((await call(sandbox, '/orders/', { token, json: {} })).status).toBe(400);
    await expect(call(sandbox, '/orders/', { token, json: orderRequest() })).rejects.toThrow();
    expect((await call(sandbox, '/orders/', { token, json: orderRequest() })).status).toBe(201);
  });

  it.each(['http://127.0.0.1:4010/pay/x', 'https://evil.example/pay/x'])(
    'redirect-url: the record carries %s instead',
    async (url) => {
      const sandbox = await startSandbox({ faults: { 'create-order': { kind: 'redirect-url', url } } });
      const token = await getToken(sandbox);
      const response = await call(sandbox, '/orders/', { token, json: orderRequest() });
      expect(response.status).toBe(201);
      expect(response.body.redirectUrl).toBe(url);
      expect(createdOrders(sandbox)).toBe(1);
    },
  );

  it('refuses a fault that cannot apply, and a nonsense one', () => {
    const sandbox = createSandbox();
    expect(() => sandbox.setFault('options', { kind: 'reset-after-create' })).toThrow(
      'applies to create-order, capture, void and refund only',
    );
    expect(() => sandbox.setFault('options', { kind: 'latency', ms: -5 })).toThrow('ms must be at least 0');
    expect(() => createSandbox({ faults: { refund: { kind: 'redirect-url', url: 'https://x.example' } } })).toThrow();
  });
});
