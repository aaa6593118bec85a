// Shoppers the checkout must serve as well as any other: one with a keyboard and no pointer, one reading Arabic
// right to left (both pay for real through the sandbox, and the ledger must agree); and an axe audit of every page.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { withScreenshot } from './browser.js';
import { focusedElement, tabTo } from './keyboard.js';
import { decide, fillCartAndCheckOut, landOnResult, payWith, shownStatus } from './shopper.js';
import { useStack } from './use-stack.js';
import { call, cart, json, merchant } from '../support/checkout.js';

const e2e = useStack();

/** What the keyboard shopper types, by the field's autocomplete token. */
const ANSWERS: Record<string, string> = {
  'given-name': 'Omar',
  'family-name': 'Saleh',
  email: 'omar.saleh@example.com',
  tel: '+971 55 765 4321',
  'billing address-line1': '5 Marina Walk',
  'billing address-level2': 'Dubai',
  'billing country': 'United Arab Emirates',
};

describe('accessibility', () => {
  it('keyboard only: from the product page to a paid order without a pointer', async () => {
    const { page } = e2e.shopper;
    await withScreenshot(page, 'keyboard-only-checkout', async () => {
      await page.goto(`${e2e.stack.shopUrl}/`);
      await tabTo(
        page,
        "the tote's add-to-cart button",
        (el) => el.tag === 'button' && el.text === 'Add Palm-leaf tote to cart',
      );
      await page.keyboard.press('Enter');
      await page.waitForURL(`${e2e.stack.shopUrl}/cart`);
      await tabTo(page, 'the checkout link', (el) => el.tag === 'a' && el.text === 'Check out');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${e2e.stack.shopUrl}/checkout`);
      await page.getByRole('radio').first().waitFor();
      // The shopper wants to type their own details: the empty form.
      await tabTo(
        page,
        'the empty-form link',
        (el) => el.tag === 'a' && el.text.startsWith('Check out as a new shopper'),
      );
      await page.keyboard.press('Enter');
      await page.waitForURL(`${e2e.stack.shopUrl}/checkout?shopper=new`);
      await page.getByRole('radio').first().waitFor();

      // Into the provider group; arrow keys move within it and choose.
      await tabTo(page, 'the provider group', (el) => el.name === 'provider');
      await page.keyboard.press('ArrowDown');
      expect(await focusedElement(page)).toMatchObject({ name: 'provider', value: 'TAMARA_AE', checked: true });

      // Tab leaves the group and walks the form; type into each empty field.
      const submit = await tabTo(
        page,
        'the pay button',
        (el) => el.tag === 'button' && el.text.startsWith('Pay '),
        async (el) => {
          const answer = el.autocomplete ? ANSWERS[el.autocomplete] : undefined;
          if (answer && el.value === '') await page.keyboard.type(answer);
        },
      );
      expect(submit.text).toBe('Pay AED 164.00 with Tamara');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${e2e.stack.sandbox.url}/pay/**`);

      // The provider's page: approve (instant) is the default; Tab to the button and press Enter.
      await tabTo(page, 'Complete payment', (el) => el.tag === 'button' && el.text === 'Complete payment');
      await page.keyboard.press('Enter');
      const reference = await landOnResult(page, e2e.stack);

      await expect.poll(() => shownStatus(page).getAttribute('data-status')).toBe('paid');
      await expect(e2e.stack.order(reference)).resolves.toMatchObject({
        status: 'paid',
        provider: 'TAMARA_AE',
        amount: 164,
        paidAmount: 164,
      });
    });
  });

  it('Arabic: the shop and the widget right to left, in Arabic, paid in SAR', async () => {
    const { page } = e2e.shopper;
    await withScreenshot(page, 'arabic-checkout', async () => {
      await page.goto(`${e2e.stack.shopUrl}/`);
      await page.getByRole('button', { name: 'العربية' }).click();
      await page.waitForURL(`${e2e.stack.shopUrl}/`);
      await expect(page.locator('html').getAttribute('dir')).resolves.toBe('rtl');
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe('ar');

      await fillCartAndCheckOut(page, e2e.stack, [{ product: 'lantern', quantity: 1 }], 'sa');
      const widget = page.locator('opi-checkout');
      await widget.getByRole('group', { name: 'اختر طريقة الدفع' }).waitFor();
      await expect(widget.locator('[part~="base"]').getAttribute('dir')).resolves.toBe('rtl');
      // The shop asks for Western digits (ar-SA-u-nu-latn), as its own prices: the widget's counts and amounts agree.
      await expect(widget.locator('[part~="base"]').getAttribute('lang')).resolves.toBe('ar-SA-u-nu-latn');
      const plan = (await widget.locator('[part~="provider-plan"]').first().textContent()) ?? '';
      expect(plan).toMatch(/^\s*\d+ × .*\d/);
      expect(plan, 'no Arabic-Indic digit beside the Western ones').not.toMatch(/[٠-٩]/);
      // Arabic labels and an Arabic pay button.
      await page.getByRole('radio', { name: /Tamara/ }).check();
      await expect(widget.getByLabel('الاسم الأول').inputValue()).resolves.toBe('Layla');
      await expect(widget.locator('[part~="submit"]').textContent()).resolves.toMatch(/ادفع .+ عبر Tamara/);

      await payWith(page, e2e.stack, /Tamara/);
      // The provider's page speaks the order's language too, right to left, with the shop's Western digits.
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe('ar');
      await expect(page.getByRole('button', { name: 'إتمام الدفع' }).count()).resolves.toBe(1);
      expect(await page.locator('dl').textContent(), 'no Arabic-Indic digit on the hosted page').not.toMatch(/[٠-٩]/);
      const reference = await decide(page, e2e.stack, 'approve');
      await expect.poll(() => shownStatus(page).getAttribute('data-status')).toBe('paid');
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('شكرًا لك، تم دفع طلبك');
      await expect(page.locator('html').getAttribute('dir')).resolves.toBe('rtl');
      await expect(e2e.stack.order(reference)).resolves.toMatchObject({
        status: 'paid',
        provider: 'TAMARA_SA',
        currency: 'SAR',
        amount: 210,
      });
    });
  });

  it('the checkout page the BFF hosts needs nothing its CSP refuses, and axe finds no violation on it, in English and Arabic', async () => {
    const axe = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    const audited = await e2e.browser.newContext({ bypassCSP: true });
    try {
      for (const locale of ['en_AE', 'ar_AE']) {
        const created = await call(
          `${e2e.stack.bff.url}/v1/checkout-sessions`,
          json('POST', cart({ locale, returnUrl: `${e2e.stack.shopUrl}/checkout/result` }), merchant),
        );
        // The shopper's own browser, whose CSP violations fail the test (use-stack.ts): the page and its widget.
        for (const page of [e2e.shopper.page, await audited.newPage()]) {
          await page.goto(created.body.checkoutUrl);
          await page.getByRole('radio', { name: /Tamara/ }).check();
          await page.locator('opi-checkout').locator('[part~="submit"]').waitFor();
          if (page === e2e.shopper.page) continue;
          await page.addScriptTag({ content: axe });
          const violations = await page.evaluate<string[]>(
            'axe.run().then((result) => result.violations.map((v) => v.id + ": " + v.nodes.map((n) => n.target.join(" ")).join(", ")))',
          );
          expect(violations, locale).toEqual([]);
        }
      }
    } finally {
      await audited.close();
    }
  });

  // Fourteen full axe audits (three pages in two languages and the console, each in a light and a dark browser): past
  // the 20 s default once on a loaded 2-core machine in CI (21 s), so given room.
  it('axe finds no violation on the shop, the cart, the checkout with the widget, and the console, in English and Arabic, in a light and a dark browser', {
    timeout: 60_000,
  }, async () => {
    const axe = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    // The shop's CSP allows no injected script; the audit comes from outside, as devtools would.
    const context = await e2e.browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    // The shop is light only (color-scheme: light); in a dark-scheme browser its pages, the widget included, must
    // stay readable: the widget follows the page's colour scheme, not the browser's.
    const audit = async (where: string) => {
      await page.addScriptTag({ content: axe });
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        const violations = await page.evaluate<string[]>(
          'axe.run().then((result) => result.violations.map((v) => v.id + ": " + v.nodes.map((n) => n.target.join(" ")).join(", ")))',
        );
        expect(violations, `${where} (${colorScheme} browser)`).toEqual([]);
      }
      await page.emulateMedia({ colorScheme: 'light' });
    };
    try {
      await withScreenshot(page, 'axe-audit', async () => {
        for (const language of ['English', 'العربية'] as const) {
          await page.goto(`${e2e.stack.shopUrl}/`);
          if (language === 'العربية') {
            await page.getByRole('button', { name: 'العربية' }).click();
            await page.waitForURL(`${e2e.stack.shopUrl}/`);
          }
          await audit(`${language}: products`);
          await fillCartAndCheckOut(page, e2e.stack, [{ product: 'oud', quantity: 1 }]);
          await page.getByRole('radio', { name: /Tamara/ }).check();
          await audit(`${language}: checkout with the widget's form`);
          await page.goto(`${e2e.stack.shopUrl}/cart`);
          await audit(`${language}: cart`);
        }
        await page.goto(`${e2e.stack.shopUrl}/console`);
        // The conversion chart is audited too: the checkouts above showed providers.
        await expect(page.getByRole('table', { name: /Shoppers at each step/ }).count()).resolves.toBe(1);
        await audit('console');
      });
    } finally {
      await context.close();
    }
  });
});
