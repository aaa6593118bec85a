// axe (chai-a11y-axe) in every state the widget can be in, in English and in Arabic, and in a dark-scheme browser.
import { expect } from '@open-wc/testing';
import { darkPreferred } from './support/media.js';
import type { OpiCheckout } from '../../widget/components/opi-checkout/opi-checkout.js';
import { fakeBff } from './support/fake-bff.js';
import { sessionView } from './support/fixtures.js';
import { mount, part } from './support/mount.js';
import { STATES } from './support/states.js';

const open = () => fakeBff({ session: sessionView({ requiresShipping: true }) });

describe('<opi-checkout> accessibility', () => {
  it('is audited inside its shadow root: a logo without alt text would fail', async () => {
    const el = await mount(open());
    part(el, 'provider-logo')!.removeAttribute('alt');
    await expect(el).not.to.be.accessible();
  });

  for (const locale of ['en', 'ar']) {
    for (const [name, reach] of Object.entries(STATES)) {
      it(`has no axe violation: ${name} (${locale})`, async () => {
        const el = await reach(locale);
        expect(part(el, 'status'), 'the live region is there in every state').to.exist;
        await expect(el).to.be.accessible();
      });
    }
  }

  // How a page meets the widget in a dark-scheme browser: opted in to the widget's dark colours, or a light shop
  // (color-scheme: light on its root, as the demo storefront) that sets only its accent: the widget must stay light
  // there, or its dark on-accent default lands on the shop's accent. Set on the page: an inline style on the host
  // itself would mask what the widget's own :host rule does.
  const DARK_PAGES: Record<string, (el: OpiCheckout) => void> = {
    "the widget's dark colours": () => {
      document.documentElement.style.colorScheme = 'light dark';
    },
    'a light shop with its own accent': (el) => {
      document.documentElement.style.colorScheme = 'light';
      el.style.setProperty('--opi-color-accent', '#8a3b12');
    },
  };

  describe('in a dark-scheme browser', () => {
    afterEach(() => document.documentElement.style.removeProperty('color-scheme'));

    for (const [page, style] of Object.entries(DARK_PAGES)) {
      for (const [name, reach] of Object.entries(STATES)) {
        it(`has no axe violation: ${name} (${page})`, async () => {
          const el = await reach('en');
          style(el);
          const undo = await darkPreferred();
          try {
            await expect(el).to.be.accessible();
          } finally {
            await undo();
          }
        });
      }
    }
  });
});
