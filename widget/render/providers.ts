// The provider radio group: native radios sharing one name, so arrow keys move within the group and Tab leaves it.
import { html, nothing, type TemplateResult } from 'lit';
import type { Strings } from '../i18n/index.js';
import type { Provider, Unavailable } from '../session-model.js';

export interface ProviderListContext {
  strings: Strings;
  money: (minor: number) => string;
  percent: (rate: number) => string;
  selected: string | undefined;
  onChange: (event: Event) => void;
}

function planText(provider: Provider, { strings, money, percent }: ProviderListContext): string {
  const interest = provider.interestRate > 0 ? strings.interest(percent(provider.interestRate)) : strings.interestFree;
  const { instalments } = provider;
  if (!instalments) return interest;
  return [strings.plan(instalments.count, money(instalments.amount)), strings.interval[instalments.interval], interest].join(' · ');
}

function providerRow(provider: Provider, ctx: ProviderListContext): TemplateResult {
  const id = `provider-${provider.name}`;
  const checked = provider.name === ctx.selected;
  const brand = provider.logoUrl
    ? html`<img part="provider-logo" src=${provider.logoUrl} alt=${provider.displayName} />`
    : html`<span part="provider-name">${provider.displayName}</span>`;
  return html`<div part=${checked ? 'provider provider-selected' : 'provider'} class="row provider">
    <input
      type="radio"
      id=${id}
      name="provider"
      value=${provider.name}
      .checked=${checked}
      aria-describedby=${provider.terms ? `${id}-terms` : nothing}
      @change=${ctx.onChange}
    />
    <label part="provider-label" for=${id}>
      <span class="brand">${brand}</span>
      ${provider.recommended ? html`<span part="badge" class="badge">${ctx.strings.recommended}</span>` : nothing}
      <span part="provider-plan" class="muted plan">${planText(provider, ctx)}</span>
    </label>
    ${provider.terms ? html`<p part="provider-terms" class="muted terms" id=${`${id}-terms`}>${provider.terms}</p>` : nothing}
  </div>`;
}

export function providerList(providers: readonly Provider[], ctx: ProviderListContext): TemplateResult {
  return html`<fieldset part="providers">
    <legend part="legend">${ctx.strings.providersLegend}</legend>
    ${providers.map((provider) => providerRow(provider, ctx))}
  </fieldset>`;
}

/** Why a provider is missing: "Tamara: available from AED 50.00". */
export function unavailableNotes(
  unavailable: readonly Unavailable[],
  { strings, money }: Pick<ProviderListContext, 'strings' | 'money'>,
): TemplateResult | typeof nothing {
  if (unavailable.length === 0) return nothing;
  return html`<ul part="unavailable" class="muted">
    ${unavailable.map(
      (provider) =>
        html`<li>
          ${provider.reason === 'below_minimum'
            ? strings.availableFrom(provider.displayName, money(provider.minAmount))
            : strings.availableUpTo(provider.displayName, money(provider.maxAmount))}
        </li>`,
    )}
  </ul>`;
}
