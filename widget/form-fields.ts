// What the form asks for, as data: each field's name in the order, its autocomplete token, input type and
// keyboard. The renderer and the order builder both read these, so a field exists in exactly one place.

export type FieldName =
  | 'title'
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

export interface FieldDescriptor {
  name: FieldName;
  /** The WHATWG autofill field name; addresses get a billing/shipping prefix (autocompleteFor). */
  autocomplete: string;
  type: 'text' | 'email' | 'tel' | 'select';
  inputmode?: 'text' | 'email' | 'tel';
  /** Shown with "(optional)" in its label and never required unless a provider asks for it. */
  optional?: true;
}

const FIELDS: Record<FieldName, FieldDescriptor> = {
  title: { name: 'title', autocomplete: 'honorific-prefix', type: 'text' },
  firstName: { name: 'firstName', autocomplete: 'given-name', type: 'text' },
  lastName: { name: 'lastName', autocomplete: 'family-name', type: 'text' },
  email: { name: 'email', autocomplete: 'email', type: 'email', inputmode: 'email' },
  phoneNumber: { name: 'phoneNumber', autocomplete: 'tel', type: 'tel', inputmode: 'tel' },
  streetAddress: { name: 'streetAddress', autocomplete: 'address-line1', type: 'text' },
  streetAddress2: { name: 'streetAddress2', autocomplete: 'address-line2', type: 'text', optional: true },
  city: { name: 'city', autocomplete: 'address-level2', type: 'text' },
  state: { name: 'state', autocomplete: 'address-level1', type: 'text', optional: true },
  postalCode: { name: 'postalCode', autocomplete: 'postal-code', type: 'text' },
  country: { name: 'country', autocomplete: 'country', type: 'select' },
};

export const CUSTOMER_FIELDS: readonly FieldDescriptor[] = [FIELDS.firstName, FIELDS.lastName, FIELDS.email, FIELDS.phoneNumber];

/**
 * The billing address takes its name, email and phone from the customer block (Local choice: nobody should type
 * their name twice); a different shipping recipient gets their own name and phone. Title appears only when a
 * provider's requiredFields ask for it; region is never asked, it comes from the country (see order-form.ts).
 */
export function addressFields(section: Exclude<Section, 'customer'>, withTitle: boolean): FieldDescriptor[] {
  const recipient = section === 'shippingAddress' ? [FIELDS.firstName, FIELDS.lastName, FIELDS.phoneNumber] : [];
  return [
    ...(withTitle ? [FIELDS.title] : []),
    ...recipient,
    FIELDS.streetAddress,
    FIELDS.streetAddress2,
    FIELDS.city,
    FIELDS.state,
    FIELDS.postalCode,
    FIELDS.country,
  ];
}

export function autocompleteFor(section: Section, field: FieldDescriptor): string {
  if (section === 'customer') return field.autocomplete;
  return `${section === 'billingAddress' ? 'billing' : 'shipping'} ${field.autocomplete}`;
}

/** "billingAddress.city": the same dotted path the BFF uses in its field errors. */
export const fieldPath = (section: Section, name: FieldName): string => `${section}.${name}`;
