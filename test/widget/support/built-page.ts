// The page a merchant writes, for the tests of the built module (dist/widget/opi-checkout.js): a Content-Security-Policy
// laid on the page, and a shopper's walk from the tag to the provider's redirect against the stand-in BFF on the test
// server (fake-bff-middleware.mjs).
import { expect, waitUntil } from '@open-wc/testing';
import { placeOrderRequestSchema } from '../../../shared/schemas/checkout-api.js';

export const BUNDLE = '/dist/widget/opi-checkout.js';

interface BuiltElement extends HTMLElement {
  navigate: (url: string) => void;
}

export const inShadow = <T extends Element>(el: Element, selector: string) => el.shadowRoot!.querySelector<T>(selector);

/** Lays `policy` on the page and proves it live; resolves with the violations reported from then on. */
export async function withPolicy(policy: string): Promise<{ violations: string[]; stop: () => void }> {
  const violations: string[] = [];
  // The accessibility checker's own copies of the shadow root's <style> elements are the test's, not the page's.
  const record = (event: SecurityPolicyViolationEvent) => {
    if (!event.sourceFile.includes('/axe-core/')) violations.push(`${event.violatedDirective}: ${event.blockedURI}`);
  };
  document.addEventListener('securitypolicyviolation', record);
  const csp = document.createElement('meta');
  csp.httpEquiv = 'Content-Security-Policy';
  csp.content = policy;
  document.head.append(csp);
  // The policy is live: the page itself may no longer eval (that probe's own report is then set aside).
  expect(() => new Function('return 1')).to.throw(EvalError);
  await new Promise((resolve) => setTimeout(resolve, 50));
  violations.length = 0;
  return { violations, stop: () => document.removeEventListener('securitypolicyviolation', record) };
}

/** One tag, its session read, the shopper's details typed, Pay: the redirect it asks for, with the placed order checked. */
export async function walkToRedirect(session: string): Promise<{ el: BuiltElement; redirects: string[] }> {
  document.body.insertAdjacentHTML('beforeend', `<opi-checkout session="${session}"></opi-checkout>`);
  const el = document.querySelector<BuiltElement>(`opi-checkout[session="${session}"]`)!;
  const redirects: string[] = [];
  el.navigate = (url) => redirects.push(url);
  const ready = new Promise<CustomEvent>((resolve) =>
    el.addEventListener('opi-ready', (event) => resolve(event as CustomEvent), { once: true }),
  );
  expect((await ready).detail).to.deep.equal({ session, providers: ['TABBY_AE'] });
  // The providers are on screen; the form follows with its chunk, asked for beside the session read.
  await waitUntil(() => inShadow(el, '[part~="form"]'), 'the form never came');
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
  const order = orders.at(-1)!;
  expect(order.idempotencyKey).to.match(/^[0-9a-f-]{36}$/);
  expect(placeOrderRequestSchema.safeParse(order.body).success, 'the BFF contract accepts the order').to.equal(true);
  return { el, redirects };
}
