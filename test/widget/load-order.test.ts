// An element defined after a framework rendered it ends with what the framework gave: properties set on the
// undefined element are taken over at its upgrade, `strings` as a JSON attribute is read, and the text a framework
// writes for an object ("[object Object]") is explained in the console, never a broken element.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { OpiInstalments } from '../../widget/components/opi-instalments/opi-instalments.js';
import { fakeBff } from './support/fake-bff.js';
import { tabby } from './support/fixtures.js';
import { answer, settled } from './support/instalments.js';
import { part, text } from './support/mount.js';
import { warnings } from './support/warnings.js';

let defined = 0;
/** A tag of its own per test, defined only when the test says: as a lazily imported element is. */
const lateTag = () => `opi-instalments-late-${++defined}`;

describe('an element defined after the page rendered it', () => {
  it('keeps the properties a framework set before the definition, objects included', async () => {
    const tag = lateTag();
    const host = await fixture<HTMLElement>(html`<div></div>`);
    const el = document.createElement(tag) as OpiInstalments;
    Object.assign(el, {
      amount: '100.00',
      currency: 'AED',
      country: 'AE',
      apiBase: 'https://bff.example',
      fetchImpl: fakeBff({ instalments: () => answer([tabby]) }).fetch,
      strings: { learnMore: 'See every plan' },
    });
    host.append(el);
    customElements.define(tag, class extends OpiInstalments {});
    await settled(el);
    await waitUntil(() => text(part(el, 'learn-more')) === 'See every plan', "the page's words");
  });

  it('reads strings given as a JSON attribute', async () => {
    const tag = lateTag();
    const host = await fixture<HTMLElement>(html`<div></div>`);
    host.innerHTML = `<${tag} amount="100.00" currency="AED" country="AE" api-base="https://bff.example" strings='{"learnMore":"See every plan"}'></${tag}>`;
    const el = host.firstElementChild as OpiInstalments;
    el.fetchImpl = fakeBff({ instalments: () => answer([tabby]) }).fetch;
    customElements.define(tag, class extends OpiInstalments {});
    await settled(el);
    await waitUntil(() => text(part(el, 'learn-more')) === 'See every plan', "the page's words");
  });

  it('says in the console what to do with "[object Object]", and speaks its own words meanwhile', async () => {
    const tag = lateTag();
    const said = await warnings(async () => {
      const host = await fixture<HTMLElement>(html`<div></div>`);
      host.innerHTML = `<${tag} amount="100.00" currency="AED" country="AE" strings="[object Object]"></${tag}>`;
      const el = host.firstElementChild as OpiInstalments;
      el.fetchImpl = fakeBff({ instalments: () => answer([tabby]) }).fetch;
      customElements.define(tag, class extends OpiInstalments {});
      await settled(el);
      await waitUntil(() => text(part(el, 'learn-more')) === 'Learn more', 'English, not a broken element');
    });
    expect(said.join('\n')).to.match(/strings: the attribute is not JSON \("\[object Object\]"\)/);
    expect(said.join('\n')).to.contain('import the element before the first render, or pass JSON.stringify(words)');
  });
});
