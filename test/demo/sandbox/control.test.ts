// The /__sandbox control endpoints, driven over HTTP as a test in another process would.
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../../demo/sandbox/sandbox.js';
import { call, createOrder, expectedHash, getToken, orderRequest, startReceiver, startSandbox } from './helpers.js';

describe('control endpoints', () => {
  it('ask for the control token when one is set: Bearer from a shell, Basic from a browser; the relay stays open', async () => {
    const controlToken = 'control-token-of-this-sandbox';
    const sandbox = await startSandbox({ controlToken });
    const basic = (password: string) => `Basic ${Buffer.from(`anyone:${password}`).toString('base64')}`;
    for (const path of ['/__sandbox/journal', '/__sandbox/', '/__sandbox']) {
      const refused = await call(sandbox, path);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
      expect((await call(sandbox, path, { token: 'not-the-control-token' })).status).toBe(401);
    }
    expect((await call(sandbox, '/__sandbox/journal', { token: controlToken })).status).toBe(200);
    expect((await call(sandbox, '/__sandbox/', { headers: { authorization: basic(controlToken) } })).status).toBe(200);
    expect((await call(sandbox, '/__sandbox/', { headers: { authorization: basic('guess') } })).status).toBe(401);
    // Setting where relayed notifications go is control; the relay's own receiver is not.
    expect(
      (await call(sandbox, '/__sandbox/relay-target', { method: 'PUT', json: { url: 'http://127.0.0.1:9/' } })).status,
    ).toBe(401);
    expect((await call(sandbox, '/__sandbox/relay', { json: { id: 'ntf_1' } })).status).not.toBe(401);
  });

  it('refuses a control token too short to be one', () => {
    expect(() => createSandbox({ controlToken: 'short' })).toThrow('controlToken must be at least 16 characters');
  });

  it('POST /__sandbox/orders/:reference/decision decides like the hosted page and answers { redirectTo }', async () => {
    const sandbox = await startSandbox();
    const token = await getToken(sandbox);
    const request = orderRequest(
      {},
      { orderReference: 'ORD/with space', dynamicRedirectUrl: 'https://shop.example/r' },
    );
    await createOrder(sandbox, token, request);
    const path = `/__sandbox/orders/${encodeURIComponent(request.orderReference)}/decision`;
    const response = await call(sandbox, path, { json: { outcome: 'decline', mode: 'instant' } });
    expect(response.status).toBe(200);
    const redirect = new URL(response.body.redirectTo);
    expect(redirect.searchParams.get('status')).toBe('DECLINED');
    expect(redirect.searchParams.get('hash')).toBe(
      expectedHash(sandbox.credentials.paymentSecret, 'DECLINED', request.orderReference),
    );
    expect((await call(sandbox, path, { json: { outcome: 'approve' } })).status).toBe(409);
    expect(sandbox.journal.some((entry) => entry.path.startsWith('/__sandbox'))).toBe(false);
  });

  it('refuses a bad decision and an unknown order', async () => {
    const sandbox = await startSandbox();
    const bad = await call(sandbox, '/__sandbox/orders/X/decision', { json: { outcome: 'maybe', mode: 'soon' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      statusCode: 400,
      message: [
        'outcome must be one of: approve, decline, cancel, error, error-then-approve, error-then-decline',
        'mode must be one of: instant, pending',
      ],
      error: 'Bad Request',
    });
    const unknown = await call(sandbox, '/__sandbox/orders/NOPE/decision', { json: { outcome: 'approve' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Order NOPE not found');
  });

  it('refuses a body not sent as application/json (415), so a cross-site form or text/plain fetch changes nothing', async () => {
    const sandbox = await startSandbox();
    const token = await getToken(sandbox);
    const request = orderRequest();
    await createOrder(sandbox, token, request);
    const refused = {
      statusCode: 415,
      message: 'Content-Type must be application/json',
      error: 'Unsupported Media Type',
    };
    const decision = `/__sandbox/orders/${request.orderReference}/decision`;
    const asText = await call(sandbox, decision, {
      body: '{"outcome":"approve"}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(asText).toMatchObject({ status: 415, body: refused });
    const asForm = await call(sandbox, decision, {
      body: 'outcome=approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(asForm).toMatchObject({ status: 415, body: refused });
    expect((await call(sandbox, `/orders/${request.orderReference}`, { token })).body.status).toBe('PENDING');

    const fault = await call(sandbox, '/__sandbox/faults/options', {
      method: 'PUT',
      body: '{"kind":"hang"}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(fault.status).toBe(415);
    // Bytes go out with no Content-Type at all.
    const noType = await fetch(`${sandbox.url}/__sandbox/callback-failures`, {
      method: 'PUT',
      body: new TextEncoder().encode('{"count":3}'),
    });
    expect(noType.status).toBe(415);
    expect((await call(sandbox, '/options?amount=10&currency=AED', { token })).status).toBe(200);
  });

  it('PUT /__sandbox/faults/:route sets a fault (with times) and DELETE /__sandbox/faults clears them', async () => {
    const sandbox = await startSandbox();
    const token = await getToken(sandbox);
    const put = await call(sandbox, '/__sandbox/faults/options', {
      method: 'PUT',
      json: { kind: 'status', status: 502, times: 5 },
    });
    expect(put.status).toBe(204);
    expect((await call(sandbox, '/options?amount=10&currency=AED', { token })).status).toBe(502);
    expect((await call(sandbox, '/__sandbox/faults', { method: 'DELETE' })).status).toBe(204);
    expect((await call(sandbox, '/options?amount=10&currency=AED', { token })).status).toBe(200);
  });

  it('PUT /__sandbox/faults/:route with a reference aims the fault at that order only', async () => {
    const sandbox = await startSandbox();
    const token = await getToken(sandbox);
    const aimed = orderRequest({}, { orderReference: 'ORD/aimed 1' });
    const other = orderRequest();
    await createOrder(sandbox, token, aimed);
    await createOrder(sandbox, token, other);
    const put = await call(sandbox, '/__sandbox/faults/get-order', {
      method: 'PUT',
      json: { kind: 'status', status: 503, times: 2, reference: aimed.orderReference },
    });
    expect(put.status).toBe(204);
    const get = async (reference: string) =>
      (await call(sandbox, `/orders/${encodeURIComponent(reference)}`, { token })).status;
    expect([await get(other.orderReference), await get(aimed.orderReference)]).toEqual([201, 503]);
    expect([await get(aimed.orderReference), await get(aimed.orderReference)]).toEqual([503, 201]); // times: 2
  });

  it('refuses an unknown route, an unknown kind and bad values', async () => {
    const sandbox = await startSandbox();
    const route = await call(sandbox, '/__sandbox/faults/payouts', { method: 'PUT', json: { kind: 'hang' } });
    expect(route.status).toBe(404);
    expect(route.body.message).toMatch(/^Unknown route payouts; one of: token, options, create-order/);
    const kind = await call(sandbox, '/__sandbox/faults/options', { method: 'PUT', json: { kind: 'explode' } });
    expect(kind.status).toBe(400);
    expect(kind.body.message).toEqual([
      'kind must be one of: latency, status, hang, malformed-json, lost-answer, redirect-url',
    ]);
    const values = await call(sandbox, '/__sandbox/faults/options', {
      method: 'PUT',
      json: { kind: 'status', status: 418, times: 0 },
    });
    expect(values.body.message).toEqual(['status must be 500, 502, 503 or 429']);
    const times = await call(sandbox, '/__sandbox/faults/options', { method: 'PUT', json: { kind: 'hang', times: 0 } });
    expect(times.body.message).toEqual(['times must be at least 1']);
    const wrongRoute = await call(sandbox, '/__sandbox/faults/options', {
      method: 'PUT',
      json: { kind: 'lost-answer' },
    });
    expect(wrongRoute.body.message).toEqual([
      'kind lost-answer applies to create-order, capture, void, refund, customer-session only',
    ]);
    const aimedAtNoOrder = await call(sandbox, '/__sandbox/faults/options', {
      method: 'PUT',
      json: { kind: 'hang', reference: 'ORD-1' },
    });
    expect(aimedAtNoOrder.body.message).toEqual([
      'reference applies to create-order, get-order, order-details, capture, void, refund, list-refunds only',
    ]);
    const notJson = await call(sandbox, '/__sandbox/faults/options', {
      method: 'PUT',
      body: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect(typeof notJson.body.message).toBe('string');
  });

  it('PUT /__sandbox/callback-failures drops the next attempts', async () => {
    const sandbox = await startSandbox();
    const receiver = await startReceiver();
    const token = await getToken(sandbox);
    const request = orderRequest({}, { dynamicCallbackUrl: receiver.url });
    await createOrder(sandbox, token, request);
    expect((await call(sandbox, '/__sandbox/callback-failures', { method: 'PUT', json: { count: 1 } })).status).toBe(
      204,
    );
    expect(
      (await call(sandbox, '/__sandbox/callback-failures', { method: 'PUT', json: { count: -1 } })).body.message,
    ).toEqual(['count must be at least 0']);
    await call(sandbox, `/__sandbox/orders/${request.orderReference}/decision`, { json: { outcome: 'approve' } });
    await sandbox.idle();
    const deliveries = await call(sandbox, '/__sandbox/deliveries');
    expect(deliveries.body.map((delivery: { outcome: string }) => delivery.outcome)).toEqual(['dropped', 'delivered']);
    expect(receiver.hits()).toBe(1);
  });

  it('GET /__sandbox/journal lists the API requests with their status, route and body', async () => {
    const sandbox = await startSandbox();
    const token = await getToken(sandbox);
    const request = orderRequest();
    await createOrder(sandbox, token, request);
    await call(sandbox, '/orders/', { token, json: request });
    const journal = await call(sandbox, '/__sandbox/journal');
    expect(journal.status).toBe(200);
    expect(
      journal.body.map((entry: { method: string; path: string; status: number; route: string }) => [
        entry.method,
        entry.path,
        entry.status,
        entry.route,
      ]),
    ).toEqual([
      ['POST', '/token', 200, 'token'],
      ['POST', '/orders/', 201, 'create-order'],
      ['POST', '/orders/', 400, 'create-order'],
    ]);
    expect(journal.body[1].body.orderReference).toBe(request.orderReference);
    expect(journal.body[1].at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('answers an unknown control path with 404', async () => {
    const sandbox = await startSandbox();
    const response = await call(sandbox, '/__sandbox/reset', { method: 'POST', json: {} });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ statusCode: 404, message: 'Cannot POST /__sandbox/reset', error: 'Not Found' });
  });
});
