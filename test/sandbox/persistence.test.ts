// The sandbox's orders on disk: a restarted sandbox on the same data folder still knows yesterday's order, its
// captures, refunds and used references.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { call, createOrder, getToken, orderRequest, startSandbox } from './helpers.js';

let dataDir: string | undefined;
afterEach(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

describe('dataDir', () => {
  it('keeps orders, refunds and used references across a restart', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'opi-sandbox-'));
    const before = await startSandbox({ dataDir });
    const request = orderRequest({ amount: 200 });
    await createOrder(before, await getToken(before), request);
    await before.decide(request.orderReference, { outcome: 'approve' });
    const first = await call(before, `/orders/${request.orderReference}/refund`, {
      token: await getToken(before),
      json: { refundReference: 'R1', refundDescription: 'returned', refundAmount: { amount: 50 } },
    });
    expect(first.status).toBe(201);
    await before.close();

    const after = await startSandbox({ dataDir });
    const token = await getToken(after);
    const order = await call(after, `/orders/${request.orderReference}`, { token });
    expect(order.body).toMatchObject({
      merchantReference: request.orderReference,
      status: 'SUCCESSFUL',
      captureStatus: 'CAPTURED',
    });
    const refund = (refundReference: string, amount: number) =>
      call(after, `/orders/${request.orderReference}/refund`, {
        token,
        json: { refundReference, refundDescription: 'returned', refundAmount: { amount } },
      });
    expect((await refund('R1', 10)).body.message).toBe('refundReference already exists');
    expect((await refund('R2', 150)).status).toBe(201);
    expect((await refund('R3', 0.01)).body.message).toMatch(/^Over refund limit/);
    const list = await call(after, `/orders/${request.orderReference}/refund`, { token });
    expect(list.body.map((item: { refundReference: string }) => item.refundReference)).toEqual(['R1-00', 'R2-00']);
    expect((await call(after, '/orders', { token, json: request })).body.message).toBe('orderReference already exists');
  });
});
