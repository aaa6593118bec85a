import { describe, expect, it } from 'vitest';
import {
  captureOrVoidRequestSchema,
  idempotencyKeySchema,
  merchantNotificationSchema,
  orderListQuerySchema,
  orderViewSchema,
  refundRequestBodySchema,
  returnQuerySchema,
} from '../../shared/schemas/merchant-api.js';
import { issuesToFieldErrors } from '../../shared/schemas/checkout-api.js';

const errorsOf = (result: {
  success: boolean;
  error?: { issues: readonly { path: readonly PropertyKey[]; message: string; code?: string }[] };
}) => (result.success ? [] : issuesToFieldErrors(result.error!.issues));

describe('refund request body', () => {
  it('accepts an amount with an optional description', () => {
    expect(refundRequestBodySchema.parse({ amount: 10.5 })).toEqual({ amount: 10.5 });
    expect(refundRequestBodySchema.parse({ amount: 1, description: ' damaged ' })).toEqual({
      amount: 1,
      description: 'damaged',
    });
  });
  it.each([
    [{}, 'amount', 'is required'],
    [{ amount: 0 }, 'amount', 'must be more than 0'],
    [{ amount: -5 }, 'amount', 'must not be negative'],
    [{ amount: 5, description: 7 }, 'description', 'must be text'],
    [{ amount: '10' }, 'amount', 'must be a number'],
    [{ amount: 5, description: 'x'.repeat(256) }, 'description', 'must be at most 255 characters'],
  ])('refuses %j', (body, path, message) => {
    expect(errorsOf(refundRequestBodySchema.safeParse(body))).toContainEqual({ path, message });
  });
  it('refuses unknown fields by name, so a typo never refunds the wrong thing', () => {
    expect(errorsOf(refundRequestBodySchema.safeParse({ amount: 5, refundReference: 'mine' }))).toEqual([
      { path: 'refundReference', message: 'is not an accepted field' },
    ]);
  });
});

describe('capture and void body', () => {
  it('makes the amount optional (all that is left)', () => {
    expect(captureOrVoidRequestSchema.parse({})).toEqual({});
    expect(captureOrVoidRequestSchema.parse({ amount: 3 })).toEqual({ amount: 3 });
  });
  it('refuses a zero amount and unknown fields', () => {
    expect(errorsOf(captureOrVoidRequestSchema.safeParse({ amount: 0, currency: 'AED' }))).toEqual(
      expect.arrayContaining([
        { path: 'amount', message: 'must be more than 0' },
        { path: 'currency', message: 'is not an accepted field' },
      ]),
    );
  });
});

describe('order list query', () => {
  it('defaults the limit to 20 and converts query text to numbers', () => {
    expect(orderListQuerySchema.parse({})).toEqual({ limit: 20 });
    expect(orderListQuerySchema.parse({ limit: '100', status: 'paid', cursor: 'abc' })).toEqual({
      limit: 100,
      status: 'paid',
      cursor: 'abc',
    });
  });
  it.each([
    [{ limit: '0' }, 'limit', 'must be at least 1'],
    [{ limit: '101' }, 'limit', 'must be at most 100'],
    [{ limit: '2.5' }, 'limit', 'must be a whole number'],
    [{ limit: ['1', '2'] }, 'limit', 'must be a whole number'],
    [
      { status: 'PAID' },
      'status',
      'must be one of: initiated, pending, error, paid, declined, cancelled, failed, on_hold',
    ],
    [{ sort: 'asc' }, 'sort', 'is not an accepted field'],
  ])('refuses %j', (query, path, message) => {
    expect(errorsOf(orderListQuerySchema.safeParse(query))).toContainEqual({ path, message });
  });
});

describe('idempotency key', () => {
  it('accepts printable keys and refuses empty, spaced or overlong ones', () => {
    expect(idempotencyKeySchema.safeParse('refund-7f3a').success).toBe(true);
    expect(idempotencyKeySchema.safeParse('').success).toBe(false);
    expect(idempotencyKeySchema.safeParse('two words').success).toBe(false);
    expect(idempotencyKeySchema.safeParse('k'.repeat(256)).success).toBe(false);
    expect(idempotencyKeySchema.safeParse(undefined).success).toBe(false);
  });
});

describe('return query', () => {
  it('keeps every field optional so a bare return is not a crash', () => {
    expect(returnQuerySchema.parse({})).toEqual({});
    expect(returnQuerySchema.parse({ reference: 'r', status: 'SUCCESSFUL', hash: 'ab', extra: 'x' })).toMatchObject({
      reference: 'r',
    });
  });
  it('refuses repeated parameters (arrays), which are never a genuine redirect', () => {
    expect(returnQuerySchema.safeParse({ status: ['SUCCESSFUL', 'DECLINED'] }).success).toBe(false);
  });
});

describe('views', () => {
  const summary = {
    orderReference: 'o1',
    sessionId: 'cs_1',
    provider: 'TABBY_AE',
    status: 'paid',
    upstreamStatus: 'SUCCESSFUL',
    amount: 100,
    currency: 'AED',
    paidAmount: 100,
    surchargeAmount: 0,
    capturedAmount: 0,
    voidedAmount: 0,
    refundedAmount: 0,
    refundableAmount: 100,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
  it('accepts an order view and refuses a status outside the enum', () => {
    const lists = {
      events: [],
      refunds: [],
      captures: [],
      voids: [],
      checkoutUrl: 'https://pay.shop.example/pay/cs_1',
    };
    expect(orderViewSchema.safeParse({ ...summary, ...lists }).success).toBe(true);
    expect(orderViewSchema.safeParse({ ...summary, ...lists, status: 'SUCCESSFUL' }).success).toBe(false);
  });
  it('tells notification types apart by `type`', () => {
    const refund = {
      refundReference: 'rf_1',
      orderReference: 'o1',
      amount: 5,
      currency: 'AED',
      status: 'succeeded',
      upstreamStatus: 'SUCCESSFUL',
      origin: 'checkout',
      description: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    expect(
      merchantNotificationSchema.safeParse({ id: 'n1', type: 'refund.result', createdAt: 'x', data: refund }).success,
    ).toBe(true);
    expect(
      merchantNotificationSchema.safeParse({ id: 'n1', type: 'order.status', createdAt: 'x', data: refund }).success,
    ).toBe(false);
  });
});
