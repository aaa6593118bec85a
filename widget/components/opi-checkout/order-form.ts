// The shopper's entries, what the chosen provider and the cart ask for, and the order built from them. Validation
// uses the rules the BFF's own placeOrderRequestSchema is built from (field-checks.ts), so the widget refuses what
// the BFF would.
import type { PlaceOrderRequest } from '../../../shared/schemas/checkout-api.js';
import { type Checked, checkAddress, checkCustomer } from './field-checks.js';
import { addressFields, CUSTOMER_FIELDS, fieldPath, type FieldName } from './form-fields.js';
import type { ErrorKind } from './i18n/index.js';
import type { CheckoutSession, Provider } from './session-model.js';

/** Text entered per dotted path ("customer.email", "billingAddress.city", "shippingMethod"). */
export type Values = Record<string, string>;

/** One of the customer's fields, which are also the billing address's contact (form-fields.ts). */
const isContact = (name: string) => (CUSTOMER_FIELDS as readonly string[]).includes(name);

/**
 * Where a path is shown: the billing contact is the customer block, and a shipping address that is the billing
 * one is shown as billing. Used for the widget's own issues and for the BFF's field errors alike.
 */
export function visiblePath(path: string, sameAsBilling: boolean): string {
  const [section, name = ''] = path.split('.');
  if (section === 'shippingAddress' && (name === 'email' || sameAsBilling))
    return visiblePath(`billingAddress.${name}`, false);
  return section === 'billingAddress' && isContact(name) ? `customer.${name}` : path;
}

export interface FormLayout {
  billing: FieldName[];
  /** The "ship to my billing address" switch is shown. */
  shipping: boolean;
  /** Fields of a shipping address other than the billing one; none while it is the billing one. */
  shippingFields: FieldName[];
  shippingMethod: boolean;
  /** Visible paths of shown fields the provider's requiredFields ask for: optional ones become required. */
  required: string[];
}

/**
 * Which fields the form shows for this cart and provider. A provider adds the shipping address when it requires
 * one (requiresShippingAddress, which the BFF derives from its requiredFields) and the delivery method when its
 * requiredFields name "shippingMethod"; every other field of the order is always asked (Local choice), and a field
 * the order may leave empty (line 2, state) is required when the provider's requiredFields name it. A required
 * field the form does not show (title) is left to the BFF, so the shopper is never stopped by a field they cannot see.
 */
export function formLayout(session: CheckoutSession, provider: Provider, sameAsBilling: boolean): FormLayout {
  const shipping = session.requiresShipping || provider.requiresShippingAddress;
  const billing = addressFields('billingAddress');
  const shippingFields = shipping && !sameAsBilling ? addressFields('shippingAddress') : [];
  const shown = [
    ...billing.map((name) => fieldPath('billingAddress', name)),
    ...shippingFields.map((name) => fieldPath('shippingAddress', name)),
  ];
  return {
    billing,
    shipping,
    shippingFields,
    // A shipping method the merchant already chose is the BFF's to send; the shopper is asked only when it is open.
    shippingMethod:
      !session.shippingMethod && (session.requiresShipping || provider.requiredFields.includes('shippingMethod')),
    required: provider.requiredFields
      .map((path) => visiblePath(path, sameAsBilling))
      .filter((path) => shown.includes(path)),
  };
}

/** Prefill from the session under what the shopper already typed (a reload never loses an entry). */
export function initialValues(session: CheckoutSession, current: Values): Values {
  const { customer, billingAddress, shippingAddress } = session.prefill;
  const values: Values = {
    'billingAddress.country': session.country,
    'shippingAddress.country': session.country,
    shippingMethod: 'delivery',
  };
  // Billing first: its contact fields stand in for a customer block the merchant did not prefill.
  for (const [section, entries] of [
    ['billingAddress', billingAddress],
    ['customer', billingAddress],
    ['shippingAddress', shippingAddress],
    ['customer', customer],
  ] as const) {
    for (const [name, value] of Object.entries(entries ?? {})) {
      if (value && (section !== 'customer' || isContact(name))) values[`${section}.${name}`] = value;
    }
  }
  for (const [path, value] of Object.entries(current)) if (value) values[path] = value;
  return values;
}

/** A prefilled shipping address other than the billing one starts with "same as billing" off. */
export function initialSameAsBilling({ prefill }: CheckoutSession): boolean {
  const street = prefill.shippingAddress?.streetAddress;
  return !street || street === prefill.billingAddress?.streetAddress;
}

const KINDS: Record<string, ErrorKind> = {
  email: 'email',
  phoneNumber: 'phone',
  country: 'country',
  shippingMethod: 'choice',
};

/** What is wrong with a field, in the catalogue's terms: empty, or not right for its kind of value. */
export const problemFor = (path: string, raw: string | undefined): ErrorKind =>
  raw?.trim() ? (KINDS[path.split('.').pop()!] ?? 'invalid') : 'required';

/** The entries of one section ("customer", "billingAddress"), by field name. */
export const sectionOf = (values: Values, section: string): Record<string, string> =>
  Object.fromEntries(
    Object.entries(values)
      .filter(([path]) => path.startsWith(`${section}.`))
      .map(([path, value]) => [path.slice(section.length + 1), value]),
  );

export interface Validation {
  /** The order to send, trimmed; absent while there are problems. */
  order?: PlaceOrderRequest;
  /** By visible path, in the order the schemas report them. */
  problems: Map<string, ErrorKind>;
}

/**
 * Checks the shopper's details with the rules the BFF's placeOrderRequestSchema is made of (customerSchema,
 * addressInputSchema: field-checks.ts). The provider comes from the BFF's own list and the shipping method from a select of
 * SHIPPING_METHODS, so the widget does not re-check those two (Local choice: it keeps the bundle within budget).
 */
export function validateOrder(
  provider: Provider,
  values: Values,
  layout: FormLayout,
  sameAsBilling: boolean,
): Validation {
  const section = (name: string) => sectionOf(values, name);
  const customer = section('customer');
  const billing = { ...section('billingAddress'), ...customer };
  const problems = new Map<string, ErrorKind>();
  const check = <T>(name: string, checked: Checked<T>): T | undefined => {
    for (const field of checked.invalid ?? []) {
      const path = visiblePath(`${name}.${field}`, sameAsBilling);
      if (!problems.has(path)) problems.set(path, problemFor(path, values[path]));
    }
    return checked.value;
  };
  // A part is undefined only while it has problems, and then no order leaves this function.
  const order: PlaceOrderRequest = {
    bnplProvider: provider.name,
    customer: check('customer', checkCustomer(customer))!,
    billingAddress: check('billingAddress', checkAddress(billing))!,
  };
  if (layout.shipping) {
    order.shippingAddress = check(
      'shippingAddress',
      checkAddress(sameAsBilling ? billing : { ...section('shippingAddress'), email: customer.email }),
    );
  }
  if (layout.shippingMethod) order.shippingMethod = values.shippingMethod as PlaceOrderRequest['shippingMethod'];
  for (const path of layout.required) if (!values[path]?.trim() && !problems.has(path)) problems.set(path, 'required');
  // State and region, where the shopper left them out, are the BFF's to fill from the country (shared/address-defaults).
  return problems.size ? { problems } : { problems, order };
}
