// The shopper's whole walk in every engine a shopper pays with (Chromium, Firefox, WebKit: the engine of every iPhone
// browser), in English and in Arabic: the shop, the cart, the widget (a provider, the shopper's own details, pay),
// the provider's hosted page, and the shop's result page with the status the BFF verified; the ledger read back. And
// the declined shopper's way back to the same checkout, the checkout page the BFF hosts (axe on it in each engine) and
// an expired link to it. WTR_BROWSERS picks the engines, as for the widget's suites.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { selectedEngines } from '../../../scripts/engines.mjs';
import { call, cart, json, merchant } from '../../support/checkout.js';
import { useStack } from '../use-stack.js';
import { useDriver } from './driver.js';
import { Shopper } from './steps.js';

const e2e = useStack({ browser: false });

/** The new shopper's details, by field name. */
const DETAILS: Record<string, string> = {
  'customer.firstName': 'Omar',
  'customer.lastName': 'Saleh',
  'customer.email': 'omar.saleh@example.com',
  'customer.phoneNumber': '+971 55 765 4321',
  'billingAddress.streetAddress': '5 Marina Walk',
  'billingAddress.city': 'Dubai',
};

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe's violations on the page as it stands, in the engine itself: its script added with the page's own nonce (the
 * hosted page allows no other), as a test may and a stranger cannot.
 */
