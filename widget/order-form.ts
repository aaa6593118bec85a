// The shopper's entries, what the chosen provider and the cart ask for, and the order built from them. Validation
// is the BFF's own placeOrderRequestSchema, so the widget refuses exactly what the BFF would refuse.
import { withAddressDefaults } from '../shared/address.js';
import { placeOrderRequestSchema, type PlaceOrderRequest } from '../shared/checkout-api.js';
import type { ErrorKind } from './i18n/index.js';
import { addressFields, CUSTOMER_FIELDS, fieldPath, type FieldDescriptor, type Section } from './form-fields.js';
import type { CheckoutSession, Provider } from './session-model.js';

/** Text entered per dotted path ("customer.email", "billingAddress.city", "shippingMethod"). */
export type Values = Record<string, string>;

export type Problem = { kind: ErrorKind } | { kind: 'tooLong'; max: number } | { kind: 'rejected'; message: string };

export interface FormShape {
  shipping: boolean;
  shippingMethod: boolean;
  /** The provider's requiredFields, for the optional fields they make required (title, state, line 2). */
  requested: ReadonlySet<string>;
}

const CONTACT = new Set(['firstName', 'lastName', 'email', 'phoneNumber']);
/** Optional fields a provider can make required through requiredFields. Other paths it names are always asked. */
const REQUESTABLE = new Set(['title', 'state', 'streetAddress2']);
const DEFAULT_SHIPPING_METHOD = 'delivery';

export function formShape(session: CheckoutSession, provider: Provider): FormShape {
  const requested = new Set(provider.requiredFields);
  const shipping =
    session.requiresShipping ||
    provider.requiresShippingAddress ||
    provider.requiredFields.some((path) => path === 'shippingAddress' || path.startsWith('shippingAddress.'));
  // A shipping method the merchant already chose is the BFF's to send; the shopper is asked only when it is open.
  const shippingMethod = !session.shippingMethod && (session.requiresShipping || requested.has('shippingMethod'));
  return { shipping, shippingMethod, requested };
}

/**
 * Where a path is shown: the billing contact is the customer block, and a shipping address that is the billing
 * one is shown as billing. Used for the widget's own issues and for the BFF's field errors alike.
 */
export function visiblePath(path: string, sameAsBilling: boolean): string {
  const [section, name = ''] = path.split('.', 2) as [string, string?];
  if (section === 'shippingAddress' && name === 'email') return 'customer.email';
  if (section === 'shippingAddress' && sameAsBilling) return visiblePath(`billingAddress.${name}`, false);
  if (section === 'billingAddress' && CONTACT.has(name)) return `customer.${name}`;
  return path;
}

/** Visible paths of the optional fields (title, state, line 2) the provider makes required. */
export function requestedFields(shape: FormShape, sameAsBilling: boolean): Set<string> {
  const paths = [...shape.requested].filter((path) => {
    const [section, name = ''] = path.split('.', 2);
    return REQUESTABLE.has(name) && (section === 'billingAddress' || (section === 'shippingAddress' && shape.shipping));
  });
  return new Set(paths.map((path) => visiblePath(path, sameAsBilling)));
}

export interface FormLayout {
  customer: readonly FieldDescriptor[];
  billing: readonly FieldDescriptor[];
  /** The "same as billing" switch is shown. */
  shipping: boolean;
  /** Separate shipping fields; empty while the shipping address is the billing one. */
  shippingFields: readonly FieldDescriptor[];
  shippingMethod: boolean;
  requested: ReadonlySet<string>;
}

/** Which fields the form shows now; the renderer and the placing of the BFF's field errors both follow it. */
export function formLayout(shape: FormShape, sameAsBilling: boolean): FormLayout {
  const requested = requestedFields(shape, sameAsBilling);
  return {
    customer: CUSTOMER_FIELDS,
    billing: addressFields('billingAddress', requested.has('billingAddress.title')),
    shipping: shape.shipping,
    shippingFields:
      shape.shipping && !sameAsBilling ? addressFields('shippingAddress', requested.has('shippingAddress.title')) : [],
    shippingMethod: shape.shippingMethod,
    requested,
  };
}

export function layoutPaths(layout: FormLayout): Set<string> {
  return new Set([
    ...layout.customer.map((field) => fieldPath('customer', field.name)),
    ...layout.billing.map((field) => fieldPath('billingAddress', field.name)),
    ...layout.shippingFields.map((field) => fieldPath('shippingAddress', field.name)),
    ...(layout.shippingMethod ? ['shippingMethod'] : []),
  ]);
}

