// The spec's address defaults, which the BFF fills in before an address goes upstream.
import type { AddressInput, UpstreamAddress } from './schemas/address.js';
import { countryName } from './countries.js';

/** State falls back to the country code, region to the country's name, line 2 and postal code to ''. */
export function withAddressDefaults(address: AddressInput): UpstreamAddress {
  return {
    ...address,
    streetAddress2: address.streetAddress2 ?? '',
    postalCode: address.postalCode ?? '',
    state: address.state || address.country,
    region: address.region || countryName(address.country),
  };
}