const audit = (shopper: Shopper) =>
  shopper.driver.run(
    async ({ source }: { source: string }) => {
      // Runs in the page, where the e2e project has no DOM types.
      const page = globalThis as any;
      const script = page.document.createElement('script');
      script.nonce = page.document.querySelector('script[nonce]').nonce;
      script.textContent = source;
      page.document.head.append(script);
      const result = await page.axe.run();
      return result.violations.map(
        (violation: { id: string; nodes: { target: string[] }[] }) =>
          `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      ) as string[];
    },
    { source: AXE },
  );

const WALKS = {
  en: {
    provider: 'TABBY_AE',
    heading: 'Thank you, your order is paid',
    currency: 'AED',
    payButton: /^Pay .+ with Tabby/,
  },
  ar: { provider: 'TABBY_AE', heading: 'شكرًا لك، تم دفع طلبك', currency: 'AED', payButton: /^ادفع .+ عبر Tabby/ },
} as const;

describe.each(selectedEngines())('the shopper’s walk in %s', (engine) => {
  const open = useDriver(engine);
  const widget = (selector: string) => ['opi-checkout', selector];

  /** On the provider's hosted page: the outcome, decided at once, and back to the shop's result page. */
  async function atProvider(shopper: Shopper, outcome: 'approve' | 'decline' | 'cancel', status: string) {
    await shopper.waitForUrl(`${e2e.stack.sandbox.url}/pay/`);
    await shopper.click(`#outcome-${outcome}`);
    await shopper.click('#mode-instant');
    await shopper.submit('form button[type="submit"]');
    await shopper.waitForUrl(`${e2e.stack.shopUrl}/checkout/result?`);
    await shopper.waitFor(
      `the result page to say ${status}`,
      async () => (await shopper.attribute('data-status', '[data-status]')) === status,
    );
    return new URL(await shopper.driver.url()).searchParams.get('orderReference')!;
  }

  it.each(['en', 'ar'] as const)('%s: from the shop to a paid order', { timeout: 60_000 }, async (language) => {
    const { driver } = open;
    const walk = WALKS[language];
    const shop = e2e.stack.shopUrl;
    const shopper = new Shopper(driver);
    await driver.goto(`${shop}/`);
    const pageLanguage = () => shopper.attribute('lang', 'html');
    if ((await pageLanguage()) !== language) {
      await shopper.click('form.language-switch button');
      await shopper.waitFor(`the shop in ${language}`, async () => (await pageLanguage()) === language);
    }
    expect(await shopper.attribute('dir', 'html')).toBe(language === 'ar' ? 'rtl' : 'ltr');

    await shopper.fill('1', '#quantity-lantern');
    await shopper.submit('#quantity-lantern');
    await shopper.waitForUrl(`${shop}/cart`);
    await driver.goto(`${shop}/checkout?shopper=new`);

    await shopper.click(...widget(`input[type="radio"][value="${walk.provider}"]`));
    for (const [name, value] of Object.entries(DETAILS)) await shopper.fill(value, ...widget(`[name="${name}"]`));
    expect(await shopper.attribute('dir', ...widget('[part~="base"]'))).toBe(language === 'ar' ? 'rtl' : 'ltr');
    expect((await shopper.text(...widget('[part~="submit"]'))).trim()).toMatch(walk.payButton);
    await shopper.click(...widget('[part~="submit"]'));

    await shopper.waitForUrl(`${e2e.stack.sandbox.url}/pay/`);
    expect(await shopper.attribute('lang', 'html')).toBe(language);
    await shopper.click('#outcome-approve');
    await shopper.click('#mode-instant');
    await shopper.submit('form button[type="submit"]');

    await shopper.waitForUrl(`${shop}/checkout/result?`);
    const reference = new URL(await driver.url()).searchParams.get('orderReference')!;
    await shopper.waitFor(
      'the result page to say paid',
      async () => (await shopper.attribute('data-status', '[data-status]')) === 'paid',
    );
    expect((await shopper.text('h1')).trim()).toBe(walk.heading);
    await expect(e2e.stack.order(reference)).resolves.toMatchObject({
      status: 'paid',
      provider: walk.provider,
      currency: walk.currency,
    });
  });

  it('declined, back to the same checkout: told why, the next provider chosen, nothing typed again, paid', {
    timeout: 60_000,
  }, async () => {
    const { driver } = open;
    const shop = e2e.stack.shopUrl;
    const shopper = new Shopper(driver);
    await driver.goto(`${shop}/`);
    if ((await shopper.attribute('lang', 'html')) !== 'en') await shopper.click('form.language-switch button');
    await shopper.fill('1', '#quantity-lantern');
    await shopper.submit('#quantity-lantern');
    await shopper.waitForUrl(`${shop}/cart`);
    await driver.goto(`${shop}/checkout?shopper=new`);
    await shopper.click(...widget('input[type="radio"][value="TABBY_AE"]'));
    for (const [name, value] of Object.entries(DETAILS)) await shopper.fill(value, ...widget(`[name="${name}"]`));
    await shopper.click(...widget('[part~="submit"]'));
    const declined = await atProvider(shopper, 'decline', 'declined');

    // The result page's way back reopens the same session.
    await shopper.click('.actions a.primary');
    await shopper.waitForUrl(`${shop}/checkout?session=`);
    await shopper.waitFor('the checkout to say who declined', async () =>
      (await shopper.text(...widget('[part~="alert"]'))).startsWith('Tabby did not approve this payment.'),
    );
    expect(await shopper.attribute('value', ...widget('input[name="provider"]:checked'))).toBe('TAMARA_AE');
    for (const [name, value] of Object.entries(DETAILS))
      expect(await shopper.value(...widget(`[name="${name}"]`))).toBe(value);
    await shopper.click(...widget('[part~="submit"]'));
    const paid = await atProvider(shopper, 'approve', 'paid');

    const [first, second] = await Promise.all([e2e.stack.order(declined), e2e.stack.order(paid)]);
    expect([first, second]).toMatchObject([
      { status: 'declined', provider: 'TABBY_AE' },
      { status: 'paid', provider: 'TAMARA_AE' },
    ]);
    expect(second.sessionId).toBe(first.sessionId);
  });

  it('pays from the checkout page the BFF hosts, opened from a link, and axe finds nothing on it', {
    timeout: 60_000,
  }, async () => {
    const { driver } = open;
    const shopper = new Shopper(driver);
    const created = await call(
      `${e2e.stack.bff.url}/v1/checkout-sessions`,
      json('POST', cart({ returnUrl: `${e2e.stack.shopUrl}/checkout/result` }), merchant),
    );
    await driver.goto(created.body.checkoutUrl);
    expect((await shopper.text('h1')).trim()).toBe(`Pay ${new URL(e2e.stack.bff.url).hostname}`);
    await shopper.click(...widget('input[type="radio"][value="TABBY_AE"]'));
    for (const [name, value] of Object.entries(DETAILS)) await shopper.fill(value, ...widget(`[name="${name}"]`));
    expect(await audit(shopper), 'axe on the page with the form filled in').toEqual([]);
    await shopper.click(...widget('[part~="submit"]'));
    const paid = await atProvider(shopper, 'approve', 'paid');
    await expect(e2e.stack.order(paid)).resolves.toMatchObject({ status: 'paid', sessionId: created.body.id });
  });

  it('an expired checkout link says so and leads back to the shop', { timeout: 60_000 }, async () => {
    const { driver } = open;
    const shopper = new Shopper(driver);
    const created = await call(
      `${e2e.stack.bff.url}/v1/checkout-sessions`,
      json('POST', cart({ returnUrl: `${e2e.stack.shopUrl}/checkout/result` }), merchant),
    );
    await e2e.stack.store.driver.query(
      "update checkout_sessions set expires_at = now() - interval '1 minute' where id = $1",
      [created.body.id],
    );
    await driver.goto(created.body.checkoutUrl);
    expect((await shopper.text('h1')).trim()).toBe('This checkout has expired');
    await shopper.click('main a');
    await shopper.waitForUrl(`${e2e.stack.shopUrl}/`);
  });
});
