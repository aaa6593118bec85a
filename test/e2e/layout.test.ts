// The checkout page laid out at a phone's, a tablet's and a laptop's width, in English and in Arabic: nothing wider
// than the page, no control clipped, labels and controls on one grid, round radio focus rings, the plan written once.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useStack } from './use-stack.js';

const e2e = useStack();

// layoutProblems runs in the page, with the browser's globals; the e2e project has no DOM types, so they are loose.
declare const document: any;
declare const window: any;
declare function getComputedStyle(element: unknown): any;
type Element = any;

/** What is wrong with the page's layout now, as sentences; empty when nothing is. Runs in the page. */
function layoutProblems(): string[] {
  const problems: string[] = [];
  const name = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('part') ? `[part="${el.getAttribute('part')}"]` : ''}${el.getAttribute('name') ? `[name="${el.getAttribute('name')}"]` : ''}`;
  const root = document.documentElement;
  if (root.scrollWidth > window.innerWidth) problems.push(`the page scrolls sideways: ${root.scrollWidth} px`);

  const host = document.querySelector('opi-checkout');
  const shadow = host?.shadowRoot;
  if (!host || !shadow) return [...problems, 'no widget'];
  const box = host.getBoundingClientRect();
  const visible = (el: Element) => !el.closest('.sr-only') && el.getBoundingClientRect().width > 0;
  const elements = [...document.querySelectorAll('header *'), ...shadow.querySelectorAll('*')].filter(visible);
  for (const el of elements) {
    const rect = el.getBoundingClientRect();
    const frame = shadow.contains(el) ? box : { left: 0, right: window.innerWidth };
    if (rect.left < frame.left - 1 || rect.right > frame.right + 1)
      problems.push(`${name(el)} leaves its box: ${Math.round(rect.left)}..${Math.round(rect.right)}`);
    // An input scrolls its own value; anything else wider inside than outside is cut off.
    if (!(el.tagName === 'INPUT') && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1)
      problems.push(`${name(el)} overflows: ${el.scrollWidth} px in ${el.clientWidth}`);
  }

  // A select shows its chosen option whole: the text and the arrow fit inside the padding.
  const measure = document.createElement('canvas').getContext('2d')!;
  for (const select of shadow.querySelectorAll('select')) {
    const style = getComputedStyle(select);
    measure.font = style.font;
    const text = measure.measureText(select.selectedOptions[0]?.text ?? '').width;
    const room = select.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd) - 20;
    if (text > room) problems.push(`${name(select)} cuts its option: ${Math.ceil(text)} px in ${Math.floor(room)}`);
  }

  // Fields side by side have their controls at one height, however many lines their labels take.
  const rows = new Map<number, number[]>();
  for (const field of shadow.querySelectorAll('.field:not(.check)')) {
    const control = field.querySelector('input, select');
    if (!control) continue;
    const top = Math.round(field.getBoundingClientRect().top);
    rows.set(top, [...(rows.get(top) ?? []), Math.round(control.getBoundingClientRect().top)]);
  }
  for (const [top, controls] of rows)
    if (new Set(controls).size > 1) problems.push(`controls in the row at ${top} px are not aligned: ${controls}`);

  for (const radio of shadow.querySelectorAll('input[type="radio"]')) {
    const { width, height } = radio.getBoundingClientRect();
    if (Math.abs(width - height) > 0.5) problems.push(`radio ${radio.value} is ${width}×${height}, not round`);
  }
  return problems;
}

async function openCheckout(page: Page, language: 'en' | 'ar'): Promise<void> {
  await page.goto(`${e2e.stack.shopUrl}/`);
  if (language === 'ar') await page.getByRole('button', { name: 'العربية' }).click();
  await page.locator('#quantity-lantern').fill('1');
  await page.locator('#quantity-lantern').press('Enter');
  await page.waitForURL(`${e2e.stack.shopUrl}/cart`);
  // A new shopper: an empty form, then every message at once after pressing pay.
  await page.goto(`${e2e.stack.shopUrl}/checkout?shopper=new`);
  await page.getByRole('radio', { name: /Tabby/ }).check();
  await page.locator('opi-checkout [name="sameAsBilling"]').uncheck();
  await page.locator('opi-checkout [part~="submit"]').click();
  await page.locator('opi-checkout [part~="alert"]').waitFor();
}

describe('the checkout page at three widths in two languages', () => {
  it.each(['en', 'ar'] as const)('%s: no overflow, no clipped control, one grid, round radios', async (language) => {
    const { page } = e2e.shopper;
    await openCheckout(page, language);
    const widget = page.locator('opi-checkout');
    await expect(widget.locator('[part~="base"]').getAttribute('dir')).resolves.toBe(language === 'ar' ? 'rtl' : 'ltr');
    // The plan is written once: the widget's own line, not the upstream's terms repeating it.
    await expect(widget.locator('[part~="provider-plan"]').count()).resolves.toBe(2);
    await expect(widget.locator('[part~="provider-terms"]').count()).resolves.toBe(0);
    for (const width of [320, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(() => page.evaluate(layoutProblems), { message: `${language} at ${width} px` }).toEqual([]);
      const { width: shown } = (await widget.boundingBox())!;
      expect(shown, 'the element keeps to its default maximum of 40rem').toBeLessThanOrEqual(640);
    }
  });

  it('the maximum width is the merchant’s to change with --opi-max-inline-size', async () => {
    const { page } = e2e.shopper;
    await openCheckout(page, 'en');
    await page.setViewportSize({ width: 1280, height: 900 });
    const widget = page.locator('opi-checkout');
    const before = (await widget.boundingBox())!.width;
    await widget.evaluate((el: Element) => el.style.setProperty('--opi-max-inline-size', '22rem'));
    const after = (await widget.boundingBox())!.width;
    expect(before).toBeGreaterThan(352);
    expect(after).toBe(352);
    await expect.poll(() => page.evaluate(layoutProblems)).toEqual([]);
  });
});

describe('the checkout page as it loads', () => {
  it.each([
    ['a phone', 390, 844],
    ['a laptop', 1280, 900],
  ])('on %s moves nothing the shopper already sees (CLS 0)', async (_device, width, height) => {
    const { page } = e2e.shopper;
    await page.goto(`${e2e.stack.shopUrl}/`);
    await page.locator('#quantity-lantern').fill('1');
    await page.locator('#quantity-lantern').press('Enter');
    await page.waitForURL(`${e2e.stack.shopUrl}/cart`);
    await page.setViewportSize({ width, height });
    // Every layout shift from the first paint on, as Lighthouse counts them (none caused by input).
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as any).layoutShifts = shifts;
      new (window as any).PerformanceObserver((list: any) => {
        for (const entry of list.getEntries()) if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${e2e.stack.shopUrl}/checkout`);
    await page.getByRole('radio', { name: /Tabby/ }).waitFor();
    await page.waitForTimeout(500);
    const shifts: number[] = await page.evaluate(() => (window as any).layoutShifts);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBe(0);
  });
});
