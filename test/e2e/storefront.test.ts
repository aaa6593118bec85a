// The storefront's server over real HTTP (no browser): what a merchant page must send, what it must never leak,
// and what it must not trust. The BFF and the sandbox behind it are real.
import { describe, expect, it } from 'vitest';
import { cartTotals } from '../../demo/storefront/cart.js';
import { findMarket, PRODUCTS } from '../../demo/storefront/catalogue.js';
import { toMajor } from '../../shared/money.js';
import { createSession, shopper } from '../support/checkout.js';
import { DEV_MERCHANT_KEY } from '../support/servers.js';
import { useStack } from './use-stack.js';

const e2e = useStack({ browser: false });

const get = (path: string, cookie = '') =>
  fetch(`${e2e.stack.shopUrl}${path}`, { headers: { cookie }, redirect: 'manual' });

/** Opens the checkout page for a cart cookie and returns the page and the session id the server created. */
async function checkoutPage(cookie: string): Promise<{ html: string; headers: Headers; sessionId: string }> {
  const response = await get('/checkout', cookie);
  expect(response.status).toBe(200);
  const html = await response.text();
  const sessionId = /<opi-checkout session="([^"]+)"/.exec(html)?.[1];
  expect(sessionId, 'the page embeds the element with its session').toBeTruthy();
  return { html, headers: response.headers, sessionId: sessionId! };
}

