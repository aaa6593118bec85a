// Field-level schemas shared by the upstream contract, the BFF's API and the widget's form validation.
import * as z from 'zod/mini';
import { isCountryCode } from '../countries.js';
import { EMAIL_MAX, EMAIL_PATTERN, hasPhoneDigits, PHONE_PATTERN, SHIPPING_METHODS, TEXT_MAX } from '../field-rules.js';
import { isCurrencyCode } from '../money.js';

/** Error text for a wrong base type: "is required" when the field is absent, else what it must be. */
export const typeError = (expected: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'is required' : `must be ${expected}`;

/** A whole number, with the message for a fraction. */
export const integer = (message: string) =>
  z.number({ error: typeError('a whole number') }).check(z.int({ error: message }));

export const text = () => z.string({ error: typeError('text') });
/** A length limit with its own message: without one, zod would repeat the schema's "must be text". */
export const atMost = (max: number) => z.maxLength(max, { error: `must be at most ${max} characters` });
export const requiredText = text().check(z.trim(), z.minLength(1, { error: 'is required' }), atMost(TEXT_MAX));
export const optionalText = z.optional(text().check(z.trim(), atMost(TEXT_MAX)));

export const countryCode = text().check(
  z.refine(isCountryCode, { error: 'must be an ISO 3166-1 alpha-2 country code, such as AE' }),
);
export const currencyCode = text().check(
  z.refine(isCurrencyCode, { error: 'must be an ISO 4217 currency code, such as AED' }),
);
/** RFC 1766 as the upstream writes it: xx_YY. */
export const upstreamLocale = text().check(z.regex(/^[a-z]{2}_[A-Z]{2}$/, { error: 'must look like en_AE (xx_YY)' }));

export const email = z.pipe(
  text().check(z.trim()),
  z.email({ pattern: EMAIL_PATTERN, error: 'must be a valid email address' }).check(atMost(EMAIL_MAX)),
);

/** Phone numbers as people write them: +971 50 123 4567, (415) 200-1234. 6 to 15 digits (E.164's limit). */
export const phoneNumber = text().check(
  z.trim(),
  z.regex(PHONE_PATTERN, { error: 'may contain only digits, spaces, +, ( ), - and .' }),
  z.refine(hasPhoneDigits, { error: 'must have 6 to 15 digits' }),
);

/** A decimal amount in major units; the currency's decimals are checked where the currency is known. */
/** The largest single amount accepted, in major units: far above any cart, and exact in minor units of any currency. */
export const MAX_AMOUNT = 1_000_000_000;

export const amount = z
  .number({ error: typeError('a number') })
  .check(
    z.refine(Number.isFinite, { error: 'must be a finite number' }),
    z.gte(0, { error: 'must not be negative' }),
    z.lte(MAX_AMOUNT, { error: `must be at most ${MAX_AMOUNT}` }),
  );

export const shippingMethod = z.enum(SHIPPING_METHODS, {
  error: `must be one of: ${SHIPPING_METHODS.join(', ')}`,
});

export const httpUrl = z.pipe(text(), z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }));
