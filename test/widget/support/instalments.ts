// <opi-instalments> mounted against the fake BFF, for its own tests and every language's (../languages.test.ts).
import { fixture, html, waitUntil } from '@open-wc/testing';
import type { ProviderView, UnavailableProvider } from '../../../shared/schemas/checkout-api.js';
import { defineOpiInstalments } from '../../../widget/components/opi-instalments/define.js';
import type { OpiInstalments } from '../../../widget/components/opi-instalments/opi-instalments.js';
import { fakeBff, json, type RecordedRequest } from './fake-bff.js';
import { part } from './mount.js';

defineOpiInstalments();

export const answer = (
  providers: ProviderView[],
  unavailableProviders: UnavailableProvider[] = [],
  availableFrom?: number,
) => json(200, { amount: 100, currency: 'AED', providers, unavailableProviders, availableFrom });

export async function mountInstalments(
  instalments: (request: RecordedRequest) => Response | Promise<Response>,
  { amount = '100.00', locale = '' } = {},
) {
  const bff = fakeBff({ instalments });
  const el = await fixture<OpiInstalments>(html`<opi-instalments
    amount=${amount}
    currency="AED"
    country="AE"
    locale=${locale}
    api-base="https://bff.example"
    .fetchImpl=${bff.fetch}
  ></opi-instalments>`);
  await settled(el);
  return { el, bff };
}

/** Resolves once the BFF's answer is on screen (or deliberately not): the element is no longer busy. */
export const settled = (el: OpiInstalments) =>
  waitUntil(() => part(el, 'base')?.getAttribute('aria-busy') === 'false', 'the element stayed busy');
