import { fixture, html, waitUntil } from '@open-wc/testing';
import { defineOpiCheckout } from '../../../widget/components/opi-checkout/define.js';
import type { OpiCheckout } from '../../../widget/components/opi-checkout/opi-checkout.js';
import type { FakeBff, gate } from './fake-bff.js';

defineOpiCheckout();

export interface MountOptions {
  locale?: string;
  /** Records redirects instead of leaving the test page. */
  navigations?: string[];
  wait?: boolean;
}

export async function mount(
  bff: FakeBff,
  { locale = '', navigations = [], wait = true }: MountOptions = {},
): Promise<OpiCheckout> {
  const el = await fixture<OpiCheckout>(html`<opi-checkout
    session="cs_test_1"
    api-base="https://bff.example"
    locale=${locale}
    .fetchImpl=${bff.fetch}
    .navigate=${(url: string) => navigations.push(url)}
  ></opi-checkout>`);
  if (wait) await settled(el);
  return el;
}

/**
 * Resolves once the first answer from the BFF is on screen (no skeleton any more) and the details form's chunk and
 * English's words for it, which the element fetches beside it, have arrived (the same modules: they resolve for both).
 */
export async function settled(el: OpiCheckout): Promise<void> {
  await waitUntil(() => !part(el, 'skeleton'), 'the widget kept showing its skeleton');
  await import('../../../widget/components/opi-checkout/details-form.js');
  await import('../../../widget/components/opi-checkout/i18n/en-form.js');
  await new Promise((resolve) => setTimeout(resolve));
  await el.updateComplete;
}

export const part = <T extends Element = HTMLElement>(el: HTMLElement, name: string): T | null =>
  el.shadowRoot!.querySelector<T>(`[part~="${name}"]`);

export const parts = <T extends Element = HTMLElement>(el: HTMLElement, name: string): T[] => [
  ...el.shadowRoot!.querySelectorAll<T>(`[part~="${name}"]`),
];

export const control = <T extends HTMLElement = HTMLInputElement>(el: OpiCheckout, path: string): T => {
  const found = el.shadowRoot!.querySelector<T>(`[name="${path}"]`);
  if (!found) throw new Error(`no control named ${path}`);
  return found;
};

export const status = (el: OpiCheckout): string => text(part(el, 'status'));

/** What a screen reader hears as the field's error: the text its aria-describedby points at. */
export function describedBy(el: OpiCheckout, path: string): string {
  const ids = control(el, path).getAttribute('aria-describedby');
  if (!ids) return '';
  return ids
    .split(' ')
    .map((id) => el.shadowRoot!.getElementById(id)?.textContent?.trim() ?? '')
    .join(' ');
}

export async function choose(el: OpiCheckout, provider: string): Promise<void> {
  el.shadowRoot!.querySelector<HTMLInputElement>(`input[name="provider"][value="${provider}"]`)!.click();
  await el.updateComplete;
}

/** Types into fields as an input event would (autofill sends the same events). */
export async function fill(el: OpiCheckout, values: Record<string, string>): Promise<void> {
  for (const [path, value] of Object.entries(values)) {
    const input = control<HTMLInputElement | HTMLSelectElement>(el, path);
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    await el.updateComplete;
  }
}

export async function submit(el: OpiCheckout): Promise<void> {
  part<HTMLButtonElement>(el, 'submit')!.click();
  await el.updateComplete;
}

/** Text as people read it: Intl puts no-break spaces in amounts ("AED 100.00"); compare with plain spaces. */
export const plain = (value: string): string => value.replace(/\s+/g, ' ').trim();
export const text = (node: Node | null | undefined): string => plain(node?.textContent ?? '');

/**
 * As a framework moving an element does: once its first request is on its way, the element is taken out of the page
 * and put back; then that request's answer (held by `first`) is let go.
 */
export async function moveWhileAnswering(el: HTMLElement, bff: FakeBff, first: ReturnType<typeof gate>): Promise<void> {
  await waitUntil(() => bff.requests.length === 1);
  const parent = el.parentElement!;
  el.remove();
  parent.append(el);
  first.open();
}
