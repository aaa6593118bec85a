import { describe, expect, it } from 'vitest';
import {
  captureRecordSchema,
  captureRequestSchema,
  customerSessionSchema,
  notificationSchema,
  optionItemSchema,
  readOptionItems,
  orderRecordSchema,
  orderStatusSchema,
  refundListSchema,
  refundRecordSchema,
  refundRequestSchema,
  tokenResponseSchema,
  transactionDetailsSchema,
  upstreamErrorSchema,
  voidRecordSchema,
  voidRequestSchema,
} from '../../../bff/upstream/contract.js';
import { customerJwt, messages } from '../../shared/fixtures.js';

const orderRecord = {
  orderId: 'LP000429e48ec-f6e3-49d2-bd38-8e1408d025c8',
  orderToken: '5d47c4a0-1f6b-4c1e-9a55-0b3c4bd1a2f1',
  redirectUrl: 'https://app.uat.latitudepay.com/r/NVXIFQBC',
  bnplProvider: 'LATITUDEPAY_AU',
  orderReference: 'LP000_OrderID',
  orderAmount: 144.89,
  orderPaymentOption: 'buy now pay later',
  orderDate: '2021-10-07T14:30:36.166Z',
  paymentStatus: 'pending',
  transactionReference: '40ca337c3b',
};

describe('order record', () => {
  it('accepts the docs example and keeps unknown fields', () => {
    const parsed = orderRecordSchema.parse({ ...orderRecord, partnerField: 'kept' });
    expect(parsed.partnerField).toBe('kept');
  });
  it('keeps orderDate as text in any form, and refuses a redirectUrl that is not a URL', () => {
    expect(orderRecordSchema.parse({ ...orderRecord, orderDate: '2021-10-07T14:30:36Z' }).orderDate).toBe(
      '2021-10-07T14:30:36Z',
    );
    expect(orderRecordSchema.parse({ ...orderRecord, orderDate: 'Thu, 07 Oct 2021 14:30:36 GMT' }).orderDate).toBe(
      'Thu, 07 Oct 2021 14:30:36 GMT',
    );
    expect(messages(orderRecordSchema.safeParse({ ...orderRecord, redirectUrl: 'javascript:alert(1)' }))).toContain(
      'redirectUrl: must be an http or https URL',
    );
  });
  it("requires only redirectUrl; an answer without paymentStatus reads as the docs' pending", () => {
    expect(orderRecordSchema.parse({ redirectUrl: orderRecord.redirectUrl })).toEqual({
      redirectUrl: orderRecord.redirectUrl,
      paymentStatus: 'pending',
    });
    const { redirectUrl: _r, ...withoutRedirect } = orderRecord;
    expect(messages(orderRecordSchema.safeParse(withoutRedirect))).toContain('redirectUrl: is required');
  });
});

describe('order retrieval (GET /orders/{reference})', () => {
  const status = {
    merchantReference: 'R1',
    status: 'SUCCESSFUL',
    amount: '260',
    currency: 'AUD',
    provider: 'ZIP_AU',
    failureReason: null,
    captureStatus: 'AUTHORIZED',
  };
  it('accepts the docs shape, coercing an amount sent as a string', () => {
    expect(orderStatusSchema.parse(status).amount).toBe(260);
  });
  it('refuses one without a status or with an amount that is not a number', () => {
    const { status: _removed, ...withoutStatus } = status;
    expect(messages(orderStatusSchema.safeParse(withoutStatus))).toContain('status: is required');
    expect(orderStatusSchema.safeParse({ ...status, amount: 'lots' }).success).toBe(false);
  });
});

