// The one demo shopper of the node tests: the contract tests complete it into the upstream's address form, the
// BFF and e2e tests send it as the widget would.
export const customer = {
  firstName: 'Amal',
  lastName: 'Haddad',
  email: 'amal@example.com',
  phoneNumber: '+971 50 123 4567',
};

/** A billing address as a shopper gives it: no line 2, state, region or postal code (the UAE has none). */
export const address = {
  ...customer,
  streetAddress: '12 Al Wasl Road',
  city: 'Dubai',
  country: 'AE',
};
