// The shopper's entries, what the chosen provider and the cart ask for, and the order built from them. Validation
// is the BFF's own placeOrderRequestSchema, so the widget refuses exactly what the BFF would refuse.
import { withAddressDefaults } from '../shared/address.js';
import { placeOrderRequestSchema, type PlaceOrderRequest } from '../shared/checkout-api.js';
import { addressFields, type FieldName } from './form-fields.js';
import type { ErrorKind } from './i18n/index.js';
import type { CheckoutSession, Provider } from './session-model.js';

/** Text entered per dotted path ("customer.email", "billingAddress.city", "shippingMethod"). */
export type Values = Record<string, string>;

export type Problem = { kind: ErrorKind } | { kind: 'tooLong'; max: number } | { kind: 'rejected'; message: string };

const CONTACT = ['firstName', 'lastName', 'email', 'phoneNumber'];

/**
 * Where a path is shown: the billing contact is the customer block, and a shipping address that is the billing
 * one is shown as billing. Used for the widget's own issues and for the BFF's field errors alike.
 */
export function visiblePath(path: string, sameAsBilling: boolean): string {
  const [section, name = ''] = path.split('.');
  if (section === 'shippingAddress' && (name === 'email' || sameAsBilling)) return visiblePath(`billingAddress.${name}`, false);
  return section === 'billingAddress' && CONTACT.includes(name) ? `customer.${name}` : path;
}

export interface FormLayout {
  billing: FieldName[];
  /** The "ship to my billing address" switch is shown. */
  shipping: boolean;
  /** Fields of a shipping address other than the billing one; none while it is the billing one. */
  shippingFields: FieldName[];
  shippingMethod: boolean;
  /** Visible paths of the optional fields (title, state, line 2) the provider's requiredFields make required. */
  requested: Set<string>;
}

/** Which fields the form shows for this cart and provider. */
export function formLayout(session: CheckoutSession, provider: Provider, sameAsBilling: boolean): FormLayout {
  const paths = provider.requiredFields;
  const shipping = session.requiresShipping || provider.requiresShippingAddress || paths.some((path) => path.startsWith('shippingAddress'));
  const requested = new Set(
    paths
      .filter((path) => /^(billing|shipping)Address\.(title|state|streetAddress2)$/.test(path))
      .map((path) => visiblePath(path, sameAsBilling)),
  );
  return {
    billing: addressFields('billingAddress', requested.has('billingAddress.title')),
    shipping,
    shippingFields: shipping && !sameAsBilling ? addressFields('shippingAddress', requested.has('shippingAddress.title')) : [],
    // A shipping method the merchant already chose is the BFF's to send; the shopper is asked only when it is open.
    shippingMethod: !session.shippingMethod && (session.requiresShipping || paths.includes('shippingMethod')),
    requested,
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
      if (value && (section !== 'customer' || CONTACT.includes(name))) values[`${section}.${name}`] = value;
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

function problemFor(code: string, name: string | undefined, raw: string | undefined, maximum: unknown): Problem {
  if (!raw?.trim()) return { kind: 'required' };
  if (code === 'too_big') return { kind: 'tooLong', max: Number(maximum) };
  const kinds: Record<string, ErrorKind> = { email: 'email', phoneNumber: 'phone', country: 'country', shippingMethod: 'choice' };
  return { kind: kinds[name ?? ''] ?? 'invalid' };
}

export interface Validation {
  /** The order to send, trimmed, with state and region filled from the country; absent while there are problems. */
  order?: PlaceOrderRequest;
  /** By visible path, in the order the schema reports them. */
  problems: Map<string, Problem>;
}

export function validateOrder(provider: Provider, values: Values, layout: FormLayout, sameAsBilling: boolean): Validation {
  const section = (name: string) =>
    Object.fromEntries(
      Object.entries(values)
        .filter(([path]) => path.startsWith(`${name}.`))
        .map(([path, value]) => [path.slice(name.length + 1), value]),
    );
  const customer = section('customer');
  const billingAddress = { ...section('billingAddress'), ...customer };
  const result = placeOrderRequestSchema.safeParse({
    bnplProvider: provider.name,
    customer,
    billingAddress,
    ...(layout.shipping ? { shippingAddress: sameAsBilling ? billingAddress : { ...section('shippingAddress'), email: customer['email'] } } : {}),
    ...(layout.shippingMethod ? { shippingMethod: values['shippingMethod'] } : {}),
  });
  const problems = new Map<string, Problem>();
  for (const issue of result.error?.issues ?? []) {
    const path = visiblePath(issue.path.join('.'), sameAsBilling);
    if (!problems.has(path)) {
      problems.set(path, problemFor(issue.code, path.split('.').pop(), values[path], issue.code === 'too_big' && issue.maximum));
    }
  }
  for (const path of layout.requested) if (!values[path]?.trim() && !problems.has(path)) problems.set(path, { kind: 'required' });
  if (!result.success || problems.size) return { problems };
  const { billingAddress: billing, shippingAddress: shipping } = result.data;
  return {
    problems,
    order: {
      ...result.data,
      billingAddress: withAddressDefaults(billing),
      ...(shipping ? { shippingAddress: withAddressDefaults(shipping) } : {}),
    },
  };
}
