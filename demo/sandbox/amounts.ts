// Amounts crossing the sandbox's edge: decimal major units in requests, integer minor units inside, and the
// "AED 25.00" text the upstream writes in its terms and messages.
import { currencyExponent, decimalToMinor, toMajor } from '../../shared/money.js';
import { HttpError } from './http.js';

/** "AED 25.00", "KWD 12.500": the currency code, then the amount in the currency's own decimals. */
export function codeAmount(minor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  const number = new Intl.NumberFormat('en', { minimumFractionDigits: exponent, maximumFractionDigits: exponent });
  return `${currency} ${number.format(toMajor(minor, currency))}`;
}

/** A request's amount in minor units; 400 naming the field when it has more decimals than the currency. */
export function minorAmount(amount: number, currency: string, field: string): number {
  const exponent = currencyExponent(currency);
  const minor = decimalToMinor(amount, exponent);
  if (minor === null) throw new HttpError(400, [`${field} must have at most ${exponent} decimals in ${currency}`]);
  return minor;
}
