// The checkout page the BFF hosts for a session (pay by link): its address comes with the session and with a signed
// return, and it shows who the shopper pays, the cart and the total, in the session's language and direction, with
// the element for the session under a CSP of its own nonce. An unknown session gets the plain not-found page.
import { beforeAll, describe, expect, it } from 'vitest';
import { readWidgetBundle, type WidgetBundle } from '../../../bff/http/widget-asset.js';
import { ensureWidgetBuilt } from '../../../demo/storefront/widget-build.js';
import { call, createSession, json, merchant, shopper, cart } from '../../support/checkout.js';
import { destination, followReturn, getOrder } from '../../support/after-payment-harness.js';
import { useCheckoutStack } from '../../support/stack.js';
import type { TestBff } from '../../support/servers.js';

const stack = useCheckoutStack({ bff: 'none' });
let bff: TestBff;
let bundle: WidgetBundle;

beforeAll(async () => {
  await ensureWidgetBuilt();
  bundle = readWidgetBundle()!;
  bff = await stack.startBff({
    widgetBundle: bundle,
    env: { OPI_MERCHANT_NAME: 'Lantern & Linen', OPI_MERCHANT_LOGO_URL: 'https://cdn.shop.example/logo.svg' },
  });
}, 120_000);

describe('the hosted checkout page', () => {
  it('comes with the session: who is paid, the cart and its total, and the element for the session', async () => {
    const created = await call(`${bff.url}/v1/checkout-sessions`, json('POST', cart({ discountAmount: 10 }), merchant));
    const { id, checkoutUrl } = created.body;
    expect(checkoutUrl).toBe(`${bff.url}/pay/${id}`);

    const page = await call(checkoutUrl);
    expect([page.status, page.headers.get('content-type'), page.headers.get('cache-control')]).toEqual([
      200,
      'text/html; charset=utf-8',
      'no-store',
    ]);
    const csp = page.headers.get('content-security-policy')!;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    expect(csp).toBe(
      `default-src 'none'; script-src 'nonce-${nonce}' ${bff.url}; style-src 'nonce-${nonce}'; ` +
        `img-src ${bff.url} https: https://cdn.shop.example ${stack.sandbox.url}; connect-src ${bff.url}; ` +
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(page.text).toContain('<html lang="en-AE" dir="ltr">');
    expect(page.text).toContain('<title>Pay Lantern &amp; Linen</title>');
    expect(page.text).toContain('<img src="https://cdn.shop.example/logo.svg" alt="Lantern &amp; Linen">');
    const summary = [...page.text.matchAll(/<dt[^>]*>([^<]+)<\/dt><dd[^>]*>([^<]+)<\/dd>/g)].map(([, label, amount]) =>
      `${label} ${amount}`.replace(/\s/g, ' '),
    );
    expect(summary).toEqual([
      'Linen shirt × 2 AED 129.00',
      'Shipping AED 7.99',
      'Tax AED 6.90',
      'Discount -AED 10.00',
      'Total AED 133.89',
    ]);
    expect(page.text).toContain(`<opi-checkout session="${id}" api-base="${bff.url}"></opi-checkout>`);
    const script = bundle.get('opi-checkout.js')!;
    const module =
      /<script type="module" src="([^"]+)" integrity="([^"]+)" crossorigin="anonymous" nonce="([^"]+)">/.exec(
        page.text,
      );
    expect(module?.slice(1)).toEqual([expect.stringMatching(/\/opi-checkout\.js\?v=\w+$/), script.sri, nonce]);
    expect(module?.[1]?.startsWith(`${bff.url}/`)).toBe(true);
    expect(page.text).toContain(`<script nonce="${nonce}">window.litNonce = '${nonce}';</script>`);
    // Each response its own nonce.
    expect((await call(checkoutUrl)).headers.get('content-security-policy')).not.toContain(nonce);
  });

  it("speaks the session's language, right to left for Arabic", async () => {
    const id = await createSession(bff.url, { locale: 'ar_AE' });
    const page = await call(`${bff.url}/pay/${id}`);
    expect(page.text).toContain('<html lang="ar-AE" dir="rtl">');
    expect(page.text).toContain('<h2 id="summary">طلبك</h2>');
    expect(page.headers.get('content-language')).toBe('ar-AE');
  });

  it('an unknown or malformed session gets the plain not-found page', async () => {
    for (const id of ['cs_AAAAAAAAAAAAAAAAAAAAAA', 'not-a-session', '']) {
      const page = await call(`${bff.url}/pay/${id}`);
      expect([page.status, page.headers.get('content-type')], id).toEqual([404, 'text/html; charset=utf-8']);
      expect(page.text).not.toContain('<opi-checkout');
    }
  });

  it('a signed return and the order carry the way back to paying for the session; an unsigned return does not', async () => {
    const id = await createSession(bff.url);
    const placed = await call(`${bff.url}/v1/checkout-sessions/${id}/orders`, json('POST', shopper()));
    const { redirectTo } = await stack.sandbox.decide(placed.body.orderReference, { outcome: 'decline' });
    expect(destination(await followReturn(redirectTo)).query.checkoutUrl).toBe(`${bff.url}/pay/${id}`);
    // The merchant's read of the order gives it too.
    expect((await getOrder(bff.url, placed.body.orderReference)).body.checkoutUrl).toBe(`${bff.url}/pay/${id}`);
    const unsigned = new URL(redirectTo);
    unsigned.searchParams.set('hash', 'forged');
    expect(destination(await followReturn(unsigned.href)).query).not.toHaveProperty('checkoutUrl');
  });

  it('a session that can no longer be paid says so, with a link back to the shop', async () => {
    const later = await stack.startBff({ widgetBundle: bundle, now: () => new Date(Date.now() + 2 * 3_600_000) });
    const expired = await createSession(bff.url, { returnUrl: 'https://shop.example/checkout/done?x=1' });
    const gone = await call(`${later.url}/pay/${expired}`);
    expect(gone.status).toBe(410);
    expect(gone.text).toContain('<h1>This checkout has expired</h1>');
    expect(gone.text).toContain('<a href="https://shop.example/">Back to the shop</a>');
    expect(gone.text).not.toContain('<opi-checkout');

    const paid = await createSession(bff.url, { locale: 'de_AE' });
    const placed = await call(`${bff.url}/v1/checkout-sessions/${paid}/orders`, json('POST', shopper()));
    await followReturn((await stack.sandbox.decide(placed.body.orderReference, { outcome: 'approve' })).redirectTo);
    const done = await call(`${bff.url}/pay/${paid}`);
    expect([done.status, done.headers.get('content-language')]).toEqual([409, 'de-AE']);
    expect(done.text).toContain('<h1>Dieser Bezahlvorgang ist abgeschlossen</h1>');
    expect(done.text).toContain('<a href="https://shop.example/">Zurück zum Shop</a>');
  });
});
