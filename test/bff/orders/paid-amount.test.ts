import { describe, expect, it } from 'vitest';
import { checkPaidAmount } from '../../../bff/orders/paid-amount.js';

const owedAed = { amountMinor: 25775, currency: 'AED' };

describe('paid amount check', () => {
  it('keeps paid when the upstream reports the full amount in the same currency', () => {
    expect(checkPaidAmount('paid', { amount: 257.75, currency: 'AED' }, owedAed)).toEqual({
      status: 'paid',
      paidMinor: 25775,
      surchargeMinor: 0,
    });
  });

  it('holds an underpaid order, even by one minor unit', () => {
    expect(checkPaidAmount('paid', { amount: 257.74, currency: 'AED' }, owedAed)).toEqual({
      status: 'on_hold',
      paidMinor: 25774,
      surchargeMinor: 0,
      holdReason: 'underpaid',
    });
  });

  it('compares in the currency own decimals (KWD has 3, JPY none)', () => {
    expect(
      checkPaidAmount('paid', { amount: 10.125, currency: 'KWD' }, { amountMinor: 10125, currency: 'KWD' }).status,
    ).toBe('paid');
    expect(
      checkPaidAmount('paid', { amount: 10.124, currency: 'KWD' }, { amountMinor: 10125, currency: 'KWD' }).status,
    ).toBe('on_hold');
    expect(
      checkPaidAmount('paid', { amount: 1500, currency: 'JPY' }, { amountMinor: 1500, currency: 'JPY' }).status,
    ).toBe('paid');
  });

  it('does not suffer floating-point drift (0.1 + 0.2 style amounts)', () => {
    expect(checkPaidAmount('paid', { amount: 0.3, currency: 'AED' }, { amountMinor: 30, currency: 'AED' }).status).toBe(
      'paid',
    );
  });

  it('holds a payment whose surcharge cannot be read exactly: what was paid is not known', () => {
    const paid = (surcharge: number | null) =>
      checkPaidAmount('paid', { amount: 257.75, currency: 'AED', surcharge }, owedAed);
    expect(paid(2.5)).toEqual({ status: 'paid', paidMinor: 26025, surchargeMinor: 250 });
    expect(paid(null).status).toBe('paid');
    const unread = { status: 'on_hold', paidMinor: 0, surchargeMinor: 0, holdReason: 'unreadable_amount' };
    expect(paid(1.234)).toEqual(unread);
    expect(paid(-1)).toEqual(unread);
  });

  it('holds a payment in another currency', () => {
    expect(checkPaidAmount('paid', { amount: 257.75, currency: 'SAR' }, owedAed)).toEqual({
      status: 'on_hold',
      paidMinor: 0,
      surchargeMinor: 0,
      holdReason: 'currency_mismatch',
    });
  });

  it('accepts the currency in lower case from the upstream', () => {
    expect(checkPaidAmount('paid', { amount: 257.75, currency: 'aed' }, owedAed).status).toBe('paid');
  });

  it('holds an amount it cannot read exactly (more decimals than the currency has, negative)', () => {
    expect(checkPaidAmount('paid', { amount: 257.755, currency: 'AED' }, owedAed).holdReason).toBe('unreadable_amount');
    expect(checkPaidAmount('paid', { amount: -257.75, currency: 'AED' }, owedAed).holdReason).toBe('unreadable_amount');
    expect(checkPaidAmount('paid', { amount: Number.NaN, currency: 'AED' }, owedAed).holdReason).toBe(
      'unreadable_amount',
    );
  });

  it('records an overpayment as paid with what the upstream reports', () => {
    expect(checkPaidAmount('paid', { amount: 300, currency: 'AED' }, owedAed)).toEqual({
      status: 'paid',
      paidMinor: 30000,
      surchargeMinor: 0,
    });
  });

  it.each(['pending', 'declined', 'cancelled', 'failed', 'initiated'] as const)(
    'passes %s through with nothing paid',
    (status) => {
      expect(checkPaidAmount(status, { amount: 257.75, currency: 'AED' }, owedAed)).toEqual({
        status,
        paidMinor: 0,
        surchargeMinor: 0,
      });
    },
  );
});
