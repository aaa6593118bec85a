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

/**
 * The shop's own order number, as its staff search for it: 1 to 64 printable ASCII characters, trimmed. It also
 * starts the upstream's order reference (bff/checkout/sessions.ts), so the payment service's portal shows it.
 */
export const merchantReference = text().check(
  z.trim(),
  z.minLength(1, { error: 'is required' }),
  z.maxLength(64, { error: 'must be at most 64 characters' }),
  z.regex(/^[\x20-\x7e]+$/, { error: 'may contain only printable ASCII characters' }),
);

export const METADATA_MAX_KEYS = 20;
/**
 * The shop's own small labels for a payment (a customer id, a channel): at most 20 keys of 1 to 40 letters, digits,
 * `_`, `.` or `-`, each a text of at most 500 characters. Shown to the merchant only, never to the shopper; no
 * personal data belongs here (it is kept as long as the order).
 */
export const metadata = z
  .record(
    text().check(z.regex(/^[A-Za-z0-9_.-]{1,40}$/, { error: 'keys must be 1 to 40 letters, digits, _, . or -' })),
    text().check(z.maxLength(500, { error: 'must be at most 500 characters' })),
    { error: typeError('an object of texts') },
  )
  .check(
    z.refine((value) => Object.keys(value).length <= METADATA_MAX_KEYS, {
      error: `must have at most ${METADATA_MAX_KEYS} keys`,
    }),
  );
