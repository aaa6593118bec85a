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

/** Local choice (the docs state no upper bound): far above any cart, and exact in minor units of any currency. */
export const MAX_AMOUNT = 1_000_000_000;
export const TOO_LARGE = `must be at most ${MAX_AMOUNT}`;

/**
 * What decides how precise an amount may be: `strictDocs`. A SandboxContext has it; the context is not imported, so
 * that the context's schemas can use this file.
 */
export interface AmountRules {
  strictDocs: boolean;
}

/**
 * An amount in minor units, or what is wrong with it (too large, too many decimals). The docs allow "up to 2
 * decimal places" for every amount, whatever the currency's own decimals (KWD has 3): with strictDocs, so does this.
 */
export function amountInMinor(
  ctx: AmountRules,
  amount: number,
  currency: string,
): { minor: number } | { problem: string } {
  if (amount > MAX_AMOUNT) return { problem: TOO_LARGE };
  const exponent = currencyExponent(currency);
  if (ctx.strictDocs && exponent > 2 && decimalToMinor(amount, 2) === null)
    return { problem: 'must not have more than 2 decimal places' };
  const minor = decimalToMinor(amount, exponent);
  return minor === null ? { problem: `must have at most ${exponent} decimals in ${currency}` } : { minor };
}

/** A request's amount in minor units; 400 naming the field when it is too large or too precise for the currency. */
export function minorAmount(ctx: AmountRules, amount: number, currency: string, field: string): number {
  const result = amountInMinor(ctx, amount, currency);
  if ('problem' in result) throw new HttpError(400, [`${field} ${result.problem}`]);
  return result.minor;
}
