import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../../demo/sandbox/sandbox.js';
import { call, createOrder, expectedHash, getToken, orderRequest, startReceiver, startSandbox } from './helpers.js';

async function orderWithCallback(options = {}, statuses: number[] = [], extra = {}) {
  const sandbox = await startSandbox(options);
  const receiver = await startReceiver(statuses);
  const token = await getToken(sandbox);
  const request = orderRequest(
    {},
    { dynamicCallbackUrl: receiver.url, dynamicRedirectUrl: 'https://shop.example/return', ...extra },
  );
  await createOrder(sandbox, token, request);
  return { sandbox, receiver, token, reference: request.orderReference };
}

describe('ORDER_ASYNC_CALLBACK', () => {
  it.each([
    ['decline', 'DECLINED', { rejectReason: 'Declined by the provider (sandbox decision)', cancelledBy: null }],
    ['cancel', 'CANCELLED', { cancelledBy: 'user', rejectReason: null }],
    ['error', 'ERROR', { failureReason: 'The provider reported an error (sandbox decision)' }],
  ] as const)('carries the final status after "%s"', async (outcome, status, fields) => {
    const { sandbox, receiver, token, reference } = await orderWithCallback();
    const { redirectTo } = await sandbox.decide(reference, { outcome });
    expect(new URL(redirectTo).searchParams.get('status')).toBe(status);
    await sandbox.idle();
    expect(receiver.received).toEqual([
      { event: 'ORDER_ASYNC_CALLBACK', data: expect.objectContaining({ status, ...fields, captureStatus: null }) },
    ]);
    const order = await call(sandbox, `/orders/${reference}`, { token });
    expect(order.body).toMatchObject({ status, ...fields });
  });

  it('retries a failing merchant with doubling delays until a 2xx', async () => {
    const { sandbox, receiver, reference } = await orderWithCallback(
      { callbackRetry: { attempts: 5, baseDelayMs: 20 } },
      [500, 503],
    );
    await sandbox.decide(reference, { outcome: 'approve' });
    await sandbox.idle();
    expect(receiver.hits()).toBe(3);
    expect(receiver.received).toHaveLength(1);
    expect(sandbox.deliveries.map((delivery) => [delivery.attempt, delivery.outcome, delivery.status])).toEqual([
      [1, 'failed', 500],
      [2, 'failed', 503],
      [3, 'delivered', 200],
    ]);
    const times = sandbox.deliveries.map((delivery) => Date.parse(delivery.at));
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(20);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(40);
  });

  it('gives up after the configured number of attempts', async () => {
    const { sandbox, receiver, reference } = await orderWithCallback(
      { callbackRetry: { attempts: 3, baseDelayMs: 5 } },
      [500, 500, 500, 500, 500],
    );
    await sandbox.decide(reference, { outcome: 'approve' });
    await sandbox.idle();
    expect(receiver.hits()).toBe(3);
    expect(receiver.received).toEqual([]);
    expect(sandbox.deliveries.map((delivery) => delivery.outcome)).toEqual(['failed', 'failed', 'failed']);
  });

  it('records an unreachable merchant as failed attempts, bounded', async () => {
    const sandbox = await startSandbox({ callbackRetry: { attempts: 2, baseDelayMs: 5 } });
    const token = await getToken(sandbox);
    // Port 9 (discard) on loopback: nothing listens there, the connection is refused.
    const request = orderRequest({}, { dynamicCallbackUrl: 'http://127.0.0.1:9/callback' });
    await createOrder(sandbox, token, request);
    await sandbox.decide(request.orderReference, { outcome: 'approve' });
    await sandbox.idle();
    expect(sandbox.deliveries).toHaveLength(2);
    expect(
      sandbox.deliveries.every(
        (delivery) => delivery.outcome === 'failed' && delivery.status === undefined && delivery.error,
      ),
    ).toBe(true);
  });

  it('drops the first N attempts with callbackFailures, so the merchant sees only the later one', async () => {
    const { sandbox, receiver, reference } = await orderWithCallback({ callbackFailures: 2 });
    await sandbox.decide(reference, { outcome: 'approve' });
    await sandbox.idle();
    expect(receiver.hits()).toBe(1);
    expect(sandbox.deliveries.map((delivery) => delivery.outcome)).toEqual(['dropped', 'dropped', 'delivered']);
  });

  it('loses the callback entirely when every attempt is dropped (setCallbackFailures)', async () => {
    const { sandbox, receiver, reference, token } = await orderWithCallback();
    sandbox.setCallbackFailures(10);
    await sandbox.decide(reference, { outcome: 'approve' });
    await sandbox.idle();
    expect(receiver.hits()).toBe(0);
    expect(sandbox.deliveries).toHaveLength(4);
    // The order is still readable: a merchant that polls learns the outcome.
    expect((await call(sandbox, `/orders/${reference}`, { token })).body.status).toBe('SUCCESSFUL');
  });

  it('sends nothing when the order has no dynamicCallbackUrl', async () => {
    const sandbox = await startSandbox();
    const token = await getToken(sandbox);
    const request = orderRequest();
    await createOrder(sandbox, token, request);
    await sandbox.decide(request.orderReference, { outcome: 'approve' });
    await sandbox.idle();
    expect(sandbox.deliveries).toEqual([]);
  });
});

