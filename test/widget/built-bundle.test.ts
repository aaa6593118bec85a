// The page a merchant writes: the built module (dist/widget/opi-checkout.js) and one tag, under a strict
// Content-Security-Policy, against the stand-in BFF on the test server (support/fake-bff-middleware.mjs).
import { expect, waitUntil } from '@open-wc/testing';
import { placeOrderRequestSchema } from '../../shared/schemas/checkout-api.js';

const BUNDLE = '/dist/widget/opi-checkout.js';

interface BuiltElement extends HTMLElement {
  navigate: (url: string) => void;
}

const inShadow = <T extends Element>(el: Element, selector: string) => el.shadowRoot!.querySelector<T>(selector);

describe('the built bundle on a page with one tag', () => {
  const violations: string[] = [];
  const record = (event: SecurityPolicyViolationEvent) =>
    violations.push(`${event.violatedDirective}: ${event.blockedURI}`);

  before(async () => {
    document.addEventListener('securitypolicyviolation', record);
    // No inline script or style, no eval, requests only to this origin: what a careful merchant page sends.
    const csp = document.createElement('meta');
    csp.httpEquiv = 'Content-Security-Policy';
    csp.content =
      "script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; object-src 'none'; base-uri 'none'";
    document.head.append(csp);
    // The policy is live: the page itself may no longer eval (that probe's own report is then set aside).
    expect(() => new Function('return 1')).to.throw(EvalError);
    await new Promise((resolve) => setTimeout(resolve, 50));
    violations.length = 0;
    await import(/* @vite-ignore */ BUNDLE);
  });

  after(() => document.removeEventListener('securitypolicyviolation', record));

  it('registers once: loading the file a second time does not throw', async () => {
    const first = customElements.get('opi-checkout');
    expect(first).to.be.a('function');
    await import(/* @vite-ignore */ `${BUNDLE}?second-copy`);
    expect(customElements.get('opi-checkout')).to.equal(first);
  });

  it('goes from the tag to the provider redirect, accessible and within the CSP', async () => {
    document.body.insertAdjacentHTML('beforeend', '<opi-checkout session="cs_built"></opi-checkout>');
    const el = document.querySelector<BuiltElement>('opi-checkout')!;
    const redirects: string[] = [];
    el.navigate = (url) => redirects.push(url);
    const ready = new Promise<CustomEvent>((resolve) =>
      el.addEventListener('opi-ready', (event) => resolve(event as CustomEvent), { once: true }),
    );
    expect((await ready).detail).to.deep.equal({ session: 'cs_built', providers: ['TABBY_AE'] });
    await expect(el).to.be.accessible();

    const type = (name: string, value: string) => {
      const input = inShadow<HTMLInputElement>(el, `[name="${name}"]`)!;
      input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    };
    type('customer.firstName', 'Aisha');
    type('customer.lastName', 'Khan');
    type('customer.email', 'aisha@example.com');
    type('customer.phoneNumber', '+971 50 123 4567');
    type('billingAddress.streetAddress', '1 Marina Walk');
    type('billingAddress.city', 'Dubai');
    type('billingAddress.postalCode', '00000');
    await waitUntil(() => inShadow(el, '[part~="submit"]')?.textContent?.includes('Tabby'));
    await expect(el).to.be.accessible();

    const created = new Promise<CustomEvent>((resolve) =>
      el.addEventListener('opi-order-created', (event) => resolve(event as CustomEvent), { once: true }),
    );
    inShadow<HTMLButtonElement>(el, '[part~="submit"]')!.click();
    expect((await created).detail).to.deep.equal({
      orderReference: 'ord_built',
      redirectUrl: 'https://provider.example/pay/ord_built',
    });
    await waitUntil(() => redirects.length === 1, 'the widget did not redirect');
    expect(redirects).to.deep.equal(['https://provider.example/pay/ord_built']);

    const orders = (await (await fetch('/__fake-bff/orders')).json()) as { idempotencyKey?: string; body: unknown }[];
    expect(orders).to.have.length(1);
    expect(orders[0]!.idempotencyKey).to.match(/^[0-9a-f-]{36}$/);
    expect(placeOrderRequestSchema.safeParse(orders[0]!.body).success, 'the BFF contract accepts the order').to.equal(
      true,
    );
    expect(violations, 'CSP violations').to.deep.equal([]);
    el.remove();
  });
});
