import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyExponent, formatMoney, isCurrencyCode, sumMinor, toMajor, toMinor } from '../../shared/money.js';

const currencies = ['AED', 'SAR', 'KWD', 'BHD', 'JPY', 'AUD', 'SGD', 'USD'];

describe('money', () => {
  it('takes each currency exponent from Intl', () => {
    expect(currencies.map(currencyExponent)).toEqual([2, 2, 3, 3, 0, 2, 2, 2]);
  });

  it('converts exactly, refusing more decimals than the currency has', () => {
    expect(toMinor(257.75, 'AED')).toBe(25775);
    expect(toMinor(1.234, 'KWD')).toBe(1234);
    expect(toMinor(1500, 'JPY')).toBe(1500);
    expect(toMinor(1.5, 'JPY')).toBeNull();
    expect(toMinor(0.1 + 0.2, 'AED')).toBeNull();
    expect(toMinor(1e-7, 'AED')).toBeNull();
    expect(toMinor(Number.NaN, 'AED')).toBeNull();
    expect(toMajor(1234, 'KWD')).toBe(1.234);
  });

  it('round-trips every minor amount through major units (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...currencies),
        fc.integer({ min: 0, max: 2 ** 40 }),
        (currency, minor) => toMinor(toMajor(minor, currency), currency) === minor,
      ),
    );
  });

  it('round-trips every valid decimal amount through minor units (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...currencies), fc.integer({ min: 0, max: 2 ** 40 }), (currency, minor) => {
        const major = Number((minor / 10 ** currencyExponent(currency)).toFixed(currencyExponent(currency)));
        return toMajor(toMinor(major, currency)!, currency) === major;
      }),
    );
  });

  it('sums in minor units without drift where floating point drifts (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 50 }), (cents) => {
        const viaMinor = sumMinor(cents.map((c) => toMinor(toMajor(c, 'AED'), 'AED')!));
        return viaMinor === cents.reduce((a, b) => a + b, 0);
      }),
    );
    expect(sumMinor([toMinor(0.1, 'AED')!, toMinor(0.2, 'AED')!])).toBe(toMinor(0.3, 'AED'));
    expect(() => sumMinor([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
  });

  it('formats for people with Intl in the currency own decimals', () => {
    expect(formatMoney(10000, 'AED', 'en')).toBe('AED\u00a0100.00');
    expect(formatMoney(1234, 'KWD', 'en')).toBe('KWD\u00a01.234');
    expect(formatMoney(1500, 'JPY', 'en')).toBe('¥1,500');
  });

  it('knows ISO 4217 codes', () => {
    expect(isCurrencyCode('AED')).toBe(true);
    expect(isCurrencyCode('aed')).toBe(false);
    expect(isCurrencyCode('XYZ')).toBe(false);
  });
});
