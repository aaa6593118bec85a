// axe (chai-a11y-axe) in every state the widget can be in, in English and in Arabic, and in a dark-scheme browser.
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { darkPreferred } from './support/media.js';
import type { OpiCheckout } from '../../widget/components/opi-checkout/opi-checkout.js';
import { created, fakeBff, gate, json, problem, type FakeBff } from './support/fake-bff.js';
import { sessionView, shopper, tamaraTooSmall } from './support/fixtures.js';
import { choose, fill, mount, part, submit } from './support/mount.js';

type State = (locale: string) => Promise<OpiCheckout>;

const open = (session = sessionView({ requiresShipping: true })) => fakeBff({ session });

async function formWith(bff: FakeBff, locale: string): Promise<OpiCheckout> {
  const el = await mount(bff, { locale });
  await choose(el, 'TABBY_AE');
  return el;
}

async function submitted(order: Parameters<typeof fakeBff>[0]['order'], locale: string, cancel = false) {
  const el = await formWith(fakeBff({ session: sessionView({ requiresShipping: true }), order }), locale);
  if (cancel) el.addEventListener('opi-order-created', (event) => event.preventDefault());
  await fill(el, shopper);
  await submit(el);
  return el;
}

const STATES: Record<string, State> = {
  loading: async (locale) => {
    const never = gate();
    return mount(
      fakeBff({
        session: async () => {
          await never.wait;
          return json(200, sessionView());
        },
      }),
      { locale, wait: false },
    );
  },
  providers: (locale) => mount(open(), { locale }),
  form: async (locale) => {
    const el = await formWith(open(), locale);
    el.shadowRoot!.querySelector<HTMLInputElement>('[name="sameAsBilling"]')!.click();
    await el.updateComplete;
    return el;
  },
  'form with problems': async (locale) => {
    const el = await formWith(open(), locale);
    await submit(el);
    await waitUntil(() => part(el, 'alert'));
    return el;
  },
  submitting: async (locale) => {
    const never = gate();
    const el = await submitted(async () => {
      await never.wait;
      return created();
    }, locale);
    await waitUntil(() => part(el, 'form')!.getAttribute('aria-busy') === 'true');
    return el;
  },
  redirecting: async (locale) => {
    const el = await submitted(() => created(), locale);
    await waitUntil(() => part(el, 'message'));
    return el;
  },
  'redirect taken over by the host': async (locale) => {
    const el = await submitted(() => created(), locale, true);
    await waitUntil(() => part(el, 'message'));
    return el;
  },
  'BFF field errors': async (locale) => {
    const el = await submitted(
      () => problem(400, 'validation_failed', { errors: [{ path: 'billingAddress.city', message: 'unknown city' }] }),
      locale,
    );
    await waitUntil(() => part(el, 'error'));
    return el;
  },
  'provider refused': async (locale) => {
    const el = await submitted(() => problem(422, 'provider_not_eligible'), locale);
    await waitUntil(() => part(el, 'alert'));
    return el;
  },
  unreachable: async (locale) => {
    const failed = oneEvent(document, 'opi-error');
    const el = await mount(fakeBff({ session: () => Promise.reject(new TypeError('Failed to fetch')) }), { locale });
    await failed;
    return el;
  },
  expired: (locale) => mount(fakeBff({ session: () => problem(410, 'session_expired') }), { locale }),
  'no provider': (locale) =>
    mount(fakeBff({ session: sessionView({ amount: 30, providers: [], unavailableProviders: [tamaraTooSmall] }) }), {
      locale,
    }),
};

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
