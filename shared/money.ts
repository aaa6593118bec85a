// Money is integer minor units inside the product; the upstream and the BFF's JSON speak decimal major units.
// Conversions go through the number's shortest decimal text, so they are exact and never drift.

const exponentCache = new Map<string, number>();

/** Number of decimals of a currency, from Intl (KWD and BHD 3, JPY 0, most 2). */
export function currencyExponent(currency: string): number {
  let exponent = exponentCache.get(currency);
  if (exponent === undefined) {
    exponent =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    exponentCache.set(currency, exponent);
  }
  return exponent;
}

let knownCurrencies: Set<string> | undefined;

/** ISO 4217 check against the currencies the runtime's Intl knows. */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  knownCurrencies ??= new Set(Intl.supportedValuesOf('currency'));
  return knownCurrencies.has(code);
}

/** Major units (257.75) to minor units (25775), or null when the amount has more decimals than the currency allows. */
export function toMinor(major: number, currency: string): number | null {
  return decimalToMinor(major, currencyExponent(currency));
}

export function decimalToMinor(major: number, exponent: number): number | null {
  const text = String(major); // shortest round-trip form; exponent notation (1e-7, 1e+21) is refused below
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > exponent) return null;
  const minor = Number(whole + fraction.padEnd(exponent, '0'));
  if (!Number.isSafeInteger(minor)) return null;
  return sign ? -minor : minor;
}

/**
 * The upstream takes amounts with at most 2 decimal places (its docs, for every currency): a KWD, BHD, OMR, JOD or
 * TND amount whose third decimal is not 0 cannot be sent. Null when `major` has more decimals than both allow.
 */
export const UPSTREAM_MAX_DECIMALS = 2;
export function toPayableMinor(major: number, currency: string): number | null {
  return decimalToMinor(major, Math.min(currencyExponent(currency), UPSTREAM_MAX_DECIMALS)) === null
    ? null
    : toMinor(major, currency);
}

/** Why an amount is refused by toPayableMinor, for a problem's field message. */
export function payableDecimalsMessage(currency: string): string {
  const exponent = currencyExponent(currency);
  return exponent > UPSTREAM_MAX_DECIMALS
    ? `must have at most ${UPSTREAM_MAX_DECIMALS} decimals: the payment service takes no more, even in ${currency}`
    : `must have at most ${exponent} decimals in ${currency}`;
}

/** Minor units to major units; exact for every safe integer (division by a power of ten is correctly rounded). */
export function toMajor(minor: number, currency: string): number {
  const result = minor / 10 ** currencyExponent(currency);
  return Object.is(result, -0) ? 0 : result;
}

/** Sum of integer minor amounts; throws if the total leaves the safe-integer range. */
export function sumMinor(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += value;
  if (!Number.isSafeInteger(total)) throw new RangeError('money total out of range');
  return total;
}

/** Amount for people: always Intl.NumberFormat in the currency's own decimals. */
export function formatMoney(minor: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(toMajor(minor, currency));
}
