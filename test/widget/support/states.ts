// Every state <opi-checkout> can be in, reached the way a shopper or the BFF brings it there, in a given locale:
// for the accessibility audit (../a11y.test.ts) and every language (../languages.test.ts).
import { oneEvent, waitUntil } from '@open-wc/testing';
import type { OpiCheckout } from '../../../widget/components/opi-checkout/opi-checkout.js';
import { created, fakeBff, gate, json, problem, type FakeBff } from './fake-bff.js';
import { sessionView, shopper, tamaraTooSmall } from './fixtures.js';
import { choose, fill, mount, part, submit } from './mount.js';

export type State = (locale: string) => Promise<OpiCheckout>;

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

export const STATES: Record<string, State> = {
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