describe('refund request and record', () => {
  const request = {
    refundReference: 'TgEHcPtpN2HSrTMK-0',
    refundAmount: { amount: 100, currency: 'AUD' },
    refundDescription: 'Please refund this order',
  };
  it('accepts the docs example', () => {
    expect(refundRequestSchema.safeParse(request).success).toBe(true);
  });
  it('refuses a missing reference, amount object or amount', () => {
    const { refundReference: _r, ...withoutReference } = request;
    const { refundAmount: _a, ...withoutAmount } = request;
    expect(messages(refundRequestSchema.safeParse(withoutReference))).toContain('refundReference: is required');
    expect(messages(refundRequestSchema.safeParse(withoutAmount))).toContain('refundAmount: is required');
    expect(messages(refundRequestSchema.safeParse({ ...request, refundAmount: { currency: 'AUD' } }))).toContain(
      'refundAmount.amount: is required',
    );
  });
  it('refuses a missing description, a zero amount and a bad currency', () => {
    const { refundDescription: _d, ...withoutDescription } = request;
    expect(messages(refundRequestSchema.safeParse(withoutDescription))).toContain('refundDescription: is required');
    expect(messages(refundRequestSchema.safeParse({ ...request, refundAmount: { amount: 0 } }))).toContain(
      'refundAmount.amount: must be more than 0',
    );
    expect(
      messages(refundRequestSchema.safeParse({ ...request, refundAmount: { amount: 1, currency: 'dollars' } })),
    ).toContain('refundAmount.currency: must be an ISO 4217 currency code, such as AED');
  });

  const record = {
    refundReference: 'TgEHcPtpN2HSrTMK-0-00',
    bnplProvider: 'KLARNA_AU',
    refundedAmount: 100,
    refundStatus: 'SUCCESSFUL',
    description: {},
    refundDate: 'Fri, 08 Oct 2021 06:22:20 GMT',
    bnplRefundId: '3b4e7e62-6c38-4b7b-9b0e-1f1d6f0f3a0c',
  };
  it('accepts the docs example, with description as an object or a string', () => {
    expect(refundRecordSchema.safeParse(record).success).toBe(true);
    expect(refundRecordSchema.safeParse({ ...record, description: 'damaged' }).success).toBe(true);
    expect(refundListSchema.safeParse([record, record]).success).toBe(true);
  });
  it('keeps refundDate as text in any form, or none', () => {
    expect(refundRecordSchema.parse({ ...record, refundDate: '2021-10-08T06:22:20.000Z' }).refundDate).toBe(
      '2021-10-08T06:22:20.000Z',
    );
    const { refundDate: _d, ...withoutDate } = record;
    expect(refundRecordSchema.safeParse(withoutDate).success).toBe(true);
  });
  it('refuses a description that is neither text nor an object', () => {
    expect(refundRecordSchema.safeParse({ ...record, description: 42 }).success).toBe(false);
  });
});

describe('capture and void', () => {
  it('accepts the docs shapes', () => {
    expect(
      captureRequestSchema.safeParse({ captureReference: 'c-1', amount: 100, shippingInfo: { shippingCompany: 'DHL' } })
        .success,
    ).toBe(true);
    expect(
      captureRecordSchema.parse({ captureReference: 'c-1', capturedAmount: '100', captureId: 'c-1' }).capturedAmount,
    ).toBe(100);
    expect(voidRequestSchema.safeParse({ voidReference: 'v-1', amount: 100 }).success).toBe(true);
    expect(voidRecordSchema.safeParse({ voidReference: 'v-1', amount: 100, voidedId: 'x' }).success).toBe(true);
  });
  it("takes a void's 2xx whatever of the sample's fields it carries: no read could settle it otherwise", () => {
    expect(voidRecordSchema.parse({})).toEqual({});
    expect(voidRecordSchema.parse({ voidReference: 7, amount: 'all', voidedId: null, result: 'OK' })).toEqual({
      result: 'OK',
    });
  });
  it('refuses a missing reference or a zero amount', () => {
    expect(messages(captureRequestSchema.safeParse({ amount: 1 }))).toContain('captureReference: is required');
    expect(messages(voidRequestSchema.safeParse({ voidReference: 'v', amount: 0 }))).toContain(
      'amount: must be more than 0',
    );
  });
});

