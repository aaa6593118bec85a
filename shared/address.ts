import * as z from 'zod/mini';
import {
  atMost,
  countryCode,
  countryName,
  email,
  optionalText,
  phoneNumber,
  requiredText,
  text,
  typeError,
} from './fields.js';
import { COUNTRIES_WITHOUT_POSTAL_CODE } from './postal-code-countries.js';

/** The customer block of an order: all four fields required. */
export const customerSchema = z.object({
  firstName: requiredText,
  lastName: requiredText,
  email,
  phoneNumber,
});

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

/** Whether addresses in this country have a postal code (Google's address metadata, postal-code-countries.ts). */
export const usesPostalCode = (country: string): boolean => !COUNTRIES_WITHOUT_POSTAL_CODE.has(country);

/** An address as the upstream requires it: every field but title present (billing, and shipping when sent). */
export const upstreamAddressSchema = z.object(addressShape);
export type UpstreamAddress = z.infer<typeof upstreamAddressSchema>;

/**
 * An address as a shopper gives it: the BFF fills state and region from the country and line 2 with '' when
 * absent, so the shopper is never asked for a "region" their country does not have.
 */
const addressInputShape = {
  ...addressShape,
  streetAddress2: z.optional(addressShape.streetAddress2),
  state: optionalText,
  region: optionalText,
  postalCode: optionalText,
};

/** Any subset of a shopper's address, as a merchant may prefill it. */
export const partialAddressInputSchema = z.partial(z.object(addressInputShape));

/**
 * The postal code is asked where the country has them. Checked once the country and the code are themselves
 * valid, so a shopper sees one message per field.
 */
export const addressInputSchema = z.object(addressInputShape, { error: typeError('an object') }).check(
  z.refine((address) => Boolean(address.postalCode) || !usesPostalCode(address.country), {
    path: ['postalCode'],
    error: 'is required',
    when: ({ issues }) =>
      !issues.some(({ path = [] }) => !path.length || path[0] === 'country' || path[0] === 'postalCode'),
  }),
);
export type AddressInput = z.infer<typeof addressInputSchema>;

/** The spec's defaults: state falls back to the country code, region to the country's name. */
export function withAddressDefaults(address: AddressInput): UpstreamAddress {
  return {
    ...address,
    streetAddress2: address.streetAddress2 ?? '',
    postalCode: address.postalCode ?? '',
    state: address.state || address.country,
    region: address.region || countryName(address.country),
  };
}