function flatten(section: Section, entries: Record<string, string | undefined> | undefined, into: Values): void {
  for (const [name, value] of Object.entries(entries ?? {})) if (value) into[`${section}.${name}`] = value;
}

/** Prefill from the session under what the shopper already typed (a reload never loses an entry). */
export function initialValues(session: CheckoutSession, current: Values): Values {
  const { customer, billingAddress, shippingAddress } = session.prefill;
  const values: Values = {
    'billingAddress.country': session.country,
    'shippingAddress.country': session.country,
    shippingMethod: DEFAULT_SHIPPING_METHOD,
  };
  flatten('billingAddress', billingAddress, values);
  flatten('shippingAddress', shippingAddress, values);
  for (const name of CONTACT) {
    const fromBilling = values[`billingAddress.${name}`];
    if (fromBilling) values[`customer.${name}`] = fromBilling;
  }
  flatten('customer', customer, values);
  for (const [path, value] of Object.entries(current)) if (value) values[path] = value;
  return values;
}

/** A prefilled shipping address other than the billing one starts with "same as billing" off. */
export function initialSameAsBilling(session: CheckoutSession): boolean {
  const { billingAddress, shippingAddress } = session.prefill;
  return !shippingAddress?.streetAddress || shippingAddress.streetAddress === billingAddress?.streetAddress;
}

function section(values: Values, name: Section): Record<string, string> {
  const prefix = `${name}.`;
  const entries = Object.entries(values).filter(([path]) => path.startsWith(prefix));
  return Object.fromEntries(entries.map(([path, value]) => [path.slice(prefix.length), value]));
}

function buildBody(provider: Provider, values: Values, shape: FormShape, sameAsBilling: boolean): Record<string, unknown> {
  const entered = section(values, 'customer');
  const customer = Object.fromEntries([...CONTACT].map((name) => [name, entered[name] ?? '']));
  const billingAddress = { ...section(values, 'billingAddress'), ...customer };
  const shippingAddress = sameAsBilling
    ? billingAddress
    : { ...section(values, 'shippingAddress'), email: customer['email'] ?? '' };
  return {
    bnplProvider: provider.name,
    customer,
    billingAddress,
    ...(shape.shipping ? { shippingAddress } : {}),
    ...(shape.shippingMethod ? { shippingMethod: values['shippingMethod'] } : {}),
  };
}

function problemFor(code: string, name: string, raw: string, maximum: unknown): Problem {
  if (!raw.trim()) return { kind: 'required' };
  if (code === 'too_big') return { kind: 'tooLong', max: Number(maximum) };
  if (name === 'email') return { kind: 'email' };
  if (name === 'phoneNumber') return { kind: 'phone' };
  if (name === 'country') return { kind: 'country' };
  if (name === 'shippingMethod') return { kind: 'choice' };
  return { kind: 'invalid' };
}

export interface Validation {
  /** The order to send, trimmed, with state and region filled from the country; absent while there are problems. */
  order?: PlaceOrderRequest;
  /** By visible path, in the order the schema reports them. */
  problems: Map<string, Problem>;
}

export function validateOrder(provider: Provider, values: Values, shape: FormShape, sameAsBilling: boolean): Validation {
  const problems = new Map<string, Problem>();
  const report = (path: string, problem: Problem) => {
    if (!problems.has(path)) problems.set(path, problem);
  };
  const result = placeOrderRequestSchema.safeParse(buildBody(provider, values, shape, sameAsBilling));
  for (const issue of result.error?.issues ?? []) {
    const path = visiblePath(issue.path.join('.'), sameAsBilling);
    const maximum = issue.code === 'too_big' ? issue.maximum : undefined;
    report(path, problemFor(issue.code, path.split('.').pop() ?? '', values[path] ?? '', maximum));
  }
  for (const path of requestedFields(shape, sameAsBilling)) {
    if (!values[path]?.trim()) report(path, { kind: 'required' });
  }
  if (!result.success || problems.size > 0) return { problems };
  const { billingAddress, shippingAddress } = result.data;
  return {
    problems,
    order: {
      ...result.data,
      billingAddress: withAddressDefaults(billingAddress),
      ...(shippingAddress ? { shippingAddress: withAddressDefaults(shippingAddress) } : {}),
    },
  };
}
