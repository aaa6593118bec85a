// Driving a page with the keyboard alone: Tab until the focused element is the one wanted, looking through
// shadow roots (the widget's controls live in its own), then type or press keys there.
import type { Page } from 'playwright-core';

export interface FocusedElement {
  tag: string;
  type: string | null;
  name: string | null;
  value: string | null;
  checked: boolean;
  autocomplete: string | null;
  text: string;
}

/** The DOM as the function below sees it in the page (this file is type-checked without the DOM library). */
interface ElementInPage {
  tagName: string;
  shadowRoot: { activeElement: ElementInPage | null } | null;
  getAttribute(name: string): string | null;
  textContent: string | null;
  value?: unknown;
  checked?: unknown;
}

export function focusedElement(page: Page): Promise<FocusedElement | null> {
  return page.evaluate(() => {
    const { document } = globalThis as unknown as { document: { activeElement: ElementInPage | null; body: unknown } };
    let element = document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    if (!element || element === document.body) return null;
    const control = element;
    return {
      tag: element.tagName.toLowerCase(),
      type: element.getAttribute('type'),
      name: element.getAttribute('name'),
      value: 'value' in control ? String(control.value) : null,
      checked: Boolean(control.checked),
      autocomplete: element.getAttribute('autocomplete'),
      // Intl puts a no-break space between currency and amount; compare text as people read it.
      text: (element.textContent ?? '').replace(/\s+/g, ' ').trim(),
    };
  });
}

/**
 * Presses Tab until `wanted` holds for the focused element; fails after `max` presses. `visit` runs on each element
 * passed on the way (to type into it).
 */
export async function tabTo(
  page: Page,
  what: string,
  wanted: (element: FocusedElement) => boolean,
  visit?: (element: FocusedElement) => Promise<void>,
  max = 80,
): Promise<FocusedElement> {
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press('Tab');
    const element = await focusedElement(page);
    if (element && wanted(element)) return element;
    if (element && visit) await visit(element);
  }
  throw new Error(`Tab never reached ${what} within ${max} presses`);
}
