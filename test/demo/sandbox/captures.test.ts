import { describe, expect, it } from 'vitest';
import { captureRecordSchema, voidRecordSchema } from '../../../bff/upstream/contract.js';
import { call, createOrder, expectDuplicate, getToken, orderRequest, startSandbox } from './helpers.js';

/** An approved KWD order of 10.000 awaiting capture (autoCapture false). */
async function authorisedOrder(extra = {}, options = {}) {
  const sandbox = await startSandbox(options);
  const token = await getToken(sandbox);
  const request = orderRequest(
    { provider: 'TABBY_KW', currency: 'KWD', country: 'KW', locale: 'en_KW', amount: 10 },
    { autoCapture: false, ...extra },
  );
  await createOrder(sandbox, token, request);
  await sandbox.decide(request.orderReference, { outcome: 'approve' });
  const reference = request.orderReference;
  const post = (action: string, json: unknown) => call(sandbox, `/orders/${reference}/${action}`, { token, json });
  const captureStatus = async () => (await call(sandbox, `/orders/${reference}`, { token })).body.captureStatus;
  return { sandbox, token, reference, post, captureStatus };
}

describe('POST /orders/{reference}/capture', () => {
  it('captures in parts, shown in the currency’s three decimals, and never above what is left', async () => {
    const { post, captureStatus } = await authorisedOrder();
    expect(await captureStatus()).toBe('AUTHORIZED');
    const first = await post('capture', { captureReference: 'C1', amount: 2.5 });
    expect(first.status).toBe(201);
    expect(captureRecordSchema.parse(first.body)).toMatchObject({ captureReference: 'C1', capturedAmount: 2.5 });
    expect(first.body.captureId).toBe('C1'); // as in the docs' example
    expect(await captureStatus()).toBe('PARTIALLY_CAPTURED');

    const over = await post('capture', { captureReference: 'C2', amount: 7.51 });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({
      statusCode: 400,
      message: 'amount exceeds what is left to capture (KWD 7.500)',
      error: 'Bad Request',
    });

    expect((await post('capture', { captureReference: 'C2', amount: 7.5 })).status).toBe(201);
    expect(await captureStatus()).toBe('CAPTURED');
    const more = await post('capture', { captureReference: 'C3', amount: 0.001 });
    expect(more.status).toBe(400);
    expect(more.body.message).toMatch(/cannot be captured: its captureStatus is CAPTURED$/);
  });

  it('refuses an amount beyond MAX_AMOUNT with the shared contract’s message', async () => {
    const { post } = await authorisedOrder();
    for (const action of ['capture', 'void']) {
      const huge = await post(action, { [`${action}Reference`]: `${action}-1`, amount: 1e16 });
      expect(huge.status).toBe(400);
      expect(huge.body.message).toEqual(['amount must be at most 1000000000']);
    }
  });

  it('refuses a captureReference used before on the same order', async () => {
    const { post } = await authorisedOrder();
    expect((await post('capture', { captureReference: 'C1', amount: 1 })).status).toBe(201);
    expectDuplicate(await post('capture', { captureReference: 'C1', amount: 1 }), 'captureReference');
  });

  it('refuses an invalid body, naming the fields, and more than the docs’ 2 decimals even in KWD', async () => {
    const { post } = await authorisedOrder();
    const invalid = await post('capture', { amount: -1 });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toEqual([
      'captureReference is required',
      'amount must not be negative',
      'amount must be more than 0',
    ]);
    const decimals = await post('capture', { captureReference: 'C1', amount: 1.001 });
    expect(decimals.body.message).toEqual(['amount must not have more than 2 decimal places']);
  });

  it('takes the currency’s own three decimals with strictDocs off, and no more', async () => {
    const { post } = await authorisedOrder({}, { strictDocs: false });
    expect((await post('capture', { captureReference: 'C1', amount: 1.001 })).status).toBe(201);
    expect((await post('capture', { captureReference: 'C2', amount: 1.0001 })).body.message).toEqual([
      'amount must have at most 3 decimals in KWD',
    ]);
  });

  it('refuses an order that is not approved, or was auto-captured', async () => {
    const sandbox = await startSandbox();
    const token = await getToken(sandbox);
    const pending = orderRequest({}, { autoCapture: false });
    await createOrder(sandbox, token, pending);
    const early = await call(sandbox, `/orders/${pending.orderReference}/capture`, {
      token,
      json: { captureReference: 'C1', amount: 1 },
    });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(`Order ${pending.orderReference} cannot be captured: its status is PENDING`);

    const auto = orderRequest();
    await createOrder(sandbox, token, auto);
    await sandbox.decide(auto.orderReference, { outcome: 'approve' });
    const late = await call(sandbox, `/orders/${auto.orderReference}/void`, {
      token,
      json: { voidReference: 'V1', amount: 1 },
    });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(`Order ${auto.orderReference} cannot be voided: its captureStatus is CAPTURED`);

    const unknown = await call(sandbox, '/orders/NOPE/capture', { token, json: { captureReference: 'C1', amount: 1 } });
    expect(unknown.status).toBe(404);
  });
});

