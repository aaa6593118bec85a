// What the form asks for, as data: the fields of each section and each field's autofill token and keyboard. The
// renderer and the order builder both read these, so a field exists in exactly one place.
import { usesPostalCode } from '../../../shared/countries.js';

export type FieldName =
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phoneNumber'
  | 'streetAddress'
  | 'streetAddress2'
  | 'city'
  | 'state'
  | 'postalCode'
  | 'country';

export type Section = 'customer' | 'billingAddress' | 'shippingAddress';

/** The WHATWG autofill field name of each field; address fields get a billing or shipping prefix. */
const AUTOCOMPLETE: Record<FieldName, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  email: 'email',
  phoneNumber: 'tel',
  streetAddress: 'address-line1',
  streetAddress2: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  postalCode: 'postal-code',
  country: 'country',
};

/** Shown with "(optional)": the order takes them empty, and a postal code where the country has none. */
export const isOptional = (name: FieldName, country: string): boolean =>
  name === 'streetAddress2' || name === 'state' || (name === 'postalCode' && !usesPostalCode(country));

export const CUSTOMER_FIELDS: readonly FieldName[] = ['firstName', 'lastName', 'email', 'phoneNumber'];

/**
 * The billing address takes its name, email and phone from the customer block (Local choice: nobody should type
 * their name twice); a different shipping recipient gets their own name and phone. Title (optional in the spec)
 * is not asked, and region comes from the country (the BFF fills it, shared/address-defaults.ts).
 */
export function addressFields(section: Exclude<Section, 'customer'>): FieldName[] {
  return [
    ...(section === 'shippingAddress' ? (['firstName', 'lastName', 'phoneNumber'] as const) : []),
    'streetAddress',
    'streetAddress2',
    'city',
    'state',
    'postalCode',
    'country',
  ];
}

export function autocompleteFor(section: Section, name: FieldName): string {
  const token = AUTOCOMPLETE[name];
  return section === 'customer' ? token : `${section === 'billingAddress' ? 'billing' : 'shipping'} ${token}`;
}

/** Input type, which is also the inputmode: email and tel bring their own keyboards. */
export const inputType = (name: FieldName): 'email' | 'tel' | 'text' =>
  name === 'email' ? 'email' : name === 'phoneNumber' ? 'tel' : 'text';

/** "billingAddress.city": the same dotted path the BFF uses in its field errors. */
export const fieldPath = (section: Section, name: FieldName): string => `${section}.${name}`;
