import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { ReferenceField } from '../../../demo/sandbox/duplicates.js';
import { createSandbox, type Sandbox } from '../../../demo/sandbox/sandbox.js';
import { call, createOrder, expectDuplicate, getToken, orderRequest, startSandbox } from './helpers.js';

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
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ merchantReference: request.orderReference, status: 'PENDING' });
    expect(sandbox.journal.at(-1)).toMatchObject({ route: 'get-order', status: 201, fault: 'latency' });
    expect((await call(sandbox, `/orders/${request.orderReference}`, { token })).status).toBe(201);
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
    expect(performance.now() - started).toBeLessThan(3_000); // at once, with a loaded machine's margin
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

  it('lost-answer: the order IS created, the connection is dropped, exactly one order exists', async () => {
    const sandbox = await startSandbox();
    const token = await getToken(sandbox);
    sandbox.setFault('create-order', { kind: 'lost-answer' }, { times: 1 });
    const request = orderRequest();
    await expect(call(sandbox, '/orders/', { token, json: request })).rejects.toThrow(/fetch failed/);
    const order = await call(sandbox, `/orders/${request.orderReference}`, { token });
    expect(order.status).toBe(201);
    expect(order.body.status).toBe('PENDING');
    // A blind retry is refused, so the merchant cannot create a second order.
    expectDuplicate(await call(sandbox, '/orders/', { token, json: request }), 'orderReference');
    expect(sandbox.records().map((record) => record.reference)).toEqual([request.orderReference]);
    expect(
      sandbox.journal.filter((entry) => entry.route === 'create-order').map((entry) => [entry.status, entry.fault]),
    ).toEqual([
      [201, 'lost-answer'],
      [400, undefined],
    ]);
  });

  it('lost-answer: not one byte of the answer reaches the client before the connection closes', async () => {
    const sandbox = await startSandbox();
    const token = await getToken(sandbox);
    sandbox.setFault('create-order', { kind: 'lost-answer' }, { times: 1 });
    const body = JSON.stringify(orderRequest());
    const { port } = new URL(sandbox.url);
    const received = await new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /orders HTTP/1.1\r\nHost: sandbox\r\nAuthorization: Bearer ${token}\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        );
      });
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks)));
    });
    expect(received.length).toBe(0);
    expect(sandbox.records()).toHaveLength(1);
  });

  it('lost-answer waits for a creation: a refused request passes through and does not use it up', async () => {
    const sandbox = await startSandbox();
    const token = await getToken(sandbox);
    sandbox.setFault('create-order', { kind: 'lost-answer' }, { times: 1 });
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
    for (const route of ['options', 'get-order', 'order-details', 'list-refunds', 'token'] as const) {
      expect(() => sandbox.setFault(route, { kind: 'lost-answer' })).toThrow(
        'kind lost-answer applies to create-order, capture, void, refund, customer-session only',
      );
    }
    expect(() => sandbox.setFault('options', { kind: 'latency', ms: -5 })).toThrow('ms must be at least 0');
    expect(() => createSandbox({ faults: { refund: { kind: 'redirect-url', url: 'https://x.example' } } })).toThrow(
      'kind redirect-url applies to create-order only',
    );
    for (const route of ['token', 'options', 'customer-session'] as const) {
      expect(() => sandbox.setFault(route, { kind: 'hang' }, { reference: 'ORD-1' })).toThrow(
        'reference applies to create-order, get-order, order-details, capture, void, refund, list-refunds only',
      );
    }
    expect(() => sandbox.setFault('get-order', { kind: 'hang' }, { reference: '' })).toThrow(
      'reference must not be empty',
    );
  });
});

/** A sandbox with one order per reference, approved; `autoCapture` false leaves them AUTHORIZED. */
async function approvedOrders(count: number, autoCapture: boolean) {
  const sandbox = await startSandbox();
  const token = await getToken(sandbox);
  const references: string[] = [];
  for (let i = 0; i < count; i++) {
    const request = orderRequest({}, { autoCapture });
    await createOrder(sandbox, token, request);
    await sandbox.decide(request.orderReference, { outcome: 'approve' });
    references.push(request.orderReference);
  }
  return { sandbox, token, references };
}

const WRITES: Record<
  'capture' | 'void' | 'refund',
  { field: ReferenceField; autoCapture: boolean; body: Record<string, unknown> }
> = {
  capture: { field: 'captureReference', autoCapture: false, body: { captureReference: 'W-1', amount: 40 } },
  void: { field: 'voidReference', autoCapture: false, body: { voidReference: 'W-1', amount: 40 } },
  refund: {
    field: 'refundReference',
    autoCapture: true,
    body: { refundReference: 'W-1', refundDescription: 'returned', refundAmount: { amount: 40 } },
  },
};

