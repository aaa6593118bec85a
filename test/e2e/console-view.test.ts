// The merchant console says what the merchant API says about money the BFF is not sure of: an order still live past
// its deadline is overdue, a refund whose answer was lost is pending with its outcome not known, a failed one says
// why, and records that disagree raise a notice with both totals, before the refund form.
import { describe, expect, it } from 'vitest';
import { orderDetailView, orderListView } from '../../demo/storefront/pages/console.js';
import type { OrderView } from '../../shared/schemas/merchant-api.js';

const order: OrderView = {
  orderReference: 'opi-1-1',
  sessionId: 'cs_1',
  checkoutUrl: 'https://pay.shop.example/pay/cs_1',
  provider: 'TABBY_AE',
  status: 'paid',
  upstreamStatus: 'SUCCESSFUL',
  amount: 100,
  currency: 'AED',
  paidAmount: 102.5,
  surchargeAmount: 2.5,
  capturedAmount: 102.5,
  voidedAmount: 0,
  refundedAmount: 0,
  refundableAmount: 62.5,
  paymentState: 'captured',
  discrepancies: [{ kind: 'refunds', ledgerAmount: 0, upstreamAmount: 20, detectedAt: '2030-01-01T10:00:00.000Z' }],
  createdAt: '2030-01-01T09:00:00.000Z',
  updatedAt: '2030-01-01T10:00:00.000Z',
  events: [],
  refunds: [
    {
      refundReference: 'rf_a',
      orderReference: 'opi-1-1',
      amount: 20,
      currency: 'AED',
      status: 'pending',
      upstreamStatus: null,
      origin: 'checkout',
      upstreamOutcome: 'unknown',
      overdue: true,
      description: null,
      createdAt: '2030-01-01T09:10:00.000Z',
    },
    {
      refundReference: 'rf_b',
      orderReference: 'opi-1-1',
      amount: 20,
      currency: 'AED',
      status: 'failed',
      upstreamStatus: null,
      origin: 'checkout',
      failureReason: 'not_found_upstream',
      description: null,
      createdAt: '2030-01-01T09:11:00.000Z',
    },
  ],
  captures: [],
  voids: [],
};

const text = (markup: { toString(): string }) =>
  markup
    .toString()
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('the merchant console on money the BFF is not sure of', () => {
  it('shows the discrepancy with both totals, the surcharge, and each refund as it stands', () => {
    const page = text(orderDetailView({ order, newIdempotencyKey: () => 'k' }));
    expect(page).toContain("The payment service's records and this ledger disagree");
    expect(page).toContain('refunds: AED 0.00 here, AED 20.00 at the payment service');
    expect(page).toContain('Surcharge (in paid) AED 2.50');
    expect(page).toContain('pending (outcome not known yet) overdue');
    expect(page).toMatch(/failed ?: the payment service has no record of it/);
    expect(page.indexOf('disagree')).toBeLessThan(page.indexOf('Refund'));
  });

  it('marks an order overdue, or of unknown outcome, in the list and on its page', () => {
    const live = {
      ...order,
      status: 'pending' as const,
      upstreamStatus: 'PENDING',
      paymentState: undefined,
      discrepancies: undefined,
      overdue: true as const,
      upstreamOutcome: 'unknown' as const,
      refunds: [],
    };
    expect(text(orderListView({ orders: [live], nextCursor: null }))).toContain('pending outcome unknown overdue');
    const page = text(orderDetailView({ order: live, newIdempotencyKey: () => 'k' }));
    expect(page).toContain('pending (outcome not known yet), overdue');
    expect(page).toContain('past its deadline');
    expect(page).not.toContain('disagree');
  });
});
