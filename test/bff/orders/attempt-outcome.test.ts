// The classes of why an attempt ended (the upstream's reasons are free text with no list of values) and the outcome
// the session view tells for each status of the latest attempt.
import { describe, expect, it } from 'vitest';
import { lastAttemptView, outcomeReason } from '../../../bff/orders/attempt-outcome.js';

const read = (status: string, fields: Record<string, string | null> = {}) => ({ status, ...fields });

describe('outcomeReason', () => {
  it.each([
    [read('DECLINED', { rejectReason: 'Insufficient credit limit' }), 'credit_check'],
    [read('DECLINED', { rejectReason: 'Affordability check failed' }), 'credit_check'],
    [read('DECLINED', { rejectReason: 'KYC: identity could not be verified' }), 'verification'],
    [read('ERROR', { failureReason: 'Gateway timeout at provider' }), 'provider_error'],
    [read('FAILED', { failureReason: 'Provider unavailable' }), 'provider_error'],
    [read('CANCELLED', { cancelledBy: 'system' }), 'timed_out'],
    [read('CANCELED', { cancelledBy: 'SYSTEM' }), 'timed_out'],
  ])('%o is %s', (upstream, reason) => {
    expect(outcomeReason(upstream)).toBe(reason);
  });

  it.each([
    read('DECLINED', { rejectReason: 'Declined by the provider' }),
    read('DECLINED', { rejectReason: null, failureReason: null }),
    read('CANCELLED', { cancelledBy: 'user' }),
    read('SUCCESSFUL'),
    read('DECLINED', { failureReason: 'something' }),
  ])('%o has no class', (upstream) => {
    expect(outcomeReason(upstream)).toBeNull();
  });
});

describe('lastAttemptView', () => {
  const attempt = (status: string, outcomeReason: string | null = null, heard = true) =>
    ({ attempt: 2, provider: 'TABBY_AE', status, outcomeReason, heard }) as Parameters<typeof lastAttemptView>[0];
  const named = (provider: string) => (provider === 'TABBY_AE' ? 'Tabby' : undefined);

  it.each([
    ['declined', null, { outcome: 'declined' }],
    ['declined', 'credit_check', { outcome: 'declined', reason: 'credit_check' }],
    ['cancelled', null, { outcome: 'cancelled' }],
    ['cancelled', 'timed_out', { outcome: 'expired' }],
    ['failed', 'provider_error', { outcome: 'failed', reason: 'provider_error' }],
    ['pending', null, { outcome: 'pending' }],
    ['error', 'provider_error', { outcome: 'pending', reason: 'provider_error' }],
  ])('%s (%s) tells %o', (status, reason, told) => {
    expect(lastAttemptView(attempt(status, reason), named)).toEqual({
      attempt: 2,
      provider: 'TABBY_AE',
      displayName: 'Tabby',
      ...told,
    });
  });

  it.each(['initiated', 'unknown', 'paid', 'on_hold'])('%s tells nothing', (status) => {
    expect(lastAttemptView(attempt(status), named)).toBeUndefined();
  });

  it.each(['pending', 'error'])('%s tells nothing before the shopper is back or the provider called', (status) => {
    expect(lastAttemptView(attempt(status, null, false), named)).toBeUndefined();
    expect(lastAttemptView(attempt('declined', null, false), named)?.outcome).toBe('declined');
  });

  it('names a provider the lists no longer have by its upstream name', () => {
    expect(lastAttemptView({ ...attempt('declined')!, provider: 'ZIP_AE' }, named)?.displayName).toBe('ZIP_AE');
  });
});
