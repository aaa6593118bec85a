// The hosted page in a real Chromium: a person can click through it (CSP included), and axe finds no violation.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { launchChromium } from '../../support/chromium.js';
import { createOrder, expectedHash, getToken, orderRequest, startReceiver, startSandbox } from './helpers.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** The merchant's return page, on another origin, as the BFF's return endpoint would be. */
async function startShop(): Promise<string> {
  const server = createServer((req, res) => {
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><title>Back at the shop</title><h1>Back at the shop</h1>');
    req.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/return`;
}

/** axe's violations on the page (its CSP must be bypassed: the audit is injected from outside, as devtools would). */
async function audit(page: Page): Promise<string[]> {
  await page.addScriptTag({
    content: await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'),
  });
  return page.evaluate<string[]>('axe.run().then((result) => result.violations.map((violation) => violation.id))');
}

describe('the hosted page in Chromium', () => {
  it('is clicked through: choose Decline and Pending, submit, land on the shop with a valid hash', async () => {
    const sandbox = await startSandbox({ pendingSettleMs: 30 });
    const receiver = await startReceiver();
    const shop = await startShop();
    const token = await getToken(sandbox);
    const request = orderRequest(
      { provider: 'AFTERPAY_AU', currency: 'AUD', country: 'AU', locale: 'en_AU', amount: 120 },
      {
        dynamicRedirectUrl: shop,
        dynamicCallbackUrl: receiver.url,
      },
    );
    const order = await createOrder(sandbox, token, request);

    const page = await browser.newPage();
    onTestFinished(() => page.close());
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') blocked.push(message.text());
    });
    await page.goto(order.redirectUrl);
    expect(await page.title()).toBe('Pay with Afterpay');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Pay with Afterpay');
    // The decorative logo (alt="") loads from the sandbox itself, within the page's CSP. (Page code is passed as
    // strings: this node-typed test has no DOM types.)
    const logoLoaded =
      "(() => { const img = document.querySelector('main img'); return img.complete && img.naturalWidth > 0; })()";
    expect(await page.evaluate<boolean>(logoLoaded)).toBe(true);

    await page.getByRole('radio', { name: /^Decline/ }).check();
    await page
      .getByRole('group', { name: 'Initial response' })
      .getByRole('radio', { name: /^Pending/ })
      .check();
    await Promise.all([
      page.waitForURL(/^http:\/\/127\.0\.0\.1:\d+\/return\?/),
      page.getByRole('button', { name: 'Complete payment' }).click(),
    ]);

    const landed = new URL(page.url());
    expect(landed.searchParams.get('status')).toBe('PENDING');
    expect(landed.searchParams.get('reference')).toBe(request.orderReference);
    expect(landed.searchParams.get('hash')).toBe(
      expectedHash(sandbox.credentials.paymentSecret, 'PENDING', request.orderReference),
    );
    expect(await page.textContent('h1')).toBe('Back at the shop');
    await receiver.waitFor(1);
    expect(receiver.received[0]).toMatchObject({ data: { status: 'DECLINED' } });
    expect(blocked).toEqual([]);
  });

  it('applies a scenario with its one button; the console resends its callback and says a refusal', async () => {
    const sandbox = await startSandbox();
    const receiver = await startReceiver();
    const token = await getToken(sandbox);
    const request = orderRequest({}, { dynamicCallbackUrl: receiver.url });
    request.customer.email = 'shopper+decline@example.com';
    const order = await createOrder(sandbox, token, request);
    const context = await browser.newContext({ bypassCSP: true });
    onTestFinished(() => context.close());
    const page = await context.newPage();
    await page.goto(order.redirectUrl);
    expect(await page.getByRole('radio').count()).toBe(0);
    expect(await page.getByRole('note').textContent()).toMatch(/^Test scenario “decline”/);
    expect(await audit(page)).toEqual([]);
    await page.getByRole('button', { name: 'Complete payment' }).click();
    await page.waitForURL(/\/result\?/);
    expect(await page.getByRole('status').textContent()).toMatch(/^DECLINED/);
    await receiver.waitFor(1);

    // The console: the callback is listed; ticked and sent twice, the receiver gets it twice more.
    await page.goto(`${sandbox.url}/__sandbox/`);
    expect(await audit(page)).toEqual([]);
    const [sent] = sandbox.notifications;
    await page.getByRole('checkbox', { name: sent!.id }).check();
    await page.getByRole('button', { name: 'Send twice' }).click();
    expect(await page.getByRole('status').textContent()).toBe(`Sending ${sent!.id}.`);
    await receiver.waitFor(3);
    expect(receiver.received.map((body) => body.data.status)).toEqual(['DECLINED', 'DECLINED', 'DECLINED']);
    // A refusal is said where the person looks, and the page stays usable.
    await page.getByRole('button', { name: 'Drop' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('name at least one notification');
    expect(await audit(page)).toEqual([]);
  });

  it('has no axe violations, on the form and on the result page', async () => {
    const sandbox = await startSandbox();
    const token = await getToken(sandbox);
    const order = await createOrder(
      sandbox,
      token,
      orderRequest({ provider: 'TAMARA_SA', currency: 'SAR', country: 'SA', locale: 'ar_SA', amount: 300 }),
    );
    // The page's CSP allows no script; the audit is injected from outside, as devtools would.
    const context = await browser.newContext({ bypassCSP: true });
    onTestFinished(() => context.close());
    const page = await context.newPage();
    await page.goto(order.redirectUrl);
    expect(await audit(page)).toEqual([]);
    await page.getByRole('button', { name: 'إتمام الدفع' }).click();
    await page.waitForURL(/\/result\?/);
    expect(await page.getByRole('status').textContent()).toBe('SUCCESSFUL: تمت الموافقة على الدفع.');
    expect(await audit(page)).toEqual([]);
  });
});
