import { describe, expect, it } from 'vitest';
import { normalisePaymentStatus, normaliseRefundStatus } from '../../shared/status.js';

describe('payment status normalisation', () => {
  it.each([
    ['pending', 'pending', false],
    ['PENDING', 'pending', false],
    ['INITIATED', 'initiated', false],
    ['SUCCESSFUL', 'paid', true],
    ['DECLINED', 'declined', true],
    ['CANCELLED', 'cancelled', true],
    ['CANCELED', 'cancelled', true],
    ['canceled', 'cancelled', true],
    // The documents name three final statuses (successful, cancelled, declined): ERROR and FAILED are not final.
    ['FAILED', 'error', false],
    ['ERROR', 'error', false],
    ['error', 'error', false],
  ])('%s -> %s (final: %s)', (upstream, status, final) => {
    expect(normalisePaymentStatus(upstream)).toEqual({ status, upstream, final });
  });

  it('keeps an unknown status verbatim and never final', () => {
    expect(normalisePaymentStatus('PARTIALLY_PAID')).toEqual({
      status: 'unknown',
      upstream: 'PARTIALLY_PAID',
      final: false,
    });
  });
});

describe('refund status normalisation', () => {
  it.each([
    ['PENDING', 'pending', false],
    ['SUCCESSFUL', 'succeeded', true],
    ['DECLINED', 'declined', true],
    // Not final either: the refund stays open, with the upstream's word beside it, until it reads final.
    ['FAILED', 'pending', false],
    ['ERROR', 'pending', false],
  ])('%s -> %s', (upstream, status, final) => {
    expect(normaliseRefundStatus(upstream)).toEqual({ status, upstream, final });
  });
  it('keeps an unknown refund status verbatim', () => {
    expect(normaliseRefundStatus('REVERSED').status).toBe('unknown');
  });
});
