// The create request's surcharge (docs §4, §7): a fee the paying customer bears, kept with the order; captures and
// voids are bounded by order amount + surcharge, refunds by what was captured.
import { describe, expect, it } from 'vitest';
import { call, createOrder, getToken, orderRequest, startSandbox } from './helpers.js';

/** An approved AED 100.00 order with a AED 5.25 surcharge. */
async function surchargedOrder(autoCapture: boolean) {
  const sandbox = await startSandbox();
  const token = await getToken(sandbox);
  const request = orderRequest({ amount: 100 }, { surcharge: 5.25, autoCapture });
  await createOrder(sandbox, token, request);
  await sandbox.decide(request.orderReference, { outcome: 'approve' });
  const reference = request.orderReference;
  const post = (action: string, json: unknown) => call(sandbox, `/orders/${reference}/${action}`, { token, json });
  const refund = (refundReference: string, amount: number) =>
    post('refund', { refundReference, refundDescription: 'returned', refundAmount: { amount } });
  const order = async () => (await call(sandbox, `/orders/${reference}`, { token })).body;
  return { sandbox, token, reference, post, refund, order };
}

describe('surcharge', () => {
  it('is kept with the order, outside orderAmount’s sum, and shown by GET and the details', async () => {
    const { sandbox, token, order, reference } = await surchargedOrder(false);
    expect(await order()).toMatchObject({ amount: 100, surcharge: 5.25 });
    const details = await call(sandbox, `/orders/${reference}/details`, { token, method: 'POST' });
    expect(details.body).toMatchObject({ amount: '100', surcharge: 5.25 });
    expect(sandbox.records()[0]).toMatchObject({ amountMinor: 10000, surchargeMinor: 525 });
    // Without one it is 0.
    const plain = orderRequest();
    await createOrder(sandbox, token, plain);
    expect((await call(sandbox, `/orders/${plain.orderReference}`, { token })).body.surcharge).toBe(0);
  });

  it.each([
    ['a negative one', { surcharge: -1 }, {}, 'surcharge must not be negative'],
    ['three decimals', { surcharge: 1.005 }, {}, 'surcharge must have at most 2 decimals in AED'],
    [
      'three decimals in KWD (the docs allow 2)',
      { surcharge: 1.005 },
      { provider: 'TABBY_KW', currency: 'KWD', country: 'KW', locale: 'en_KW', amount: 10 },
      'surcharge must not have more than 2 decimal places',
    ],
    ['text', { surcharge: '5' }, {}, 'surcharge must be a number'],
  ])('refuses %s, naming the field', async (_label, extra, spec, message) => {
    const sandbox = await startSandbox();
    const token = await getToken(sandbox);
    const refused = await call(sandbox, '/orders', { token, json: orderRequest(spec, extra) });
    expect([refused.status, refused.body]).toEqual([
      400,
      { statusCode: 400, message: [message], error: 'Bad Request' },
    ]);
  });

  it('is captured with the order on autoCapture, and may be refunded, not a cent more', async () => {
    const { sandbox, refund, order } = await surchargedOrder(true);
    expect((await order()).captureStatus).toBe('CAPTURED');
    expect(sandbox.records()[0]).toMatchObject({ capturedMinor: 10525, voidedMinor: 0 });
    expect((await refund('R1', 105)).status).toBe(201);
    expect((await refund('R2', 0.26)).body.message).toBe('Over refund limit: AED 0.25 left to refund');
    expect((await refund('R3', 0.25)).status).toBe(201);
  });

  it('bounds a capture by order amount + surcharge: the full capture is both', async () => {
    const { post, order } = await surchargedOrder(false);
    const over = await post('capture', { captureReference: 'C0', amount: 105.26 });
    expect(over.body).toEqual({
      statusCode: 400,
      message: 'amount exceeds what is left to capture (AED 105.25)',
      error: 'Bad Request',
    });
    expect((await post('capture', { captureReference: 'C1', amount: 105.25 })).status).toBe(201);
    expect((await order()).captureStatus).toBe('CAPTURED');
  });

  it('bounds captures and voids together by order amount + surcharge', async () => {
    const { sandbox, post, order } = await surchargedOrder(false);
    expect((await post('capture', { captureReference: 'C1', amount: 100 })).status).toBe(201);
    const over = await post('void', { voidReference: 'V1', amount: 5.26 });
    expect(over.body.message).toBe('amount exceeds what is left to void (AED 5.25)');
    expect((await post('void', { voidReference: 'V1', amount: 5.25 })).status).toBe(200);
    expect(sandbox.records()[0]).toMatchObject({ capturedMinor: 10000, voidedMinor: 525 });
    expect((await order()).captureStatus).toBe('CAPTURED');
  });

  it('never lets refunds pass what was captured, even below order amount + surcharge', async () => {
    const { post, refund } = await surchargedOrder(false);
    expect((await post('capture', { captureReference: 'C1', amount: 50 })).status).toBe(201);
    expect((await refund('R1', 50.01)).body.message).toBe('Over refund limit: AED 50.00 left to refund');
    expect((await refund('R1', 50)).status).toBe(201);
  });
});
