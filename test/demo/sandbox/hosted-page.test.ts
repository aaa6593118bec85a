import { describe, expect, it } from 'vitest';
import {
  call,
  createOrder,
  expectedHash,
  getToken,
  orderRequest,
  startReceiver,
  startSandbox,
  type OrderSpec,
} from './helpers.js';

async function pageFor(spec: OrderSpec = {}, extra = {}, options = {}) {
  const sandbox = await startSandbox(options);
  const token = await getToken(sandbox);
  const request = orderRequest(spec, extra);
  const order = await createOrder(sandbox, token, request);
  return { sandbox, token, request, order };
}

/** Posts the page's form as a browser would, without following the redirect. */
function submit(url: string, fields: Record<string, string>) {
  return fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
}

describe('GET /pay/:orderToken', () => {
  it('is an accessible page: provider, amount (Intl.NumberFormat), plan, labelled radio groups, a submit button', async () => {
    const { order, request } = await pageFor({ amount: 257.75 }, {}, { pendingSettleMs: 10_000 });
    const response = await fetch(order.redirectUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).toMatch(/^<!doctype html>\n<html lang="en" dir="ltr">/);
    expect(html).toContain('<title>Pay with Tabby</title>');
    expect(html).toContain('<h1>Pay with Tabby</h1>');
    expect(html).toContain(request.orderReference);
    const amount = new Intl.NumberFormat('en-AE', { style: 'currency', currency: 'AED' }).format(257.75);
    expect(html).toContain(`<dd>${amount}</dd>`);
    const instalment = new Intl.NumberFormat('en-AE', { style: 'currency', currency: 'AED' });
    expect(html).toContain(`4 monthly payments: 3 of ${instalment.format(64.43)}, then ${instalment.format(64.46)}`);
    expect(html).toContain(`<form method="post" action="/pay/${order.orderToken}">`);
    expect(html).toContain('<legend>Outcome</legend>');
    expect(html).toContain('<legend>Initial response</legend>');
    expect(html).toContain('after 10 s');
    // Every radio has a label tied to it by id, and the defaults are approve + instant.
    const radios = [
      ...html.matchAll(/<input type="radio" id="([\w-]+)" name="(\w+)" value="(\w+)"[^>]*?( checked)?>/g),
    ];
    expect(radios.map((match) => `${match[2]}=${match[3]}`)).toEqual([
      'outcome=approve',
      'outcome=decline',
      'outcome=cancel',
      'outcome=error',
      'mode=instant',
      'mode=pending',
    ]);
    for (const [, id] of radios) expect(html).toContain(`<label for="${id}">`);
    expect(radios.filter((match) => match[4]).map((match) => match[3])).toEqual(['approve', 'instant']);
    expect(html).toContain('<button type="submit">Complete payment</button>');
    expect(html).not.toContain('<script');
    const logo = /<img src="([^"]+)" alt=""/.exec(html)?.[1];
    expect(logo).toBe('/logos/tabby.svg');
  });

  it('speaks the order’s language, right to left in Arabic, with the amount in its locale and Western digits (ar_SA, KWD)', async () => {
    const arabic = await pageFor({
      provider: 'TAMARA_SA',
      currency: 'SAR',
      country: 'SA',
      locale: 'ar_SA',
      amount: 300,
    });
    const html = await (await fetch(arabic.order.redirectUrl)).text();
    expect(html).toContain(
      new Intl.NumberFormat('ar-SA-u-nu-latn', { style: 'currency', currency: 'SAR' }).format(300),
    );
    expect(html).toMatch(/^<!doctype html>\n<html lang="ar" dir="rtl">/);
    expect(html).toContain('<button type="submit">إتمام الدفع</button>');
    expect(html).toContain('<h1>الدفع عبر Tamara</h1>');
    expect(html).not.toMatch(/[٠-٩]/);
    const kuwait = await pageFor({
      provider: 'TABBY_KW',
      currency: 'KWD',
      country: 'KW',
      locale: 'en_KW',
      amount: 12.5,
    });
    expect(await (await fetch(kuwait.order.redirectUrl)).text()).toContain(
      new Intl.NumberFormat('en-KW', { style: 'currency', currency: 'KWD' }).format(12.5),
    );
  });

  it('escapes what the merchant sent', async () => {
    const { order } = await pageFor({}, { orderReference: '<img src=x onerror=alert(1)>' });
    const html = await (await fetch(order.redirectUrl)).text();
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('answers an unknown token with a 404 page, and another method with 405', async () => {
    const { sandbox, order } = await pageFor();
    for (const path of [
      '/pay/00000000-0000-4000-8000-000000000000',
      '/pay/00000000-0000-4000-8000-000000000000/result',
      '/pay/%ZZ',
    ]) {
      const response = await fetch(`${sandbox.url}${path}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).toContain('<h1>Payment not found</h1>');
    }
    const put = await fetch(order.redirectUrl, { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, POST');
    expect(await put.text()).toContain('<h1>Method not allowed</h1>');
  });
});

describe('POST /pay/:orderToken (the form, as a browser posts it)', () => {
  it('303s to dynamicRedirectUrl with a hash that verifies, and calls back', async () => {
    const receiver = await startReceiver();
    const { sandbox, token, request, order } = await pageFor(
      {},
      {
        dynamicRedirectUrl: 'http://127.0.0.1:8787/v1/returns/abc',
        dynamicCallbackUrl: receiver.url,
      },
    );
    const response = await submit(order.redirectUrl, { outcome: 'approve', mode: 'instant' });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:8787/v1/returns/abc');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      reference: request.orderReference,
      status: 'SUCCESSFUL',
      providerReference: expect.stringMatching(/^[0-9a-f]{10}$/),
      hash: expectedHash(sandbox.credentials.paymentSecret, 'SUCCESSFUL', request.orderReference),
    });
    await sandbox.idle();
    expect(receiver.received[0]).toMatchObject({ event: 'ORDER_ASYNC_CALLBACK', data: { status: 'SUCCESSFUL' } });
    expect((await call(sandbox, `/orders/${request.orderReference}`, { token })).body.status).toBe('SUCCESSFUL');
    // The page now shows the outcome instead of the form, and a second submission changes nothing.
    const again = await fetch(order.redirectUrl);
    expect(await again.text()).toContain('<p role="status"><strong>SUCCESSFUL</strong>');
    const second = await submit(order.redirectUrl, { outcome: 'decline' });
    expect(second.status).toBe(409);
    expect(await second.text()).toContain('already completed');
    expect((await call(sandbox, `/orders/${request.orderReference}`, { token })).body.status).toBe('SUCCESSFUL');
  });

  it('passes PENDING on the redirect for the pending mode', async () => {
    const { sandbox, request, order } = await pageFor({}, { dynamicRedirectUrl: 'https://shop.example/return' });
    const response = await submit(order.redirectUrl, { outcome: 'decline', mode: 'pending' });
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.searchParams.get('status')).toBe('PENDING');
    expect(location.searchParams.get('hash')).toBe(
      expectedHash(sandbox.credentials.paymentSecret, 'PENDING', request.orderReference),
    );
  });

  it('shows its own result page when the order has no dynamicRedirectUrl (local choice)', async () => {
    const { sandbox, request, order } = await pageFor();
    const response = await submit(order.redirectUrl, { outcome: 'cancel' });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(`${sandbox.url}/pay/${order.orderToken}/result`);
    expect(location.searchParams.get('hash')).toBe(
      expectedHash(sandbox.credentials.paymentSecret, 'CANCELLED', request.orderReference),
    );
    const result = await fetch(location);
    expect(result.status).toBe(200);
    expect(await result.text()).toContain('<p role="status"><strong>CANCELLED</strong>: Payment cancelled.</p>');
  });

  it('re-renders the form with an alert for a missing or unknown choice, and decides nothing', async () => {
    const { sandbox, token, request, order } = await pageFor();
    for (const fields of [{}, { outcome: 'maybe' }, { outcome: 'approve', mode: 'later' }] as Record<
      string,
      string
    >[]) {
      const response = await submit(order.redirectUrl, fields);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toMatch(/<p class="error" role="alert" id="form-error">Choose an (outcome|initial response)\.<\/p>/);
      expect(html).toContain('aria-describedby="form-error"');
    }
    expect((await call(sandbox, `/orders/${request.orderReference}`, { token })).body.status).toBe('PENDING');
  });

  it('journals page visits and submissions, but not logos', async () => {
    const { sandbox, order } = await pageFor();
    await fetch(order.redirectUrl);
    await fetch(`${sandbox.url}/logos/tabby.svg`);
    await submit(order.redirectUrl, { outcome: 'approve' });
    const pages = sandbox.journal.filter((entry) => entry.path.startsWith('/pay/') || entry.path.startsWith('/logos/'));
    expect(pages.map((entry) => [entry.method, entry.status])).toEqual([
      ['GET', 200],
      ['POST', 303],
    ]);
    expect(pages[1]!.body).toEqual({ outcome: 'approve' });
  });
});