describe('options item', () => {
  const legacy = {
    name: 'HOOLAH_SG',
    terms: 'Pay SGD 33.33 weekly over 3 weeks with Hoolah SG.',
    imageUrl: 'https://widgets.qa.optty.com/images/logos/bnpl_hoolah_1.0.png',
    instalment: { rate: { amount: 33.33, currency: 'SGD' }, termDuration: 3, termUnit: 'weeks' },
    monthlyCost: { amount: 100, currency: 'SGD' },
    termDurationInMonths: 0.75,
    weeklyCost: { amount: 33.33, currency: 'SGD' },
    termDurationInWeeks: 3,
    recommended: true,
    currency: 'SGD',
    minAmount: '1',
    maxAmount: '10000',
    priority: '24',
    lateFeesAllowed: false,
    customerFeesAllowed: false,
    interestRateAllowed: false,
    interestRate: '0',
    ratings: 0,
    ratingsAvailabilityStatus: false,
  };
  it('coerces the numbers upstream sends as strings and keeps unknown fields', () => {
    const parsed = optionItemSchema.parse(legacy);
    expect([parsed.minAmount, parsed.maxAmount, parsed.priority, parsed.interestRate]).toEqual([1, 10000, 24, 0]);
    expect(parsed.ratingsAvailabilityStatus).toBe(false);
  });
  it('refuses a limit that is not a number at all', () => {
    expect(messages(optionItemSchema.safeParse({ ...legacy, minAmount: 'one' }))).toContain(
      'minAmount: must be a number',
    );
  });
  it('reads requiredFields as strings or as objects naming the field, dropping entries that name nothing', () => {
    const requiredFields = [
      'shippingAddress',
      { field: 'customer.phoneNumber' },
      { name: 'shippingMethod' },
      { path: 'billingAddress.state' },
      {},
      7,
    ];
    expect(optionItemSchema.parse({ ...legacy, requiredFields }).requiredFields).toEqual([
      'shippingAddress',
      'customer.phoneNumber',
      'shippingMethod',
      'billingAddress.state',
    ]);
    expect(optionItemSchema.parse({ ...legacy, requiredFields: 'shippingAddress' }).requiredFields).toEqual([]);
  });
  it('drops an item the contract refuses, naming it and its fields, and keeps the others', () => {
    const { items, dropped } = readOptionItems([
      legacy,
      { ...legacy, name: 'ODD_SG', minAmount: 'one' },
      'not an item',
    ]);
    expect(items.map((item) => item.name)).toEqual(['HOOLAH_SG']);
    expect(dropped).toEqual([
      { index: 1, name: 'ODD_SG', issues: ['minAmount: must be a number'] },
      { index: 2, issues: ['(item): Invalid input'] },
    ]);
  });
  it('puts an item without priority last', () => {
    const { priority: _p, ...withoutPriority } = legacy;
    expect(optionItemSchema.parse(withoutPriority).priority).toBe(999);
  });
  it("gives an item without a currency the request's, and keeps an item's own", () => {
    const { currency: _c, ...withoutCurrency } = legacy;
    const { items, dropped } = readOptionItems(
      [withoutCurrency, { ...legacy, name: 'ATOME_MY', currency: 'MYR' }],
      'SGD',
    );
    expect(dropped).toEqual([]);
    expect(items.map((item) => [item.name, item.currency])).toEqual([
      ['HOOLAH_SG', 'SGD'],
      ['ATOME_MY', 'MYR'],
    ]);
  });
  it('drops an item without a currency only when no request currency is known', () => {
    const { currency: _c, ...withoutCurrency } = legacy;
    expect(readOptionItems([withoutCurrency]).dropped).toEqual([
      { index: 0, name: 'HOOLAH_SG', issues: ['currency: is required'] },
    ]);
  });
  it('keeps an item without minAmount or maxAmount, with no limit on that side', () => {
    const { minAmount: _min, maxAmount: _max, ...unbounded } = legacy;
    const { items, dropped } = readOptionItems(
      [unbounded, { ...unbounded, name: 'MIN_ONLY', minAmount: '5' }, { ...unbounded, name: 'MAX_ONLY', maxAmount: 9 }],
      'SGD',
    );
    expect(dropped).toEqual([]);
    expect(items.map((item) => [item.name, item.minAmount, item.maxAmount])).toEqual([
      ['HOOLAH_SG', undefined, undefined],
      ['MIN_ONLY', 5, undefined],
      ['MAX_ONLY', undefined, 9],
    ]);
  });
  it('still refuses a limit that is present but empty', () => {
    expect(messages(optionItemSchema.safeParse({ ...legacy, maxAmount: ' ' }))).toContain('maxAmount: Invalid input');
  });
});

describe('null in an answer (the docs: failureReason "string / null")', () => {
  it('reads null as absent in every optional field, and as the default where one applies', () => {
    expect(orderRecordSchema.parse({ ...orderRecord, paymentStatus: null }).paymentStatus).toBe('pending');
    const order = orderStatusSchema.parse({
      merchantReference: 'R1',
      status: 'SUCCESSFUL',
      amount: 260,
      currency: 'AUD',
      provider: null,
      updatedAt: null,
    });
    expect([order.status, order.provider, order.updatedAt]).toEqual(['SUCCESSFUL', undefined, undefined]);
    const refund = refundRecordSchema.parse({
      refundReference: 'RF1',
      refundedAmount: 10,
      refundStatus: 'PENDING',
      bnplProvider: null,
      description: null,
      refundDate: null,
      bnplRefundId: null,
    });
    expect([refund.refundStatus, refund.bnplRefundId, refund.description]).toEqual(['PENDING', undefined, undefined]);
    // The lists, absent or null, say nothing (not "none"): nothing may be concluded from them.
    expect(transactionDetailsSchema.parse({ currency: null, refunds: null, orderCaptures: null })).toEqual({
      currency: undefined,
      refunds: undefined,
      orderCaptures: undefined,
    });
    expect(
      transactionDetailsSchema.parse({ orderCaptures: [{ captureId: 'C1', amount: '5', status: null }] }).orderCaptures,
    ).toEqual([{ captureId: 'C1', amount: 5, status: 'SUCCESSFUL' }]);
    const nulls = Object.fromEntries(
      Object.keys(optionItemSchema.shape)
        .filter((key) => key !== 'name')
        .map((key) => [key, null]),
    );
    const { items, dropped } = readOptionItems([{ name: 'ZIP_AU', ...nulls }], 'AUD');
    expect(dropped).toEqual([]);
    expect(items).toEqual([expect.objectContaining({ name: 'ZIP_AU', currency: 'AUD', priority: 999 })]);
    expect([items[0]!.minAmount, items[0]!.maxAmount, items[0]!.image]).toEqual([undefined, undefined, undefined]);
    expect(customerSessionSchema.parse({ token: customerJwt(), ttl: null }).ttl).toBeUndefined();
    expect(
      tokenResponseSchema.parse({ access_token: 'a', expires_in: 60, token_type: 'Bearer', scope: null }).scope,
    ).toBeUndefined();
  });
  it('still refuses null where the field is required', () => {
    expect(
      messages(orderStatusSchema.safeParse({ merchantReference: 'R1', status: null, amount: 1, currency: 'AUD' })),
    ).toContain('status: must be text');
  });
});

