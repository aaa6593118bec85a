// Sandbox.records(): a frozen snapshot of what the sandbox holds of each order, for tests.
import { describe, expect, it } from 'vitest';
import { call, createOrder, getToken, orderRequest, startSandbox } from './helpers.js';

describe('records()', () => {
  it('lists every order with its amounts, refunds, captures and voids, oldest first', async () => {
    const sandbox = await startSandbox({ refundSettlement: 'pending', pendingSettleMs: 10_000 });
    const token = await getToken(sandbox);
    expect(sandbox.records()).toEqual([]);
    const authorised = orderRequest({ amount: 100 }, { autoCapture: false, surcharge: 2.5 });
    const pending = orderRequest(
      { provider: 'TABBY_KW', currency: 'KWD', country: 'KW', locale: 'en_KW', amount: 12.5 },
      { autoCapture: true },
    );
    await createOrder(sandbox, token, authorised);
    await createOrder(sandbox, token, pending);
    await sandbox.decide(authorised.orderReference, { outcome: 'approve' });
    const post = (action: string, json: unknown) =>
      call(sandbox, `/orders/${authorised.orderReference}/${action}`, { token, json });
    await post('capture', { captureReference: 'C1', amount: 60 });
    await post('void', { voidReference: 'V1', amount: 42.5 });
    await post('refund', { refundReference: 'R1', refundDescription: 'returned', refundAmount: { amount: 20 } });
    expect(sandbox.records()).toEqual([
      {
        reference: authorised.orderReference,
        status: 'SUCCESSFUL',
        provider: 'TABBY_AE',
        currency: 'AED',
        amountMinor: 10000,
        surchargeMinor: 250,
        capturedMinor: 6000,
        voidedMinor: 4250,
        autoCapture: false,
        // As the merchant sent it, not the docs' suffixed answer.
        refunds: [{ refundReference: 'R1', amountMinor: 2000, status: 'PENDING' }],
        captures: [{ captureReference: 'C1', amountMinor: 6000 }],
        voids: [{ voidReference: 'V1', amountMinor: 4250 }],
      },
      {
        reference: pending.orderReference,
        status: 'PENDING',
        provider: 'TABBY_KW',
        currency: 'KWD',
        amountMinor: 12500,
        surchargeMinor: 0,
        capturedMinor: 0,
        voidedMinor: 0,
        autoCapture: true,
        refunds: [],
        captures: [],
        voids: [],
      },
    ]);
  });

  it('is a frozen snapshot: it cannot change the sandbox, and later changes do not reach it', async () => {
    const sandbox = await startSandbox();
    const token = await getToken(sandbox);
    const request = orderRequest({}, { autoCapture: false });
    await createOrder(sandbox, token, request);
    await sandbox.decide(request.orderReference, { outcome: 'approve' });
    const before = sandbox.records();
    const [record] = before;
    expect(Object.isFrozen(before) && Object.isFrozen(record) && Object.isFrozen(record?.captures)).toBe(true);
    expect(() => {
      (record as { capturedMinor: number }).capturedMinor = 1;
    }).toThrow(TypeError);
    await call(sandbox, `/orders/${request.orderReference}/capture`, {
      token,
      json: { captureReference: 'C1', amount: 10 },
    });
    expect(before[0]).toMatchObject({ capturedMinor: 0, captures: [] });
    expect(sandbox.records()[0]).toMatchObject({ capturedMinor: 1000, captures: [{ captureReference: 'C1' }] });
  });
});
