// The shopper's whole walk in every engine a shopper pays with (Chromium, Firefox, WebKit: the engine of every iPhone
// browser), in English and in Arabic: the shop, the cart, the widget (a provider, the shopper's own details, pay),
// the provider's hosted page, and the shop's result page with the status the BFF verified; the ledger read back.
// WTR_BROWSERS picks the engines, as for the widget's suites.
import { describe, expect, it } from 'vitest';
import { selectedEngines } from '../../../scripts/engines.mjs';
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

    const widget = (selector: string) => ['opi-checkout', selector];
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
});
