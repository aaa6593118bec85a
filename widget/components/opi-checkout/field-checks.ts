// The form's checks, without zod: the rules of shared/field-rules.ts, which the BFF's zod schemas (customerSchema,
// addressInputSchema) are built from, so the widget refuses what the BFF would. test/shared/field-checks.test.ts
// proves on generated input that these and the schemas accept the same values and name the same fields.
import type { AddressInput } from '../../../shared/schemas/address.js';
import type { PlaceOrderRequest } from '../../../shared/schemas/checkout-api.js';
import { isCountryCode } from '../../../shared/countries.js';
import {
  ADDRESS_INPUT_RULES,
  CUSTOMER_RULES,
  EMAIL_MAX,
  EMAIL_PATTERN,
  type FieldRule,
  hasPhoneDigits,
  PHONE_PATTERN,
  postalCodeWhereUsed,
  TEXT_MAX,
} from '../../../shared/field-rules.js';

/** Length as zod's minLength and maxLength measure text: in code points, so an emoji counts once, not twice. */
const lengthOf = (value: string): number => [...value].length;

/** Each kind's check, on the value as the schema sees it: trimmed, but a country code as written. */
const VALID: Record<FieldRule, (value: string) => boolean> = {
  required: (value) => value.length >= 1 && lengthOf(value) <= TEXT_MAX,
  optional: (value) => lengthOf(value) <= TEXT_MAX,
  email: (value) => EMAIL_PATTERN.test(value) && lengthOf(value) <= EMAIL_MAX,
  phone: (value) => PHONE_PATTERN.test(value) && hasPhoneDigits(value),
  country: isCountryCode,
};

/** The fields' values as the order takes them, or the names of the fields refused, in the rules' order. */
export type Checked<T> = { value: T; invalid?: undefined } | { value?: undefined; invalid: string[] };

function checkFields(rules: Record<string, FieldRule>, input: Record<string, string | undefined>) {
  const value: Record<string, string> = {};
  const invalid: string[] = [];
  for (const [name, rule] of Object.entries(rules)) {
    const raw = input[name];
    const seen = raw === undefined || rule === 'country' ? raw : raw.trim();
    if (seen === undefined ? rule === 'optional' : VALID[rule](seen)) {
      if (seen !== undefined) value[name] = seen;
    } else invalid.push(name);
  }
  return { value, invalid };
}

type Customer = PlaceOrderRequest['customer'];

export function checkCustomer(input: Record<string, string | undefined>): Checked<Customer> {
  const { value, invalid } = checkFields(CUSTOMER_RULES, input);
  return invalid.length ? { invalid } : { value: value as Customer };
}

export function checkAddress(input: Record<string, string | undefined>): Checked<AddressInput> {
  const { value, invalid } = checkFields(ADDRESS_INPUT_RULES, input);
  // As the schema's refinement: only once the country and the postal code are themselves valid.
  const judged = !invalid.includes('country') && !invalid.includes('postalCode');
  if (judged && !postalCodeWhereUsed(value as { country: string })) invalid.push('postalCode');
  return invalid.length ? { invalid } : { value: value as AddressInput };
}
