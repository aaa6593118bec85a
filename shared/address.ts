import * as z from 'zod/mini';
import { atMost, countryCode, countryName, email, optionalText, phoneNumber, requiredText, text } from './fields.js';

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
  postalCode: requiredText,
};

/** An address as the upstream requires it: every field but title present (billing, and shipping when sent). */
export const upstreamAddressSchema = z.object(addressShape);
export type UpstreamAddress = z.infer<typeof upstreamAddressSchema>;

/**
 * An address as a shopper gives it: the BFF fills state and region from the country and line 2 with '' when
 * absent, so the shopper is never asked for a "region" their country does not have.
 */
export const addressInputSchema = z.object({
  ...addressShape,
  streetAddress2: z.optional(addressShape.streetAddress2),
  state: optionalText,
  region: optionalText,
});
export type AddressInput = z.infer<typeof addressInputSchema>;

/** The spec's defaults: state falls back to the country code, region to the country's name. */
export function withAddressDefaults(address: AddressInput): UpstreamAddress {
  return {
    ...address,
    streetAddress2: address.streetAddress2 ?? '',
    state: address.state || address.country,
    region: address.region || countryName(address.country),
  };
}
