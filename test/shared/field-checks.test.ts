// The widget checks its form without zod (widget/components/opi-checkout/field-checks.ts), from the rules the BFF's
// zod schemas are built from (shared/field-rules.ts). On generated input, both must accept the same values, give
// the same order, and name the same fields with the same kind of error; and an order the widget builds must be one
// the BFF takes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressInputSchema, customerSchema } from '../../shared/schemas/address.js';
import { placeOrderRequestSchema } from '../../shared/schemas/checkout-api.js';
import {
  ADDRESS_INPUT_RULES,
  CUSTOMER_RULES,
  EMAIL_MAX,
  SHIPPING_METHODS,
  TEXT_MAX,
} from '../../shared/field-rules.js';
import { checkAddress, checkCustomer } from '../../widget/components/opi-checkout/field-checks.js';
import { addressFields } from '../../widget/components/opi-checkout/form-fields.js';
import type { ErrorKind } from '../../widget/components/opi-checkout/i18n/index.js';
import {
  formLayout,
  problemFor,
  sectionOf,
  type Values,
  validateOrder,
  visiblePath,
} from '../../widget/components/opi-checkout/order-form.js';
import type { CheckoutSession, Provider } from '../../widget/components/opi-checkout/session-model.js';

const around = (n: number) => fc.integer({ min: n - 2, max: n + 2 });
/** Values a shopper (or a hostile page) might type: edge lengths, whitespace, unicode, shapes of each kind. */
const typed = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('', ' ', '  \t', '\n', '\u00a0', '\u2003 \u3000', '\ufeffAisha', '\u00a0AE'),
  fc.emailAddress(),
  fc.emailAddress().map((email) => `  ${email} `),
  around(EMAIL_MAX).map((n) => `${'a'.repeat(Math.max(1, n - 12))}@example.com`),
  around(TEXT_MAX).map((n) => 'x'.repeat(n)),
  around(TEXT_MAX).map((n) => ` ${'x'.repeat(n)} `),
  // Two UTF-16 units each: both sides count length in units, as the upstream does.
  around(TEXT_MAX).map((n) => '\u{1F600}'.repeat(Math.ceil(n / 2))),
  fc.stringMatching(/^\+?[\d ()-.]{0,22}$/),
  fc.constantFrom('+971 50 123 4567', '(415) 200-1234', '12345', '+1234567890123456', '++971'),
  fc.constantFrom('AE', 'GB', 'UK', 'SA', 'QA', 'HK', 'XK', 'EU', 'ae', ' AE', 'YU', 'ZZ', 'US'),
);

/** Values a shopper would give each field, so that whole forms pass often enough to compare the orders built. */
const PLAUSIBLE: Record<string, fc.Arbitrary<string>> = {
  email: fc.constantFrom('aisha@example.com', ' omar.k+shop@mail.example.ae '),
  phoneNumber: fc.constantFrom('+971 50 123 4567', ' (415) 200-1234 '),
  country: fc.constantFrom('AE', 'GB', 'HK', 'QA', 'SA', 'US', 'IE'),
  postalCode: fc.constantFrom('', 'SW1A 1AA', ' 10001 '),
  streetAddress2: fc.constantFrom('', ' ', 'Apt 4'),
  state: fc.constantFrom('', 'Dubai'),
};
/** Mostly plausible, sometimes anything, rarely absent. */
const typedOrPlausible = (path: string) =>
  fc.option(
    fc.oneof(
      {
        arbitrary: PLAUSIBLE[path.split('.').pop()!] ?? fc.constantFrom('Aisha', ' Omar ', 'محمد', '1 Marina Walk'),
        weight: 30,
      },
      { arbitrary: typed, weight: 1 },
    ),
    { nil: undefined, freq: 60 },
  );

/** A section's entries: each field absent or typed. */
const entries = (rules: Record<string, string>) =>
  fc.record(Object.fromEntries(Object.keys(rules).map((name) => [name, typed])), { requiredKeys: [] }) as fc.Arbitrary<
    Record<string, string>
  >;

/** The fields zod names, once each, in order. */
const fieldsNamed = (issues: readonly { path: PropertyKey[] }[]) => [
  ...new Set(issues.map((issue) => String(issue.path[0]))),
];

function agree(
  schema: {
    safeParse(input: unknown): { success: boolean; data?: unknown; error?: { issues: { path: PropertyKey[] }[] } };
  },
  check: (input: Record<string, string>) => { value?: unknown; invalid?: string[] },
  input: Record<string, string>,
) {
  const zod = schema.safeParse(input);
  const widget = check(input);
  expect(widget.value === undefined, 'refused by one and not the other').toBe(!zod.success);
  if (zod.success) expect(widget.value).toEqual(zod.data);
  else expect(widget.invalid).toEqual(fieldsNamed(zod.error!.issues));
}

