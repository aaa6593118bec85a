// The whole checkout in a real Chromium: storefront -> widget -> BFF -> sandbox hosted page -> BFF return ->
// storefront result page, with the ledger read back through the merchant API after each outcome.
import { describe, expect, it } from 'vitest';
import { withScreenshot } from './browser.js';
import { decide, fillCartAndCheckOut, payWith, shownStatus } from './shopper.js';
import { BROWSER_SANDBOX } from './stack.js';
import { useStack } from './use-stack.js';

// The pending payment must still be pending when the shopper's return lands and the result page has read it (three
// navigations in a browser on a loaded machine), so it settles after 3 s rather than BROWSER_SANDBOX's 200 ms.
const e2e = useStack({ sandbox: { ...BROWSER_SANDBOX, pendingSettleMs: 3_000 } });

describe('checkout in the browser', () => {
  it('approve (instant): the result page and the ledger say paid', async () => {
    const { page } = e2e.shopper;
    await withScreenshot(page, 'checkout-approve-instant', async () => {
      await fillCartAndCheckOut(page, e2e.stack, [{ product: 'lantern', quantity: 1 }]);
      await payWith(page, e2e.stack, /Tabby/);
      const reference = await decide(page, e2e.stack, 'approve');

      await expect.poll(() => shownStatus(page).getAttribute('data-status')).toBe('paid');
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
        'Thank you, your order is paid',
      );
      const order = await e2e.stack.order(reference);
      expect(order).toMatchObject({
        status: 'paid',
        provider: 'TABBY_AE',
        currency: 'AED',
        amount: 204,
        paidAmount: 204,
      });
      // The return and the callback race: whichever read the order first recorded the payment, once.
      expect(order.events.filter((event) => event.status === 'paid').map((event) => event.source)).toEqual([
        expect.stringMatching(/^(return|callback)$/),
      ]);
      // A paid order empties the cart.
      await expect(page.getByRole('link', { name: 'Cart (0)' }).count()).resolves.toBe(1);
    });
  });

  it('approve (pending, then callback): pending at first, paid once the callback has landed', async () => {
    const { page } = e2e.shopper;
    await withScreenshot(page, 'checkout-approve-pending', async () => {
      await fillCartAndCheckOut(page, e2e.stack, [{ product: 'mug', quantity: 2 }]);
      await payWith(page, e2e.stack, /Tabby/);
      const reference = await decide(page, e2e.stack, 'approve', 'pending');
      await expect(shownStatus(page).getAttribute('data-status')).resolves.toBe('pending');
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
        'Your payment is being confirmed',
      );

      // Read the ledger only once the sandbox has settled and delivered the callback: a merchant read before that
      // would itself fetch the new status and so race the callback.
      await e2e.stack.sandbox.idle();
      const paid = await e2e.stack.order(reference);
      expect(paid.status).toBe('paid');
      expect(paid.events.find((event) => event.source === 'return')).toMatchObject({
        status: 'pending',
        upstreamStatus: 'PENDING',
      });
      const firstPaid = paid.events.find((event) => event.status === 'paid');
      expect(firstPaid?.source, 'the final status came from the callback').toBe('callback');
      // The result page checks again by itself until the payment is final.
      await expect.poll(() => shownStatus(page).getAttribute('data-status'), { timeout: 6_000 }).toBe('paid');
    });
  });

  it('decline: nothing paid, the shopper is offered another way to pay', async () => {
    const { page } = e2e.shopper;
    await withScreenshot(page, 'checkout-decline', async () => {
      await fillCartAndCheckOut(page, e2e.stack, [{ product: 'tote', quantity: 1 }]);
      await payWith(page, e2e.stack, /Tabby/);
      const reference = await decide(page, e2e.stack, 'decline');

      await expect.poll(() => shownStatus(page).getAttribute('data-status')).toBe('declined');
      // The outcome named truthfully, with who declined: never "Paid with".
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(
        /^Payment declined by (Tabby|Tamara)$/,
      );
      await expect(page.getByText('Paid with').count()).resolves.toBe(0);
      const order = await e2e.stack.order(reference);
      expect(order).toMatchObject({ status: 'declined', paidAmount: 0 });
      await expect(page.getByRole('link', { name: 'Choose another way to pay' }).count()).resolves.toBe(1);
    });
  });

  it('cancel, then choose another provider and pay', async () => {
    const { page } = e2e.shopper;
    await withScreenshot(page, 'checkout-cancel-then-pay', async () => {
      await fillCartAndCheckOut(page, e2e.stack, [{ product: 'tote', quantity: 1 }]);
      await payWith(page, e2e.stack, /Tabby/);
      const cancelled = await decide(page, e2e.stack, 'cancel');
      await expect.poll(() => shownStatus(page).getAttribute('data-status')).toBe('cancelled');

      // The way back reopens the same session: it says the shopper left Tabby, and offers Tabby again.
      await page.getByRole('link', { name: 'Choose another way to pay' }).click();
      await page.waitForURL(`${e2e.stack.shopUrl}/checkout?session=**`);
      const checkout = page.locator('opi-checkout');
      await expect
        .poll(() => checkout.locator('[part~="alert"]').textContent())
        .toBe(
          'You left Tabby before paying. No money was taken. Your details are filled in: pay below when you are ready.',
        );
      await expect(checkout.getByRole('radio', { name: /Tabby/ }).isChecked()).resolves.toBe(true);
      await payWith(page, e2e.stack, /Tamara/);
      const paid = await decide(page, e2e.stack, 'approve');

      await expect.poll(() => shownStatus(page).getAttribute('data-status')).toBe('paid');
      expect(paid).not.toBe(cancelled);
      await expect(e2e.stack.order(cancelled)).resolves.toMatchObject({
        status: 'cancelled',
        provider: 'TABBY_AE',
        paidAmount: 0,
      });
      await expect(e2e.stack.order(paid)).resolves.toMatchObject({
        status: 'paid',
        provider: 'TAMARA_AE',
        amount: 164,
        paidAmount: 164,
      });
    });
  });

  it("from a product page's instalment message, through the cart's, to a checkout", async () => {
    const { page } = e2e.shopper;
    await withScreenshot(page, 'instalments-to-checkout', async () => {
      await page.goto(`${e2e.stack.shopUrl}/`);
      const lantern = page.locator('.product', { has: page.locator('#product-lantern') }).locator('opi-instalments');
      // AED 189.00: Tabby's 4 monthly instalments, interest-free, lead (Tamara's 3 are larger).
      await expect
        .poll(() => lantern.locator('[part~="message"]').textContent())
        .toMatch(/^\s*or 4 × AED\s47\.25 interest-free with\s+Learn more\s*$/);
      await expect(lantern.getByRole('img', { name: 'Tabby' }).count()).resolves.toBe(1);
      await lantern.getByRole('button', { name: 'Learn more' }).click();
      const dialog = lantern.getByRole('dialog', { name: 'Pay in instalments' });
      await expect(dialog.isVisible()).resolves.toBe(true);
      const plans = await dialog
        .locator('[part~="plan"]')
        .evaluateAll((found) => found.map((plan) => plan.getAttribute('aria-label')));
      expect(plans).toEqual(['Tabby', 'Tamara']);
      await page.keyboard.press('Escape');
      await expect(dialog.isVisible()).resolves.toBe(false);

      await page.locator('#quantity-lantern').press('Enter');
      await page.waitForURL(`${e2e.stack.shopUrl}/cart`);
      // The cart's total with shipping, AED 204.00, in four.
      await expect
        .poll(() => page.locator('opi-instalments [part~="message"]').textContent())
        .toMatch(/or 4 × AED\s51\.00 interest-free with/);
      await page.getByRole('link', { name: 'Check out' }).click();
      await page.waitForURL(`${e2e.stack.shopUrl}/checkout`);
      // The providers come with the session read, after the page's load: looked for until they are there.
      await expect.poll(() => page.getByRole('radio', { name: /Tabby/ }).count()).toBe(1);
    });
  });

  it('a coupon changes the cart under the open checkout: the element refreshes in place and keeps what was typed', async () => {
    const { page } = e2e.shopper;
    await withScreenshot(page, 'coupon-without-remount', async () => {
      await fillCartAndCheckOut(page, e2e.stack, [{ product: 'lantern', quantity: 1 }]);
      const checkout = page.locator('opi-checkout');
      await page.getByRole('radio', { name: /Tabby/ }).check();
      const firstName = checkout.getByLabel('First name');
      await firstName.fill('Layla');
      await expect(checkout.locator('[part~="submit"]').textContent()).resolves.toMatch(
        /^\s*Pay AED\s204\.00 with Tabby\s*$/,
      );
      const session = await checkout.getAttribute('session');

      await page.getByLabel('Coupon code').fill('welcome10');
      await page.getByRole('button', { name: 'Apply' }).click();
      // 10% off the items (AED 189.00): AED 18.90, so AED 185.10 with delivery.
      await expect.poll(() => checkout.locator('[part~="submit"]').textContent()).toMatch(/AED\s185\.10/);
      await expect(checkout.locator('[part~="status"]').textContent()).resolves.toMatch(
        /Order total updated: AED\s185\.10/,
      );
      await expect(page.locator('.coupon-status').textContent()).resolves.toBe(
        'WELCOME10 applied: the total is updated.',
      );
      await expect(page.locator('.summary .grand-total dd').textContent()).resolves.toMatch(/AED\s185\.10/);
      expect(await checkout.getAttribute('session'), 'the same session, not a new element').toBe(session);
      await expect(firstName.inputValue()).resolves.toBe('Layla');
      await expect(page.getByRole('radio', { name: /Tabby/ }).isChecked()).resolves.toBe(true);

      await page.locator('opi-checkout').locator('[part~="submit"]').click();
      await page.waitForURL(`${e2e.stack.sandbox.url}/pay/**`);
      const reference = await decide(page, e2e.stack, 'approve');
      await expect(e2e.stack.order(reference)).resolves.toMatchObject({ status: 'paid', amount: 185.1 });
    });
  });

  it('an unknown coupon leaves the cart and the open checkout as they were', async () => {
    const { page } = e2e.shopper;
    await fillCartAndCheckOut(page, e2e.stack, [{ product: 'mug', quantity: 1 }]);
    await page.getByLabel('Coupon code').fill('FREEBIES');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.locator('.coupon-status').textContent()).toBe('This code is not valid.');
    await expect(page.locator('.summary .grand-total dd').textContent()).resolves.toMatch(/AED\s80\.00/);
  });
});
