// The rules of the shopper's fields, without zod: the shared zod schemas (fields.ts, address.ts) are built from
// them for the BFF, and the widget checks its form with them (widget/components/opi-checkout/field-checks.ts)
// without shipping zod to the browser. test/shared/field-checks.test.ts proves on generated input that both
// accept and refuse the same values.
import { usesPostalCode } from './countries.js';

/** The longest text field the upstream takes. */
export const TEXT_MAX = 255;
/** RFC 5321's longest address. */
export const EMAIL_MAX = 254;
/** zod's own email pattern (zod/v4/core regexes.email), given to z.email so that both use this one. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
/** Phone numbers as people write them: +971 50 123 4567, (415) 200-1234. */
export const PHONE_PATTERN = /^\+?[\d\s().-]+$/;
/** How many digits a phone number has: E.164's limit, and the shortest local numbers. */
export const PHONE_DIGITS = { min: 6, max: 15 };
export const hasPhoneDigits = (value: string): boolean => {
  const digits = value.replace(/\D/g, '').length;
  return digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
};

export const SHIPPING_METHODS = ['delivery', 'store', 'digital', 'pickup'] as const;

/**
 * The kinds of field: required text, optional text (may be absent or empty), email, phone, country code. Text is
 * trimmed, and at most TEXT_MAX long; a country code is taken as written.
 */
export type FieldRule = 'required' | 'optional' | 'email' | 'phone' | 'country';

/** The customer block of an order: all four fields required. */
export const CUSTOMER_RULES = {
  firstName: 'required',
  lastName: 'required',
  email: 'email',
  phoneNumber: 'phone',
} as const satisfies Record<string, FieldRule>;

/**
 * An address as a shopper gives it: the BFF fills state and region from the country and line 2 with '' when
 * absent, so the shopper is never asked for a "region" their country does not have; the postal code is asked
 * where the country has them (postalCodeWhereUsed).
 */
export const ADDRESS_INPUT_RULES = {
  title: 'optional',
  firstName: 'required',
  lastName: 'required',
  email: 'email',
  phoneNumber: 'phone',
  streetAddress: 'required',
  streetAddress2: 'optional',
  city: 'required',
  country: 'country',
  state: 'optional',
  region: 'optional',
  postalCode: 'optional',
} as const satisfies Record<string, FieldRule>;

/** Checked once the country and the code are themselves valid, so a shopper sees one message per field. */
export const postalCodeWhereUsed = (address: { country: string; postalCode?: string | undefined }): boolean =>
  Boolean(address.postalCode) || !usesPostalCode(address.country);