describe('customer session (POST /merchants/customer/sessions)', () => {
  it("reads the docs' answer: the token as sent, the ttl coerced", () => {
    const token = customerJwt();
    expect(customerSessionSchema.parse({ token, ttl: '604800' })).toEqual({ token, ttl: 604800 });
    expect(customerSessionSchema.parse({ token }).token).toBe(token);
  });
  it('refuses an answer without a token, or with one past 4096 characters', () => {
    expect(messages(customerSessionSchema.safeParse({ ttl: 604800 }))).toContain('token: is required');
    expect(messages(customerSessionSchema.safeParse({ token: '' }))).toContain('token: is required');
    expect(messages(customerSessionSchema.safeParse({ token: 'a'.repeat(4097) }))).toContain(
      'token: must be at most 4096 characters',
    );
  });
});

describe('token, errors and callbacks', () => {
  it('accepts the token response, coercing expires_in', () => {
    expect(
      tokenResponseSchema.parse({ access_token: 'eyJ', expires_in: '86400', token_type: 'Bearer', scope: 'api-user' })
        .expires_in,
    ).toBe(86400);
    expect(messages(tokenResponseSchema.safeParse({ expires_in: 1, token_type: 'Bearer' }))).toContain(
      'access_token: is required',
    );
  });
  it('accepts error bodies with message as a list or a string', () => {
    expect(
      upstreamErrorSchema.safeParse({
        statusCode: 400,
        message: ['billingAddress.country must be a valid ISO31661 Alpha2 code'],
        error: 'Bad Request',
      }).success,
    ).toBe(true);
    expect(upstreamErrorSchema.safeParse({ statusCode: 401, message: 'Unauthorized' }).success).toBe(true);
    expect(upstreamErrorSchema.safeParse({ statusCode: 500, message: 500 }).success).toBe(false);
  });
  it('reads a notification with data or flat as one hint, never refusing one for a field it lacks', () => {
    const hint = {
      event: 'ORDER_STATUS_UPDATE',
      orderReference: 'R1',
      status: 'SUCCESSFUL',
      refundReference: undefined,
      ids: ['tx-1'],
    };
    expect(
      notificationSchema.parse({
        event: 'ORDER_STATUS_UPDATE',
        data: { merchantReference: 'R1', status: 'SUCCESSFUL', transactionId: 'tx-1', extra: 1 },
      }),
    ).toEqual(hint);
    expect(
      notificationSchema.parse({
        event: 'ORDER_STATUS_UPDATE',
        merchantReference: 'R1',
        status: 'SUCCESSFUL',
        transactionReference: 'tx-1',
      }),
    ).toEqual(hint);
    // The docs' form at its barest (event, status, transactionId): placed by the id; nothing at all is still a hint.
    expect(notificationSchema.parse({ event: 'ORDER_ASYNC_CALLBACK', status: 'ERROR', transactionId: 'a1' })).toEqual({
      event: 'ORDER_ASYNC_CALLBACK',
      orderReference: undefined,
      status: 'ERROR',
      refundReference: undefined,
      ids: ['a1'],
    });
    expect(notificationSchema.parse({ data: {} })).toMatchObject({ event: undefined, ids: [] });
    // A field past its bound, or not text, is as good as absent.
    expect(
      notificationSchema.parse({ event: 'X', merchantReference: 'r'.repeat(300), status: 7, bnplOrderId: ['b'] }),
    ).toMatchObject({ orderReference: undefined, status: undefined, ids: [] });
  });
});

describe('token response with a real-world JWT', () => {
  it('accepts an access token longer than ordinary text fields', () => {
    const jwt = `eyJ${'a'.repeat(900)}`;
    expect(tokenResponseSchema.parse({ access_token: jwt, expires_in: 86400, token_type: 'Bearer' }).access_token).toBe(
      jwt,
    );
  });
});
