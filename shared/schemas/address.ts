import * as z from 'zod/mini';
import { ADDRESS_INPUT_RULES, CUSTOMER_RULES, type FieldRule, postalCodeWhereUsed } from '../field-rules.js';
import { atMost, countryCode, email, optionalText, phoneNumber, requiredText, text, typeError } from './fields.js';

const SCHEMA_OF_RULE = {
  required: requiredText,
  optional: optionalText,
  email,
  phone: phoneNumber,
  country: countryCode,
};

/** The zod shape of a table of field rules (field-rules.ts, which the widget checks its form with). */
const shapeOf = <const T extends Record<string, FieldRule>>(rules: T) =>
  Object.fromEntries(Object.entries(rules).map(([name, rule]) => [name, SCHEMA_OF_RULE[rule]])) as {
    [K in keyof T]: (typeof SCHEMA_OF_RULE)[T[K]];
  };

/** The customer block of an order: all four fields required. */
export const customerSchema = z.object(shapeOf(CUSTOMER_RULES));

const addressShape = {
  title: optionalText,
  firstName: requiredText,
  lastName: requiredText,
  email,
  phoneNumber,
  streetAddress: requiredText,
  // Required by the spec as a field; it may be empty because most people have no second address line (local choice).
  streetAddress2: text().check(z.trim(), atMost(255)),
  city: requiredText,
  country: countryCode,
  state: requiredText,
  region: requiredText,
  // Required by the spec as a field; empty where the country has no postal-code system (local choice: the
  // WooCommerce plugin sends the store's postcode, which is empty there, rather than a made-up "00000").
  postalCode: text().check(z.trim(), atMost(255)),
};

/** An address as the upstream requires it: every field but title present (billing, and shipping when sent). */
export const upstreamAddressSchema = z.object(addressShape);
export type UpstreamAddress = z.infer<typeof upstreamAddressSchema>;

/** An address as a shopper gives it (field-rules.ts). */
const addressInputShape = shapeOf(ADDRESS_INPUT_RULES);

/** Any subset of a shopper's address, as a merchant may prefill it. */
export const partialAddressInputSchema = z.partial(z.object(addressInputShape));

/**
 * The postal code is asked where the country has them. Checked once the country and the code are themselves
 * valid, so a shopper sees one message per field.
 */
const postalCodeCheck = z.refine<{ country: string; postalCode?: string | undefined }>(postalCodeWhereUsed, {
  path: ['postalCode'],
  error: 'is required',
  when: ({ issues }) =>
    !issues.some(({ path = [] }) => !path.length || path[0] === 'country' || path[0] === 'postalCode'),
});

export const addressInputSchema = z.object(addressInputShape, { error: typeError('an object') }).check(postalCodeCheck);
export type AddressInput = z.infer<typeof addressInputSchema>;

/**
 * Where a store pickup happens (shippingMethod `store`: the spec says the address "should be the store address"):
 * the store's location, the merchant's to give; the recipient's name and contact stay the shopper's.
 */
export const storeAddressSchema = z
  .object(
    {
      streetAddress: addressInputShape.streetAddress,
      streetAddress2: addressInputShape.streetAddress2,
      city: addressInputShape.city,
      country: addressInputShape.country,
      state: addressInputShape.state,
      region: addressInputShape.region,
      postalCode: addressInputShape.postalCode,
    },
    { error: typeError('an object') },
  )
  .check(postalCodeCheck);
export type StoreAddress = z.infer<typeof storeAddressSchema>;
