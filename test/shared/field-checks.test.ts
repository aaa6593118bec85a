// The widget checks its form without zod (widget/components/opi-checkout/field-checks.ts), from the rules the BFF's
// zod schemas are built from (shared/field-rules.ts). On generated input, both must accept the same values, give
// the same order, and name the same fields; and an order the widget builds must be one the BFF takes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressInputSchema, customerSchema } from '../../shared/address.js';
import { placeOrderRequestSchema } from '../../shared/checkout-api.js';
import { ADDRESS_INPUT_RULES, CUSTOMER_RULES, EMAIL_MAX, TEXT_MAX } from '../../shared/field-rules.js';
import { checkAddress, checkCustomer } from '../../widget/components/opi-checkout/field-checks.js';
import { formLayout, validateOrder } from '../../widget/components/opi-checkout/order-form.js';
import type { CheckoutSession, Provider } from '../../widget/components/opi-checkout/session-model.js';

const around = (n: number) => fc.integer({ min: n - 2, max: n + 2 });
/** Values a shopper (or a hostile page) might type: edge lengths, whitespace, unicode, shapes of each kind. */
const typed = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('', ' ', '  \t', '\n'),
  fc.emailAddress(),
  fc.emailAddress().map((email) => `  ${email} `),
  around(EMAIL_MAX).map((n) => `${'a'.repeat(Math.max(1, n - 12))}@example.com`),
  around(TEXT_MAX).map((n) => 'x'.repeat(n)),
  around(TEXT_MAX).map((n) => ` ${'x'.repeat(n)} `),
  fc.stringMatching(/^\+?[\d ()-.]{0,22}$/),
  fc.constantFrom('+971 50 123 4567', '(415) 200-1234', '12345', '+1234567890123456', '++971'),
  fc.constantFrom('AE', 'GB', 'UK', 'SA', 'QA', 'HK', 'XK', 'EU', 'ae', ' AE', 'YU', 'ZZ', 'US'),
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

  it('build only orders the BFF takes, and every order the BFF would take from the form', () => {
    const provider = { name: 'TABBY_AE', requiredFields: [], requiresShippingAddress: false } as unknown as Provider;
    const session = { requiresShipping: true, country: 'AE' } as unknown as CheckoutSession;
    const form = fc.record(
      Object.fromEntries(
        [
          ...Object.keys(CUSTOMER_RULES).map((name) => `customer.${name}`),
          ...['streetAddress', 'streetAddress2', 'city', 'state', 'postalCode', 'country'].map(
            (name) => `billingAddress.${name}`,
          ),
        ].map((path) => [path, typed]),
      ),
      { requiredKeys: [] },
    ) as fc.Arbitrary<Record<string, string>>;
    fc.assert(
      fc.property(form, (values) => {
        const { order } = validateOrder(provider, values, formLayout(session, provider, true), true);
        const section = (name: string) =>
          Object.fromEntries(
            Object.entries(values)
              .filter(([path]) => path.startsWith(`${name}.`))
              .map(([path, value]) => [path.slice(name.length + 1), value]),
          );
        const billing = { ...section('billingAddress'), ...section('customer') };
        const raw = {
          bnplProvider: 'TABBY_AE',
          customer: section('customer'),
          billingAddress: billing,
          shippingAddress: billing,
        };
        expect(order !== undefined, 'the widget and the BFF disagree on this form').toBe(
          placeOrderRequestSchema.safeParse(raw).success,
        );
        if (order) expect(placeOrderRequestSchema.safeParse(order).success).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