describe('historyLimit', () => {
  it('keeps only the latest journal entries and delivery attempts', async () => {
    const { sandbox, receiver, reference } = await orderWithCallback({ historyLimit: 3, callbackFailures: 3 });
    for (const path of ['/orders/A', '/orders/B', '/orders/C']) await call(sandbox, path);
    expect(sandbox.journal.map((entry) => entry.path)).toEqual(['/orders/A', '/orders/B', '/orders/C']);
    await call(sandbox, '/orders/D');
    expect(sandbox.journal.map((entry) => entry.path)).toEqual(['/orders/B', '/orders/C', '/orders/D']);

    await sandbox.decide(reference, { outcome: 'approve' });
    await sandbox.idle();
    expect(receiver.hits()).toBe(1);
    expect(sandbox.deliveries.map((delivery) => [delivery.attempt, delivery.outcome])).toEqual([
      [2, 'dropped'],
      [3, 'dropped'],
      [4, 'delivered'],
    ]);
  });

  it('refuses a limit below 1 at creation', () => {
    expect(() => createSandbox({ historyLimit: 0 })).toThrow('historyLimit must be a number of at least 1');
  });
});

describe('pending decisions', () => {
  it('redirect with PENDING at once, settle after pendingSettleMs, then call back', async () => {
    // Settling 600 ms on leaves room for the read that must still see PENDING on a loaded machine.
    const { sandbox, receiver, token, reference } = await orderWithCallback({
      pendingSettleMs: 600,
      paymentSecret: 'ps',
    });
    const started = Date.now();
    const { redirectTo } = await sandbox.decide(reference, { outcome: 'approve', mode: 'pending' });
    const redirect = new URL(redirectTo);
    expect(redirect.searchParams.get('status')).toBe('PENDING');
    expect(redirect.searchParams.get('hash')).toBe(expectedHash('ps', 'PENDING', reference));
    expect((await call(sandbox, `/orders/${reference}`, { token })).body.status).toBe('PENDING');
    expect(receiver.hits()).toBe(0);
    await receiver.waitFor(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(550);
    expect(receiver.received[0]).toMatchObject({
      event: 'ORDER_ASYNC_CALLBACK',
      data: { status: 'SUCCESSFUL', captureStatus: 'CAPTURED' },
    });
    expect((await call(sandbox, `/orders/${reference}`, { token })).body.status).toBe('SUCCESSFUL');
  });

  it('refuse a second decision, pending or final, with 409', async () => {
    const { sandbox, reference } = await orderWithCallback({ pendingSettleMs: 30 });
    await sandbox.decide(reference, { outcome: 'decline', mode: 'pending' });
    await expect(sandbox.decide(reference, { outcome: 'approve' })).rejects.toMatchObject({
      status: 409,
      body: {
        statusCode: 409,
        message: `Order ${reference} was already decided (waiting for its pending result)`,
        error: 'Conflict',
      },
    });
    await sandbox.idle();
    await expect(sandbox.decide(reference, { outcome: 'approve' })).rejects.toMatchObject({ status: 409 });
  });
});

describe('cancellationTimeout (minutes; one unit is cancellationUnitMs)', () => {
  it('cancels an unpaid order by the system and calls back', async () => {
    // 600 ms, no lag: the first read comes well before it.
    const { sandbox, receiver, token, reference } = await orderWithCallback(
      { cancellationUnitMs: 300, cancellationLagMs: 0 },
      [],
      { cancellationTimeout: 2 },
    );
    expect((await call(sandbox, `/orders/${reference}`, { token })).body.status).toBe('PENDING');
    await receiver.waitFor(1);
    expect(receiver.received[0]).toMatchObject({ data: { status: 'CANCELLED', cancelledBy: 'system' } });
    expect((await call(sandbox, `/orders/${reference}`, { token })).body).toMatchObject({
      status: 'CANCELLED',
      cancelledBy: 'system',
    });
    await expect(sandbox.decide(reference, { outcome: 'approve' })).rejects.toMatchObject({ status: 409 });
  });

  it('cancels a pending decision that has not settled in time, and the late settlement changes nothing', async () => {
    const { sandbox, receiver, token, reference } = await orderWithCallback(
      // The decision comes well inside the 300 ms; its settlement, at 900 ms, well after it.
      { cancellationUnitMs: 300, cancellationLagMs: 0, pendingSettleMs: 900 },
      [],
      { cancellationTimeout: 1 },
    );
    await sandbox.decide(reference, { outcome: 'approve', mode: 'pending' });
    await sandbox.idle();
    expect(receiver.received.map((item) => item.data.status)).toEqual(['CANCELLED']);
    expect((await call(sandbox, `/orders/${reference}`, { token })).body.status).toBe('CANCELLED');
  });

  it('leaves a paid order alone', async () => {
    const { sandbox, receiver, token, reference } = await orderWithCallback(
      { cancellationUnitMs: 300, cancellationLagMs: 0 },
      [],
      { cancellationTimeout: 1 },
    );
    await sandbox.decide(reference, { outcome: 'approve' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    await sandbox.idle();
    expect(receiver.received.map((item) => item.data.status)).toEqual(['SUCCESSFUL']);
    expect((await call(sandbox, `/orders/${reference}`, { token })).body.status).toBe('SUCCESSFUL');
  });
});