describe("the widget's field checks and the shared zod schemas", () => {
  it('agree on the customer block', () => {
    fc.assert(
      fc.property(entries(CUSTOMER_RULES), (input) => agree(customerSchema, checkCustomer, input)),
      {
        numRuns: 3000,
      },
    );
  });

  it('agree on an address, the postal code included', () => {
    fc.assert(
      fc.property(entries(ADDRESS_INPUT_RULES), (input) => agree(addressInputSchema, checkAddress, input)),
      {
        numRuns: 3000,
      },
    );
  });

  it('agree on addresses that pass every field, where only the postal-code rule can differ', () => {
    const valid = fc.record({
      firstName: fc.constantFrom('Aisha', ' Omar '),
      lastName: fc.constant('Khan'),
      email: fc.emailAddress(),
      phoneNumber: fc.constant('+971 50 123 4567'),
      streetAddress: fc.constant('1 Marina Walk'),
      city: fc.constant('Dubai'),
      country: fc.constantFrom('AE', 'GB', 'QA', 'HK', 'SA', 'US', 'IE'),
      postalCode: fc.constantFrom('', ' ', 'SW1A 1AA'),
    });
    fc.assert(
      fc.property(valid, (input) => agree(addressInputSchema, checkAddress, input)),
      { numRuns: 500 },
    );
  });

  it('give the order and the problems the shared schemas give, on any form', () => {
    const provider = { name: 'TABBY_AE', requiredFields: [], requiresShippingAddress: false } as unknown as Provider;
    const path = (section: string) => (name: string) => `${section}.${name}`;
    const form = fc
      .record(
        Object.fromEntries(
          [
            ...Object.keys(CUSTOMER_RULES).map(path('customer')),
            ...addressFields('billingAddress').map(path('billingAddress')),
            ...addressFields('shippingAddress').map(path('shippingAddress')),
          ].map((name) => [name, typedOrPlausible(name)]),
        ),
      )
      .map((entries) =>
        Object.fromEntries(
          Object.entries(entries).filter((entry): entry is [string, string] => entry[1] !== undefined),
        ),
      );
    // The select offers only these, so the widget does not check the method (order-form.ts).
    const chosen = fc.record({ shippingMethod: fc.constantFrom(...SHIPPING_METHODS) });
    const outcomes = { orders: 0, refusals: 0 };
    fc.assert(
      fc.property(form, chosen, fc.boolean(), fc.boolean(), (typedValues, method, requiresShipping, sameAsBilling) => {
        const values: Values = { ...typedValues, ...method };
        const session = { requiresShipping, country: 'AE' } as unknown as CheckoutSession;
        const layout = formLayout(session, provider, sameAsBilling);
        const { order, problems } = validateOrder(provider, values, layout, sameAsBilling);

        // What the form sends, parsed by the BFF's schema, and its issues mapped as the widget maps its own.
        const section = (name: string) => sectionOf(values, name);
        const customer = section('customer');
        const billing = { ...section('billingAddress'), ...customer };
        const shipping = sameAsBilling ? billing : { ...section('shippingAddress'), email: customer.email };
        const zod = placeOrderRequestSchema.safeParse({
          bnplProvider: provider.name,
          customer,
          billingAddress: billing,
          ...(layout.shipping && { shippingAddress: shipping }),
          ...(layout.shippingMethod && { shippingMethod: values.shippingMethod }),
        });
        const expected = new Map<string, ErrorKind>();
        for (const issue of zod.error?.issues ?? []) {
          const shown = visiblePath(issue.path.slice(0, 2).join('.'), sameAsBilling);
          if (!expected.has(shown)) expected.set(shown, problemFor(shown, values[shown]));
        }
        expect([...problems], 'the fields and kinds shown').toEqual([...expected]);
        expect(order !== undefined, 'the widget and the BFF disagree on this form').toBe(zod.success);
        if (!zod.success || !order) {
          outcomes.refusals++;
          return;
        }
        outcomes.orders++;
        // The order as the BFF reads it (its address defaults are the BFF's to fill, bff/checkout/placement/).
        expect(order).toEqual(zod.data);
        expect(placeOrderRequestSchema.safeParse(order).success, 'the order the widget sends').toBe(true);
      }),
      { numRuns: 2000 },
    );
    // Both sides of the property were exercised, not only refusals of random text.
    expect(outcomes.orders).toBeGreaterThan(200);
    expect(outcomes.refusals).toBeGreaterThan(200);
  });
});