describe('lost-answer on every write route', () => {
  it.each(['capture', 'void', 'refund'] as const)('%s: done upstream, the answer dropped', async (route) => {
    const { field, autoCapture, body } = WRITES[route];
    const { sandbox, token, references } = await approvedOrders(1, autoCapture);
    const path = `/orders/${references[0]}/${route}`;
    sandbox.setFault(route, { kind: 'lost-answer' }, { times: 1 });
    await expect(call(sandbox, path, { token, json: body })).rejects.toThrow(/fetch failed/);
    expect(sandbox.journal.at(-1)).toMatchObject({ route, status: route === 'void' ? 200 : 201, fault: 'lost-answer' });
    const [record] = sandbox.records();
    if (route === 'capture') {
      expect(record).toMatchObject({ capturedMinor: 4000, captures: [{ captureReference: 'W-1', amountMinor: 4000 }] });
    } else if (route === 'void') {
      expect(record).toMatchObject({ voidedMinor: 4000, voids: [{ voidReference: 'W-1', amountMinor: 4000 }] });
    } else {
      expect(record?.refunds).toEqual([{ refundReference: 'W-1', amountMinor: 4000, status: 'SUCCESSFUL' }]);
    }
    // The fault is used up; the same write again is a duplicate, so it was done exactly once.
    expectDuplicate(await call(sandbox, path, { token, json: body }), field);
  });

  it('customer-session: a session is issued, the answer dropped', async () => {
    const sandbox = await startSandbox();
    const token = await getToken(sandbox);
    sandbox.setFault('customer-session', { kind: 'lost-answer' }, { times: 1 });
    const session = () =>
      call(sandbox, '/merchants/customer/sessions', { token, json: { customerIdentifier: 'anonymous' } });
    await expect(session()).rejects.toThrow(/fetch failed/);
    expect(sandbox.journal.at(-1)).toMatchObject({ route: 'customer-session', status: 201, fault: 'lost-answer' });
    expect((await session()).status).toBe(201);
  });
});

describe('faults aimed at one order', () => {
  const getOrder = (sandbox: Sandbox, token: string, reference: string) =>
    call(sandbox, `/orders/${encodeURIComponent(reference)}`, { token });

  it('apply only to requests naming their order, and win over the route’s untargeted fault', async () => {
    const { sandbox, token, references } = await approvedOrders(3, true);
    const [a = '', b = '', c = ''] = references;
    sandbox.setFault('get-order', { kind: 'status', status: 503 }, { reference: a });
    expect((await getOrder(sandbox, token, a)).status).toBe(503);
    expect((await getOrder(sandbox, token, b)).status).toBe(201);
    expect((await getOrder(sandbox, token, a)).status).toBe(503); // until cleared
    sandbox.setFault('get-order', { kind: 'status', status: 502 });
    sandbox.setFault('get-order', { kind: 'status', status: 500 }, { reference: c, times: 1 });
    const statuses: number[] = [];
    for (const reference of [a, b, c, c]) statuses.push((await getOrder(sandbox, token, reference)).status);
    // c's own fault once, then the untargeted one.
    expect(statuses).toEqual([503, 502, 500, 502]);
    // Another route of the same order is untouched.
    expect((await call(sandbox, `/orders/${a}/details`, { token, method: 'POST' })).status).toBe(200);
    sandbox.clearFaults();
    for (const reference of [a, b, c]) expect((await getOrder(sandbox, token, reference)).status).toBe(201);
  });

  it('on create-order, by the body’s orderReference', async () => {
    const sandbox = await startSandbox();
    const token = await getToken(sandbox);
    const aimed = orderRequest();
    const other = orderRequest();
    sandbox.setFault('create-order', { kind: 'lost-answer' }, { reference: aimed.orderReference });
    expect((await call(sandbox, '/orders/', { token, json: other })).status).toBe(201);
    await expect(call(sandbox, '/orders/', { token, json: aimed })).rejects.toThrow(/fetch failed/);
    expect(sandbox.records().map((record) => record.reference)).toEqual([other.orderReference, aimed.orderReference]);
  });

  it.each(['capture', 'void', 'refund'] as const)(
    'on %s: one order’s write loses its answer, not another’s',
    async (route) => {
      const { body, autoCapture } = WRITES[route];
      const { sandbox, token, references } = await approvedOrders(2, autoCapture);
      const [aimed = '', other = ''] = references;
      sandbox.setFault(route, { kind: 'lost-answer' }, { reference: aimed });
      const own = route === 'capture' ? 'captureReference' : route === 'void' ? 'voidReference' : 'refundReference';
      const answered = await call(sandbox, `/orders/${other}/${route}`, { token, json: { ...body, [own]: 'W-other' } });
      expect(answered.status).toBe(route === 'void' ? 200 : 201);
      await expect(call(sandbox, `/orders/${aimed}/${route}`, { token, json: body })).rejects.toThrow(/fetch failed/);
      const done = sandbox
        .records()
        .map((record) => record.captures.length + record.voids.length + record.refunds.length);
      expect(done).toEqual([1, 1]);
    },
  );
});
