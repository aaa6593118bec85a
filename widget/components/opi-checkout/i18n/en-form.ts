// English, the words of the details form and of what follows it (a failure, the order placed): a chunk loaded beside the form's, so the
// first paint does not carry them (every other language ships whole, in its own chunk).
import type { FormStrings } from './strings.js';

const enForm: FormStrings = {
  customerLegend: 'Your details',
  billingLegend: 'Billing address',
  shippingLegend: 'Shipping',
  sameAsBilling: 'Ship to my billing address',
  fields: {
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    phoneNumber: 'Phone number',
    streetAddress: 'Address',
    streetAddress2: 'Apartment, suite, building',
    city: 'City',
    state: 'State or province',
    postalCode: 'Postal code',
    country: 'Country',
    shippingMethod: 'Delivery method',
  },
  optional: '{label} (optional)',
  shippingMethods: {
    delivery: 'Delivery',
    store: 'Pick up in store',
    digital: 'Digital delivery',
    pickup: 'Pick-up point',
  },
  pay: 'Pay {amount} with {provider}',
  totalChanged: 'Order total updated: {amount}',
  submitting: 'Placing your order…',
  redirecting: 'Taking you to {provider}…',
  handedOff: 'Your order is placed. Continue with {provider}.',
  errors: {
    required: 'Fill in this field.',
    email: 'Enter an email address like name@example.com.',
    phone: 'Enter a phone number with {min} to {max} digits.',
    country: 'Choose a country.',
    choice: 'Choose one of the options.',
    invalid: 'Check this field.',
  },
  fixFields: { one: '{count} field needs your attention.', other: '{count} fields need your attention.' },
  failures: {
    session_expired: 'This checkout has expired. Start again from the shop.',
    session_completed: 'This checkout is already complete.',
    session_not_found: 'This checkout does not exist. Start again from the shop.',
    generic: 'Something went wrong. Try again.',
    stopped: 'The checkout cannot continue. Contact the shop.',
    provider_not_eligible: 'This payment option cannot take this order. Choose another.',
    provider_not_eligible_alone: 'This payment option cannot take this order.',
    session_changed: 'Your order total has changed. Check it, then pay again.',
    session_exhausted: 'Too many attempts. Start again from the shop.',
    upstream_unavailable: 'The payment provider did not answer. Try again.',
    upstream_timeout: 'The payment provider did not answer. Try again.',
    unsafe_redirect: 'We could not continue to the payment provider.',
  },
};

export default enForm;
