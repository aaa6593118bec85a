// The provider radio group: native radios sharing one name, so arrow keys move within the group and Tab leaves it.
// The plan is written once: the widget's own line, in the shopper's language, when the provider gives an instalment
// plan; the upstream's terms only for a provider without one. Local choice: terms are the upstream's own text, which
// its documentation shows only in English, so they are marked lang="en" (a screen reader reads them with English
// rules inside an Arabic widget) and keep their own direction.
import { html, nothing, type TemplateResult } from 'lit';
import type { Say } from '../../../internal/i18n.js';
import type { Strings } from '../i18n/index.js';
import type { Provider, Unavailable } from '../session-model.js';

/** An amount in minor units, formatted for the shopper. */
type Money = (minor: number) => string;

export function providerList(
  providers: readonly Provider[],
  strings: Strings,
  say: Say,
  money: Money,
  selected: string | undefined,
  onChange: (event: Event) => void,
  locked: boolean,
  costOf?: (provider: Provider, say: Say, money: Money) => unknown,
): TemplateResult {
  return html`<fieldset part="providers" ?disabled=${locked}>
    <legend part="legend">${strings.providersLegend}</legend>
    ${providers.map((provider) => {
      const id = `provider-${provider.name}`;
      const checked = provider.name === selected;
      const terms = provider.instalments ? undefined : provider.terms;
      return html`<div part=${checked ? 'provider provider-selected' : 'provider'} class="row">
        <input part="radio" type="radio" id=${id} name="provider" value=${provider.name} .checked=${checked} aria-describedby=${terms ? `${id}-terms` : nothing} @change=${onChange} />
        <label part="provider-label" for=${id}>
          <span part="provider-brand" class="brand">${
            provider.logoUrl
              ? html`<img part="provider-logo" src=${provider.logoUrl} alt=${provider.displayName} />`
              : html`<span part="provider-name">${provider.displayName}</span>`
          }</span>
          ${provider.recommended ? html`<span part="badge" class="badge">${strings.recommended}</span>` : nothing}
          ${
            provider.instalments
              ? html`<span part="provider-plan" class="muted plan">
                ${say(strings.plan, { count: provider.instalments.count, amount: money(provider.instalments.amount) })} · ${strings.interval[provider.instalments.interval]}
              </span>`
              : nothing
          }
          ${costOf?.(provider, say, money)}
        </label>
        ${terms ? html`<p part="provider-terms" class="muted terms" id=${`${id}-terms`} dir="auto" lang="en">${terms}</p>` : nothing}
      </div>`;
    })}
  </fieldset>`;
}

/** Why a provider is missing: "Tamara: available from AED 50.00". */
export function unavailableNotes(
  unavailable: readonly Unavailable[],
  strings: Strings,
  say: Say,
  money: Money,
): TemplateResult | typeof nothing {
  return unavailable.length
    ? html`<ul part="unavailable" class="muted">
        ${unavailable.map(
          ({ displayName, reason, minAmount, maxAmount }) =>
            html`<li part="unavailable-item">${say(reason === 'below_minimum' ? strings.availableFrom : strings.availableUpTo, { provider: displayName, amount: money(reason === 'below_minimum' ? minAmount : maxAmount) })}</li>`,
        )}
      </ul>`
    : nothing;
}