describe('POST /orders/{reference}/void', () => {
  it('voids what is left after a partial capture: 200 with the docs’ shape', async () => {
    const { post, captureStatus } = await authorisedOrder();
    await post('capture', { captureReference: 'C1', amount: 4 });
    const over = await post('void', { voidReference: 'V1', amount: 6.01 });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('amount exceeds what is left to void (KWD 6.000)');
    const voided = await post('void', { voidReference: 'V1', amount: 6, description: 'rest out of stock' });
    expect(voided.status).toBe(200);
    expect(voidRecordSchema.parse(voided.body)).toMatchObject({ voidReference: 'V1', amount: 6 });
    expect(voided.body.voidedId).toMatch(/^[0-9a-f-]{36}$/);
    // Nothing is left open and something was captured (local choice).
    expect(await captureStatus()).toBe('CAPTURED');
    const nothingLeft = await post('capture', { captureReference: 'C2', amount: 0.001 });
    expect(nothingLeft.status).toBe(400);
    expect(nothingLeft.body.message).toMatch(/cannot be captured: its captureStatus is CAPTURED$/);
  });

  it('refuses an invalid body naming the fields, an unknown order (404) and an order that is not approved', async () => {
    const { sandbox, token, post } = await authorisedOrder();
    const invalid = await post('void', { amount: 'all' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({
      statusCode: 400,
      message: ['voidReference is required', 'amount must be a number'],
      error: 'Bad Request',
    });

    const unknown = await call(sandbox, '/orders/NOPE/void', { token, json: { voidReference: 'V1', amount: 1 } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ statusCode: 404, message: 'Order NOPE not found', error: 'Not Found' });

    for (const outcome of [undefined, 'decline'] as const) {
      const request = orderRequest({}, { autoCapture: false });
      await createOrder(sandbox, token, request);
      if (outcome) await sandbox.decide(request.orderReference, { outcome });
      const refused = await call(sandbox, `/orders/${request.orderReference}/void`, {
        token,
        json: { voidReference: `V-${outcome}`, amount: 1 },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(
        `Order ${request.orderReference} cannot be voided: its status is ${outcome ? 'DECLINED' : 'PENDING'}`,
      );
    }
  });

  it('voids a whole authorisation (VOIDED), then refuses a voidReference used before', async () => {
    const { sandbox, token, post, captureStatus } = await authorisedOrder();
    expect((await post('void', { voidReference: 'V1', amount: 10 })).status).toBe(200);
    expect(await captureStatus()).toBe('VOIDED');
    // voidReference is unique per merchant, so across orders too.
    const other = orderRequest({}, { autoCapture: false });
    await createOrder(sandbox, token, other);
    await sandbox.decide(other.orderReference, { outcome: 'approve' });
    const again = await call(sandbox, `/orders/${other.orderReference}/void`, {
      token,
      json: { voidReference: 'V1', amount: 1 },
    });
    expectDuplicate(again, 'voidReference');
  });
});

describe('captureStatus (only AUTHORIZED is documented; the rest are local choices)', () => {
  type Step = readonly ['capture' | 'void', number, string];
  it.each([
    ['capture all', [['capture', 10, 'CAPTURED']]],
    [
      'capture in parts',
      [
        ['capture', 4, 'PARTIALLY_CAPTURED'],
        ['capture', 6, 'CAPTURED'],
      ],
    ],
    [
      'capture part, void part, void the rest',
      [
        ['capture', 4, 'PARTIALLY_CAPTURED'],
        ['void', 2, 'PARTIALLY_CAPTURED'],
        ['void', 4, 'CAPTURED'],
      ],
    ],
    [
      'void part, then capture the rest',
      [
        ['void', 3, 'AUTHORIZED'],
        ['capture', 7, 'CAPTURED'],
      ],
    ],
    [
      'void in parts',
      [
        ['void', 3, 'AUTHORIZED'],
        ['void', 7, 'VOIDED'],
      ],
    ],
  ] satisfies [string, Step[]][])('%s', async (_label, steps) => {
    const { post, captureStatus } = await authorisedOrder();
    expect(await captureStatus()).toBe('AUTHORIZED');
    for (const [index, [action, amount, status]] of steps.entries()) {
      const response = await post(action, { [`${action}Reference`]: `${action}-${index}`, amount });
      expect(response.status).toBe(action === 'void' ? 200 : 201);
      expect(await captureStatus()).toBe(status);
    }
  });

  it('is CAPTURED at once on autoCapture, and null before a payment', async () => {
    const sandbox = await startSandbox();
    const token = await getToken(sandbox);
    const request = orderRequest();
    await createOrder(sandbox, token, request);
    const status = async () => (await call(sandbox, `/orders/${request.orderReference}`, { token })).body.captureStatus;
    expect(await status()).toBeNull();
    await sandbox.decide(request.orderReference, { outcome: 'approve' });
    expect(await status()).toBe('CAPTURED');
  });
});
