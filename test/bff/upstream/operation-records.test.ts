// The upstream's records of refunds and captures in one form: which identifiers name the one refund or capture (to
// match it) and which the ledger may learn of it. The details' refundId is the order's own reference on every refund
// (the docs' sample): learned or matched, it would make every later record name the first refund it was learned for.
import { describe, expect, it } from 'vitest';
import { fromDetailsCapture, fromDetailsRefund, fromRefundRecord } from '../../../bff/upstream/operation-records.js';

const order = { reference: 'ORD-1', currency: 'AED' };

describe('a refund of the transaction details', () => {
  it("never carries the order's own reference as one of its identifiers, nor learns it", () => {
    const record = fromDetailsRefund(
      { refundId: 'ORD-1', refundReference: 'REF-1-00', amount: 40, status: 'SUCCESSFUL' },
      order,
    );
    expect(record).toMatchObject({ ids: ['REF-1-00'], reference: 'REF-1-00', providerId: null, currency: 'AED' });
  });

  it("in the docs' sample form names no one refund at all (matched by amount)", () => {
    const record = fromDetailsRefund({ refundId: 'ORD-1', amount: 40, status: 'SUCCESSFUL' }, order);
    expect(record).toMatchObject({ ids: [], reference: null, providerId: null });
  });

  it("keeps a refundId that is not the order's reference, for matching only", () => {
    const record = fromDetailsRefund(
      { refundId: 'rf_9', bnplRefundId: 'c0ffee00-0000-4000-8000-000000000001', amount: 40, status: 'PENDING' },
      order,
    );
    expect(record).toMatchObject({
      ids: ['rf_9', 'c0ffee00-0000-4000-8000-000000000001'],
      reference: null,
      providerId: 'c0ffee00-0000-4000-8000-000000000001',
    });
  });
});

describe('the answers and the other records', () => {
  it("a refund answer's reference and provider id are what the ledger learns", () => {
    const record = fromRefundRecord({
      refundReference: 'REF-1-00',
      bnplProvider: 'TABBY_AE',
      refundedAmount: 40,
      refundStatus: 'SUCCESSFUL',
      bnplRefundId: 'c0ffee00-0000-4000-8000-000000000002',
    });
    expect(record).toMatchObject({
      ids: ['REF-1-00', 'c0ffee00-0000-4000-8000-000000000002'],
      reference: 'REF-1-00',
      providerId: 'c0ffee00-0000-4000-8000-000000000002',
    });
  });

  it('a capture of the details: its reference and its id', () => {
    const record = fromDetailsCapture(
      { captureId: 'CAP-1', captureReference: 'CAP-1', amount: 10, status: 'SUCCESSFUL' },
      'AED',
    );
    expect(record).toMatchObject({ ids: ['CAP-1', 'CAP-1'], reference: 'CAP-1', providerId: 'CAP-1' });
  });
});
