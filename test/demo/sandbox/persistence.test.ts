// The sandbox's orders on disk: a restarted sandbox on the same data folder still knows yesterday's order, its
// captures, refunds and used references.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { call, createOrder, expectDuplicate, getToken, orderRequest, startSandbox } from './helpers.js';

let dataDir: string | undefined;
afterEach(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

describe('dataDir', () => {
  it('keeps orders, refunds and used references across a restart', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'opi-sandbox-'));
    const before = await startSandbox({ dataDir, refundListRoute: true });
    const request = orderRequest({ amount: 200 });
    await createOrder(before, await getToken(before), request);
    await before.decide(request.orderReference, { outcome: 'approve' });
    const first = await call(before, `/orders/${request.orderReference}/refund`, {
      token: await getToken(before),
      json: { refundReference: 'R1', refundDescription: 'returned', refundAmount: { amount: 50 } },
    });
    expect(first.status).toBe(201);
    await before.close();

    const after = await startSandbox({ dataDir, refundListRoute: true });
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
    expectDuplicate(await refund('R1', 10), 'refundReference');
    expect((await refund('R2', 150)).status).toBe(201);
    expect((await refund('R3', 0.01)).body.message).toMatch(/^Over refund limit/);
    const list = await call(after, `/orders/${request.orderReference}/refund`, { token });
    expect(list.body.map((item: { refundReference: string }) => item.refundReference)).toEqual(['R1-00', 'R2-00']);
    expectDuplicate(await call(after, '/orders', { token, json: request }), 'orderReference');
  });

  it('reads a file written before surcharges, voids and refund descriptions were kept', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'opi-sandbox-'));
    const before = await startSandbox({ dataDir });
    const request = orderRequest({ amount: 200 }, { autoCapture: false });
    await createOrder(before, await getToken(before), request);
    await before.decide(request.orderReference, { outcome: 'approve' });
    await call(before, `/orders/${request.orderReference}/capture`, {
      token: await getToken(before),
      json: { captureReference: 'C1', amount: 150 },
    });
    await call(before, `/orders/${request.orderReference}/refund`, {
      token: await getToken(before),
      json: { refundReference: 'R1', refundDescription: 'returned', refundAmount: { amount: 10 } },
    });
    await before.close();
    const file = join(dataDir, 'sandbox-orders.json');
    const snapshot = JSON.parse(await readFile(file, 'utf8'));
    for (const order of snapshot.orders) {
      delete order.surchargeMinor;
      delete order.voids;
      for (const refund of order.refunds) delete refund.description;
    }
    await writeFile(file, JSON.stringify(snapshot));

    const after = await startSandbox({ dataDir });
    const token = await getToken(after);
    expect((await call(after, `/orders/${request.orderReference}`, { token })).body.surcharge).toBe(0);
    const details = await call(after, `/orders/${request.orderReference}/details`, { token, method: 'POST' });
    expect(details.body.refunds[0]).toMatchObject({ amount: '10', refundReason: '' });
    const voided = await call(after, `/orders/${request.orderReference}/void`, {
      token,
      json: { voidReference: 'V1', amount: 50 },
    });
    expect(voided.status).toBe(200);
    expect(after.records()[0]).toMatchObject({
      surchargeMinor: 0,
      voids: [{ voidReference: 'V1', amountMinor: 5000 }],
    });
  });
});
