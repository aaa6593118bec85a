import { expect } from '@open-wc/testing';
import type { OpiCheckout } from '../../widget/components/opi-checkout/opi-checkout.js';
import { fakeBff, gate, json } from './support/fake-bff.js';
import { sessionView, tamaraTooSmall } from './support/fixtures.js';
import { notIn } from './support/engines.js';
import { darkPreferred, reducedMotion } from './support/media.js';
import { choose, mount, part } from './support/mount.js';

const style = (element: Element | null) => getComputedStyle(element!);

describe('<opi-checkout> theming', () => {
  // The page's colour scheme is set on its root, as a shop's stylesheet does: an inline style on the host itself
  // would win over the widget's :host rule and hide what that rule does.
  const pageScheme = (scheme: string) => document.documentElement.style.setProperty('color-scheme', scheme);
  let undo: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of undo.reverse()) await step();
    undo = [];
    pageScheme('');
  });

  it('takes its colours, radius and spacing from --opi-* custom properties', async () => {
    const el = await mount(fakeBff({ session: sessionView({ providers: [sessionView().providers[0]!] }) }));
    el.style.setProperty('--opi-color-accent', 'rgb(10, 20, 30)');
    el.style.setProperty('--opi-color-on-accent', 'rgb(250, 250, 240)');
    el.style.setProperty('--opi-radius', '3px');
    el.style.setProperty('--opi-font-family', 'serif');
    const button = part(el, 'submit');
    expect(style(button).backgroundColor).to.equal('rgb(10, 20, 30)');
    expect(style(button).color).to.equal('rgb(250, 250, 240)');
    expect(style(button).borderTopLeftRadius).to.equal('3px');
    expect(style(part(el, 'base')).fontFamily).to.equal('serif');
  });

  it("takes its font size from --opi-font-size and, unless --opi-font-family names one, the page's font", async () => {
    document.body.style.fontFamily = 'monospace';
    undo.push(async () => {
      document.body.style.fontFamily = '';
    });
    const el = await mount(fakeBff({ session: sessionView() }));
    el.style.setProperty('--opi-font-size', '20px');
    expect([style(part(el, 'base')).fontSize, style(part(el, 'base')).fontFamily]).to.deep.equal(['20px', 'monospace']);
  });

  it('follows prefers-color-scheme with its default colours when the page opts in with color-scheme: light dark', async () => {
    pageScheme('light dark');
    const el = await mount(fakeBff({ session: sessionView() }));
    expect(style(part(el, 'base')).backgroundColor).to.equal('rgb(255, 255, 255)');
    undo.push(await darkPreferred());
    expect(style(part(el, 'base')).backgroundColor).to.equal('rgb(23, 23, 28)');
    expect(style(part(el, 'base')).color).to.equal('rgb(236, 236, 241)');
  });

  for (const scheme of ['', 'light']) {
    it(`keeps the page's colour scheme (${scheme || 'none set'}): light in a dark browser`, async function () {
      notIn(this, ['firefox', 'webkit'], 'a dark browser preference needs the DevTools protocol (emulateMedia)');
      pageScheme(scheme);
      undo.push(await darkPreferred());
      const el = await mount(fakeBff({ session: sessionView() }));
      expect(style(el).colorScheme, 'the widget sets no colour scheme of its own').to.equal(scheme || 'normal');
      expect(style(part(el, 'base')).backgroundColor).to.equal('rgb(255, 255, 255)');
      expect(style(part(el, 'base')).color).to.equal('rgb(27, 27, 31)');
    });
  }

  it('stops the skeleton pulse under prefers-reduced-motion', async () => {
    const never = gate();
    const el = await mount(
      fakeBff({
        session: async () => {
          await never.wait;
          return json(200, sessionView());
        },
      }),
      { wait: false },
    );
    const bone = part(el, 'skeleton')!.firstElementChild;
    expect(style(bone).animationName).to.equal('pulse');
    undo.push(await reducedMotion(el));
    expect(style(bone).animationName).to.equal('none');
  });

  it('puts a part on every element a page may want to style, in every kind of state', async () => {
    const unparted = (el: OpiCheckout) =>
      [...el.shadowRoot!.querySelectorAll('*')]
        // A select's options are styled through the select; that is all a browser lets a page do with them.
        .filter((node) => node.localName !== 'option' && !node.getAttribute('part'))
        .map((node) => node.outerHTML.slice(0, 80));
    const never = gate();
    const loading = await mount(
      fakeBff({
        session: async () => {
          await never.wait;
          return json(200, sessionView());
        },
      }),
      { wait: false },
    );
    expect(unparted(loading), 'loading').to.deep.equal([]);
    expect(part(loading, 'bone'), "the skeleton's bones").to.exist;

    const form = await mount(
      fakeBff({ session: sessionView({ requiresShipping: true, unavailableProviders: [tamaraTooSmall] }) }),
    );
    await choose(form, 'TABBY_AE');
    part<HTMLInputElement>(form, 'checkbox')!.click();
    await form.updateComplete;
    expect(unparted(form), 'providers and the whole form').to.deep.equal([]);
    for (const name of ['radio', 'checkbox', 'unavailable-item']) expect(part(form, name), name).to.exist;

    const failed = await mount(fakeBff({ session: () => Promise.reject(new TypeError('Failed to fetch')) }));
    expect(unparted(failed), 'a failure with its retry button').to.deep.equal([]);
    expect(part(failed, 'message-text')).to.exist;
  });

  it('puts no inline style on any element (strict CSP)', async () => {
    const el = await mount(fakeBff({ session: sessionView({ requiresShipping: true }) }));
    await choose(el, 'TABBY_AE');
    expect(el.shadowRoot!.querySelectorAll('[style]').length).to.equal(0);
    expect(el.shadowRoot!.querySelectorAll('style').length, 'styles are adopted stylesheets').to.equal(0);
    expect(el.shadowRoot!.adoptedStyleSheets.length, "the family's tokens, the element's own and its form's").to.equal(
      3,
    );
    // The form's rules came with its chunk: a field is as tall as a finger needs.
    expect(style(el.shadowRoot!.querySelector('[name="customer.email"]')).minBlockSize).to.equal('44px');
  });
});
