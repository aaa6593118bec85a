// What a shopper does in the browser, step by step, against the demo storefront and the sandbox's hosted page.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Stack } from './stack.js';

export interface ShopperSession {
  context: BrowserContext;
  page: Page;
  /** Every Content-Security-Policy violation the browser reported: a merchant page must need none. */
  cspViolations: string[];
}

export async function newShopper(browser: Browser): Promise<ShopperSession> {
  const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1200, height: 900 } });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      cspViolations.push(message.text());
  });
  return { context, page, cspViolations };
}

export interface CartItem {
  product: 'lantern' | 'tote' | 'mug' | 'oud';
  quantity: number;
}

/** Chooses the market, adds the items, and opens the checkout page (where the widget loads). */
export async function fillCartAndCheckOut(
  page: Page,
  stack: Stack,
  items: readonly CartItem[],
  market = 'ae',
): Promise<void> {
  if (market !== 'ae') {
    await page.goto(`${stack.shopUrl}/`);
    await page.getByLabel(/Market|السوق/).selectOption(market);
    await page.getByRole('button', { name: /Change market|تغيير السوق/ }).click();
    await page.waitForURL(`${stack.shopUrl}/`);
  }
  for (const item of items) {
    await page.goto(`${stack.shopUrl}/`);
    await page.locator(`#quantity-${item.product}`).fill(String(item.quantity));
    await page.locator(`#quantity-${item.product}`).press('Enter');
    await page.waitForURL(`${stack.shopUrl}/cart`);
  }
  await page.getByRole('link', { name: /Check out|إتمام الشراء/ }).click();
  await page.waitForURL(`${stack.shopUrl}/checkout`);
}

/** In the widget: choose the provider and press the pay button; resolves on the provider's hosted page. */
export async function payWith(page: Page, stack: Stack, provider: RegExp): Promise<void> {
  await page.getByRole('radio', { name: provider }).check();
  await page.locator('opi-checkout').locator('[part~="submit"]').click();
  await page.waitForURL(`${stack.sandbox.url}/pay/**`);
}

export type Outcome = 'approve' | 'decline' | 'cancel' | 'error';

/** On the sandbox's hosted page: choose the outcome and mode, complete; resolves on the shop's result page. */
export async function decide(
  page: Page,
  stack: Stack,
  outcome: Outcome,
  mode: 'instant' | 'pending' = 'instant',
): Promise<string> {
  await page.locator(`#outcome-${outcome}`).check();
  await page.locator(`#mode-${mode}`).check();
  // The page's one submit button, in whatever language the order's locale gave it.
  await page.locator('form button[type="submit"]').click();
  return landOnResult(page, stack);
}

/** Waits for the shop's result page and returns the order reference the BFF's return put in its URL. */
export async function landOnResult(page: Page, stack: Stack): Promise<string> {
  await page.waitForURL(`${stack.shopUrl}/checkout/result?**`);
  const reference = new URL(page.url()).searchParams.get('orderReference');
  expect(reference, 'the return URL carries the order reference').toBeTruthy();
  return reference!;
}

/** The status the result page shows: the one the storefront's server read from the BFF. */
export function shownStatus(page: Page) {
  return page.locator('[data-status]');
}