async function sessionView(sessionId: string) {
  const response = await fetch(`${e2e.stack.bff.url}/v1/checkout-sessions/${sessionId}`, {
    headers: { origin: e2e.stack.shopUrl },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { amount: number; currency: string; locale: string };
}

/** A shopper's order placed through the widget API for a shop checkout session, as the widget would place it. */
async function placeOrder(cookie: string): Promise<string> {
  const { sessionId } = await checkoutPage(cookie);
  return placeOrderFor(sessionId);
}

async function placeOrderFor(sessionId: string): Promise<string> {
  const response = await fetch(`${e2e.stack.bff.url}/v1/checkout-sessions/${sessionId}/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: e2e.stack.shopUrl },
    body: JSON.stringify(shopper()),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { orderReference: string }).orderReference;
}

const consolePost = (reference: string, action: string, form: Record<string, string>) =>
  fetch(`${e2e.stack.shopUrl}/console/orders/${reference}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });

describe('storefront server', () => {
  it("sends the CSP a merchant page needs: the BFF (and the shop's own coupon script) for script, the BFF for connect, the logo host for images, nothing inline", async () => {
    const { headers } = await checkoutPage('opi_cart=mug:1');
    const csp = headers.get('content-security-policy')!;
    const directive = (name: string) =>
      csp
        .split(';')
        .find((part) => part.trim().startsWith(`${name} `))
        ?.trim();
    const bffOrigin = new URL(e2e.stack.bff.url).origin;
    expect(directive('script-src')).toBe(`script-src 'self' ${bffOrigin}`);
    expect(directive('connect-src')).toBe(`connect-src 'self' ${bffOrigin}`);
    expect(directive('img-src')).toBe(`img-src 'self' ${new URL(e2e.stack.sandbox.url).origin}`);
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
  });

  it('embeds the widget from the BFF with the SRI hash the BFF publishes', async () => {
    const { html } = await checkoutPage('opi_cart=mug:1');
    const published = (await (await fetch(`${e2e.stack.bff.url}/v1/widget`)).json()) as {
      url: string;
      integrity: string;
      preload: { url: string; integrity: string }[];
    };
    const script = /<script type="module" src="([^"]+)" integrity="([^"]+)" crossorigin="anonymous"><\/script>/.exec(
      html,
    );
    expect(script?.[1]).toBe(published.url);
    expect(script?.[2]).toBe(published.integrity);
    expect(published.integrity).toBe(await (await fetch(`${e2e.stack.bff.url}/opi-checkout.js.sri`)).text());
    // The chunks it needs at once are preloaded before it, pinned by their hashes: the form among them.
    const preloads = [
      ...html.matchAll(/<link rel="modulepreload" href="([^"]+)" integrity="([^"]+)" crossorigin="anonymous">/g),
    ].map(([, url, integrity]) => ({ url, integrity }));
    expect(preloads).toEqual(published.preload);
    expect(preloads.some(({ url }) => url!.includes('/opi-checkout-form-'))).toBe(true);
    expect(html.indexOf('rel="modulepreload"')).toBeLessThan(html.indexOf('<script type="module"'));
    expect(html).toContain(`api-base="${e2e.stack.bff.url}"`);
  });

  it('never sends the merchant key to a browser, on any page', async () => {
    for (const path of ['/', '/cart', '/checkout', '/console', '/checkout/result?orderReference=nope']) {
      const response = await get(path, 'opi_cart=lantern:1');
      const text = await response.text();
      expect(text, path).not.toContain(DEV_MERCHANT_KEY);
      expect([...response.headers.values()].join('\n'), path).not.toContain(DEV_MERCHANT_KEY);
    }
  });

  it('prices the session from the catalogue: an edited cart cookie changes what is bought, never what it costs', async () => {
    // 99 lanterns is clamped to 10; an unknown product and a negative quantity are dropped.
    const { sessionId } = await checkoutPage('opi_cart=lantern:99,diamond:1,mug:-3; opi_market=kw');
    const market = findMarket('kw')!;
    const lantern = PRODUCTS.find((product) => product.id === 'lantern')!;
    const expected = cartTotals([{ product: lantern, quantity: 10 }], market).total;
    await expect(sessionView(sessionId)).resolves.toMatchObject({
      currency: 'KWD',
      amount: toMajor(expected, 'KWD'),
      locale: 'en_KW',
    });
    expect(toMajor(expected, 'KWD')).toBe(159); // 10 x 15.750 + 1.500 delivery
  });

  it('passes the shop language to the session as the upstream locale', async () => {
    const { sessionId } = await checkoutPage('opi_cart=mug:2; opi_market=sa; opi_lang=ar');
    await expect(sessionView(sessionId)).resolves.toMatchObject({ currency: 'SAR', locale: 'ar_SA' });
  });

  it.each([
    ['th', 'THB', 'th_TH', 'th-TH'],
    ['vn', 'VND', 'vi_VN', 'vi-VN'],
    ['id', 'IDR', 'id_ID', 'id-ID'],
    ['tw', 'TWD', 'zh_TW', 'zh-TW'],
  ])(
    "in the %s market, the checkout speaks the market's language, whatever the shop's",
    async (id, currency, upstream, tag) => {
      for (const language of ['en', 'ar']) {
        const { html, sessionId } = await checkoutPage(`opi_cart=mug:2; opi_market=${id}; opi_lang=${language}`);
        expect(html).toContain(`locale="${tag}"`);
        await expect(sessionView(sessionId)).resolves.toMatchObject({ currency, locale: upstream });
      }
    },
  );

  it('refuses a form posted from another site', async () => {
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }] as Record<
      string,
      string
    >[]) {
      const response = await fetch(`${e2e.stack.shopUrl}/cart/items`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: 'product=mug&quantity=1',
        redirect: 'manual',
      });
      expect(response.status).toBe(403);
      expect(response.headers.get('set-cookie')).toBeNull();
    }
  });

  it('answers an empty cart at checkout with the cart, and an unknown order with a friendly 404', async () => {
    const empty = await get('/checkout');
    expect(empty.status).toBe(303);
    expect(empty.headers.get('location')).toBe('/cart');
    const unknown = await get('/checkout/result?orderReference=ord_does_not_exist&status=paid');
    expect(unknown.status).toBe(404);
    const text = await unknown.text();
    expect(text).toContain('Page not found');
    expect(text).not.toContain('data-status');
  });

  it('shows the status the BFF verified, not the one in the return URL', async () => {
    const reference = await placeOrder('opi_cart=tote:1');
    const forged = await get(`/checkout/result?orderReference=${reference}&status=paid`, 'opi_cart=tote:1');
    expect(forged.status).toBe(200);
    const html = await forged.text();
    const shown = /data-status="([a-z_]+)"/.exec(html)?.[1];
    expect(shown).toBe((await e2e.stack.order(reference)).status);
    expect(shown).not.toBe('paid');
    // Still open: the page checks again by itself, and the cart is kept.
    expect(html).toContain('<meta http-equiv="refresh"');
    expect(forged.headers.get('set-cookie')).toBeNull();
  });

  it('tells a released authorisation from a payment, in the page title too: nothing was charged', async () => {
    const reference = await placeOrderFor(await createSession(e2e.stack.bff.url, { autoCapture: false }));
    await e2e.stack.sandbox.decide(reference, { outcome: 'approve', mode: 'instant' });
    await e2e.stack.waitForStatus(reference, 'paid');
    const voided = await consolePost(reference, 'void', { amount: '', idempotencyKey: 'console-test-key-5' });
    expect(voided.status).toBe(303);

    const html = await (await get(`/checkout/result?orderReference=${reference}`)).text();
    expect(/data-shown="([a-z_]+)"/.exec(html)?.[1]).toBe('voided');
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toMatch(/^Your payment authorisation was released\b/);
    expect(html).toContain('You have not been charged.');
    expect(html).not.toContain('is paid');
  });

  it("tells a checkout's second payment, held for refund, why it is held (not that the amount is wrong)", async () => {
    const sessionId = await createSession(e2e.stack.bff.url);
    const first = await placeOrderFor(sessionId);
    const second = (await (
      await fetch(`${e2e.stack.bff.url}/v1/checkout-sessions/${sessionId}/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: e2e.stack.shopUrl },
        body: JSON.stringify(shopper({ bnplProvider: 'TAMARA_AE' })),
      })
    ).json()) as { orderReference: string };
    for (const reference of [first, second.orderReference]) {
      await e2e.stack.sandbox.decide(reference, { outcome: 'approve', mode: 'instant' });
    }
    await e2e.stack.waitForStatus(second.orderReference, 'on_hold');

    const html = await (await get(`/checkout/result?orderReference=${second.orderReference}`)).text();
    expect(html).toContain('This checkout had already been paid: this second payment is held, to be refunded.');
    expect(html).not.toContain('does not match');
    // The merchant's console says why it is held, and offers the refund the API takes for it.
    const console = await (await get(`/console/orders/${second.orderReference}`)).text();
    expect(console).toMatch(/data-fact="hold-reason">a second payment of a checkout already paid/);
    expect(console).toContain('id="refunds-form-amount"');
  });

  it('console: the same form submitted twice refunds once (its Idempotency-Key is in the form)', async () => {
    const reference = await placeOrder('opi_cart=lantern:1');
    await e2e.stack.sandbox.decide(reference, { outcome: 'approve', mode: 'instant' });
    await e2e.stack.waitForStatus(reference, 'paid');

    const form = { amount: '20.5', description: 'Late delivery', idempotencyKey: 'console-test-key-1' };
    const [first, second] = await Promise.all([
      consolePost(reference, 'refunds', form),
      consolePost(reference, 'refunds', form),
    ]);
    expect([first.status, second.status]).toEqual([303, 303]);
    expect(first.headers.get('location')).toBe(`/console/orders/${reference}`);
    const order = await e2e.stack.order(reference);
    expect(order.refunds).toHaveLength(1);
    expect(order).toMatchObject({ refundedAmount: 20.5, refundableAmount: 183.5 });
  });

  it('console: an amount that is not a number is refused before it reaches the BFF', async () => {
    const reference = await placeOrder('opi_cart=mug:2');
    await e2e.stack.sandbox.decide(reference, { outcome: 'approve', mode: 'instant' });
    await e2e.stack.waitForStatus(reference, 'paid');
    const response = await consolePost(reference, 'refunds', {
      amount: '12,50; drop table',
      idempotencyKey: 'console-test-key-2',
    });
    expect(response.status).toBe(303);
    const flash = decodeURIComponent(
      /opi_console_flash=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? '',
    );
    expect(JSON.parse(flash)).toMatchObject({
      kind: 'error',
      message: expect.stringContaining('enter the amount as a number'),
    });
    await expect(e2e.stack.order(reference)).resolves.toMatchObject({ refundedAmount: 0 });
  });

  it('console: capture part of an authorised order, then void the rest', async () => {
    // The shop's own sessions capture at payment; a merchant that ships later authorises only (143.89 AED).
    const reference = await placeOrderFor(await createSession(e2e.stack.bff.url, { autoCapture: false }));
    await e2e.stack.sandbox.decide(reference, { outcome: 'approve', mode: 'instant' });
    await expect(e2e.stack.waitForStatus(reference, 'paid')).resolves.toMatchObject({
      capturedAmount: 0,
      voidedAmount: 0,
    });

    const page = async () => (await get(`/console/orders/${reference}`)).text();
    expect(await page()).toContain('id="capture-form-amount"');
    // The order list never shows an authorisation as plain "paid".
    const list = await (await get('/console')).text();
    expect(list).toMatch(
      new RegExp(
        `${reference}</a></th>[\\s\\S]*?badge-paid">paid</span> <span[^>]*data-payment="authorised">authorised only`,
      ),
    );
    expect(
      (await consolePost(reference, 'capture', { amount: '100', idempotencyKey: 'console-test-key-3' })).status,
    ).toBe(303);
    expect((await consolePost(reference, 'void', { amount: '', idempotencyKey: 'console-test-key-4' })).status).toBe(
      303,
    );

    await expect(e2e.stack.order(reference)).resolves.toMatchObject({
      paidAmount: 143.89,
      capturedAmount: 100,
      voidedAmount: 43.89,
    });
    const after = await page();
    expect(after).toContain('Nothing is left to capture or void.');
    expect(after).not.toContain('id="capture-form-amount"');
  });
});
