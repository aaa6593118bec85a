// What a shopper does, as steps any engine's driver can take: elements are named by a path of CSS selectors, one
// per shadow root crossed (['opi-checkout', '[name="customer.email"]']), and acted on in the page itself. Values are
// set as a script sets them (with the input and change events a form listens to); the keyboard's own path is
// tested in every engine by test/widget/keyboard.test.ts.
import type { Driver } from './driver.js';

type Action = 'exists' | 'click' | 'fill' | 'submit' | 'text' | 'attribute' | 'value';

/** Runs in the page: finds the element along `path` and does `action`; null while it is not there. */
function act(arg: { path: string[]; action: Action; value?: string }): unknown {
  // Runs in the page, where the e2e project has no DOM types.
  let scope: any = document;
  let el: any = null;
  for (const [index, selector] of arg.path.entries()) {
    el = scope?.querySelector(selector);
    if (!el) return null;
    if (index < arg.path.length - 1) scope = el.shadowRoot;
  }
  const events = () => {
    el.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    el.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
  };
  switch (arg.action) {
    case 'exists':
      return true;
    case 'click':
      el.click();
      return true;
    case 'fill':
      el.value = arg.value;
      events();
      return true;
    case 'submit':
      (el.form ?? el).requestSubmit();
      return true;
    case 'text':
      return el.textContent;
    case 'attribute':
      return el.getAttribute(arg.value);
    case 'value':
      return el.value;
  }
}

declare const document: unknown;

/** Whether a script's failure is its page ending under it (a navigation), not the script's own. */
const cutByNavigation = (error: unknown) =>
  /context was destroyed|navigat/i.test(error instanceof Error ? error.message : String(error));

export class Shopper {
  constructor(readonly driver: Driver) {}

  /** Waits until `check` holds (up to 10 s), or fails naming `what`. */
  async waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
    for (const end = Date.now() + timeoutMs; ; await new Promise((resolve) => setTimeout(resolve, 50))) {
      if (await check().catch(() => false)) return;
      if (Date.now() > end) throw new Error(`${this.driver.engine}: waited ${timeoutMs} ms for ${what}`);
    }
  }

  waitForUrl(prefix: string): Promise<void> {
    return this.waitFor(`a page at ${prefix}`, async () => (await this.driver.url()).startsWith(prefix));
  }

  private async act(path: string[], action: Action, value?: string): Promise<unknown> {
    try {
      return await this.driver.run(act, { path, action, ...(value === undefined ? {} : { value }) });
    } catch (error) {
      // A click or submit that navigates can end the page before the script that made it answers: it was done, and
      // the next step waits for the new page. Any other failure is the test's.
      if ((action === 'click' || action === 'submit') && cutByNavigation(error)) return undefined;
      throw error;
    }
  }

  /**
   * Waits for the element, then does `action` with it. A page still leaving (the step before navigated) can show the
   * element and then end under the action: it is done again on the page that arrives.
   */
  private async onceThere(path: string[], action: Action, value?: string): Promise<unknown> {
    for (let tries = 1; ; tries++) {
      await this.waitFor(path.join(' >>> '), async () => (await this.act(path, 'exists')) === true);
      try {
        return await this.act(path, action, value);
      } catch (error) {
        if (tries >= 3 || !cutByNavigation(error)) throw error;
      }
    }
  }

  click = (...path: string[]) => this.onceThere(path, 'click');
  submit = (...path: string[]) => this.onceThere(path, 'submit');
  fill = (value: string, ...path: string[]) => this.onceThere(path, 'fill', value);
  text = async (...path: string[]) => String(await this.onceThere(path, 'text'));
  attribute = async (name: string, ...path: string[]) =>
    (await this.onceThere(path, 'attribute', name)) as string | null;
  /** A control's value as the page holds it (what the shopper sees in the field). */
  value = async (...path: string[]) => String(await this.onceThere(path, 'value'));
}
