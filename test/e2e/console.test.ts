// The merchant console in the browser: refunds go browser -> storefront server -> BFF (merchant key, Idempotency-Key)
// -> sandbox, and the ledger, read through the merchant API, must show exactly what the console said.
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { withScreenshot } from './browser.js';
import { decide, fillCartAndCheckOut, payWith, shownStatus } from './shopper.js';
import { useStack } from './use-stack.js';

const e2e = useStack();

/** Intl separates currency and amount with a no-break space; compare text as people read it. */
const text = async (locator: Locator) => (await locator.textContent())?.replace(/\s+/g, ' ').trim();

describe('merchant console', () => {
  it('a partial refund, one above what is left refused, then the rest; then no refund form at all', async () => {
    const { page } = e2e.shopper;
    await withScreenshot(page, 'console-refunds', async () => {
      await fillCartAndCheckOut(page, e2e.stack, [{ product: 'lantern', quantity: 1 }]);
      await payWith(page, e2e.stack, /Tabby/);
      const reference = await decide(page, e2e.stack, 'approve');
      await expect.poll(() => shownStatus(page).getAttribute('data-status')).toBe('paid');

      const fact = (name: string) => text(page.locator(`[data-fact="${name}"]`));

      await page.goto(`${e2e.stack.shopUrl}/console`);
      // The conversion chart counts this checkout: shown, chosen, placed, returned, paid; nothing declined, so no
      // share of declines recovered.
      const tabby = page.getByRole('region', { name: /Conversion by provider/ }).getByRole('row', { name: /Tabby/ });
      await expect(tabby.locator('td').allTextContents()).resolves.toEqual([
        ...['1', '1', '1', '1', '1', '0', '0', '0'],
        '100%',
        '–',
        expect.any(String),
      ]);
      await expect(
        tabby.getByRole('img', { name: /^Paid per shown, by hour \(UTC\), for Tabby: / }).count(),
      ).resolves.toBe(1);
      await page.getByRole('link', { name: reference }).click();
      await page.waitForURL(`${e2e.stack.shopUrl}/console/orders/${reference}`);
      await expect(fact('refundable')).resolves.toBe('AED 204.00');

      const refund = async (amount: string, note?: string) => {
        await page.locator('#refunds-form-amount').fill(amount);
        if (note) await page.locator('#refunds-form-description').fill(note);
        await page.getByRole('button', { name: 'Refund', exact: true }).click();
        await page.waitForURL(`${e2e.stack.shopUrl}/console/orders/${reference}`);
      };

      await refund('50', 'Scratched base');
      await expect(text(page.getByRole('status'))).resolves.toBe('Refund of AED 50.00 succeeded.');
      let order = await e2e.stack.order(reference);
      expect(order).toMatchObject({ paidAmount: 204, refundedAmount: 50, refundableAmount: 154 });
      expect(order.refunds).toEqual([
        expect.objectContaining({ amount: 50, status: 'succeeded', description: 'Scratched base' }),
      ]);
      await expect(fact('refundable')).resolves.toBe('AED 154.00');

      await refund('154.01');
      await expect(text(page.getByRole('alert'))).resolves.toMatch(/^Refund refused: /);
      order = await e2e.stack.order(reference);
      expect(order).toMatchObject({ refundedAmount: 50, refundableAmount: 154 });
      expect(order.refunds).toHaveLength(1);

      await refund('154');
      await expect(text(page.getByRole('status'))).resolves.toBe('Refund of AED 154.00 succeeded.');
      order = await e2e.stack.order(reference);
      expect(order).toMatchObject({ refundedAmount: 204, refundableAmount: 0 });
      expect(order.refunds).toHaveLength(2);
      await expect(page.locator('table.refunds tbody tr').count()).resolves.toBe(2);
      await expect(fact('payment')).resolves.toBe('refunded');
      // Nothing can be refunded any more: no form offers it.
      await expect(page.locator('#refunds-form-amount').count()).resolves.toBe(0);
      await expect(text(page.locator('.hint', { hasText: 'Nothing is left to refund' }))).resolves.toBe(
        'Nothing is left to refund.',
      );

      // The endpoint lost the last notification: the console sends it again, the same one.
      const relayed = () =>
        e2e.stack.sandbox.notifications.filter(
          (note) => note.direction === 'to-merchant' && note.event === 'refund.result',
        );
      await expect.poll(() => relayed().length).toBe(2);
      await page.getByRole('button', { name: 'Send again' }).click();
      await page.waitForURL(`${e2e.stack.shopUrl}/console/orders/${reference}`);
      await expect(text(page.getByRole('status'))).resolves.toMatch(
        /^The latest notification \(refund\.result, ntf_[\w-]+\) is on its way again\.$/,
      );
      await expect.poll(() => relayed().length).toBe(3);
      expect(relayed()[2]!.body).toBe(relayed()[1]!.body);
    });
  });

  it('authorise now, capture later: the shopper pays, the console captures part and voids the rest', async () => {
    const { page } = e2e.shopper;
    await withScreenshot(page, 'console-capture-later', async () => {
      await fillCartAndCheckOut(page, e2e.stack, [{ product: 'lantern', quantity: 1 }]);
      await page.getByRole('link', { name: 'Authorise now, capture later (from the merchant console)' }).click();
      await page.waitForURL(`${e2e.stack.shopUrl}/checkout?capture=later`);
      await expect(text(page.locator('[data-capture="later"]'))).resolves.toBe(
        'Authorise only: the payment is captured later, from the merchant console.',
      );
      await payWith(page, e2e.stack, /Tabby/);
      const reference = await decide(page, e2e.stack, 'approve');
      await expect.poll(() => shownStatus(page).getAttribute('data-status')).toBe('paid');
      // Only authorised: the shopper is told so, not that the order is paid.
      await expect(shownStatus(page).getAttribute('data-shown')).resolves.toBe('authorised');
      await expect(text(page.getByRole('heading', { level: 1 }))).resolves.toBe(
        'Thank you, your payment is authorised',
      );
      await expect(e2e.stack.order(reference)).resolves.toMatchObject({
        paidAmount: 204,
        capturedAmount: 0,
        voidedAmount: 0,
        paymentState: 'authorised',
      });

      await page.goto(`${e2e.stack.shopUrl}/console/orders/${reference}`);
      const act = async (action: 'capture' | 'void', amount: string) => {
        await page.locator(`#${action}-form-amount`).fill(amount);
        await page.getByRole('button', { name: action === 'capture' ? 'Capture' : 'Void', exact: true }).click();
        await page.waitForURL(`${e2e.stack.shopUrl}/console/orders/${reference}`);
      };

      await act('capture', '150');
      await expect(text(page.getByRole('status'))).resolves.toMatch(/^Captured AED 150\.00 \(.+\)\.$/);
      await expect(e2e.stack.order(reference)).resolves.toMatchObject({ capturedAmount: 150, voidedAmount: 0 });

      await act('void', '');
      await expect(text(page.getByRole('status'))).resolves.toMatch(/^Voided AED 54\.00 \(.+\)\.$/);
      await expect(e2e.stack.order(reference)).resolves.toMatchObject({
        paidAmount: 204,
        capturedAmount: 150,
        voidedAmount: 54,
      });
      await expect(text(page.locator('.hint', { hasText: 'Nothing is left' }))).resolves.toBe(
        'Nothing is left to capture or void.',
      );
      await expect(page.locator('#capture-form-amount').count()).resolves.toBe(0);
    });
  });
});
