import {
  html,
  LitElement,
  nothing,
  type CSSResultGroup,
  type PropertyDeclarations,
  type PropertyValues,
  type TemplateResult,
} from 'lit';
import type { PlaceOrderResponse } from '../shared/checkout-api.js';
import { formatMoney } from '../shared/money.js';
import { CheckoutApiError, createCheckoutApi, type CheckoutApi } from './api-client.js';
import { countryOptions } from './countries.js';
import { OpiErrorEvent, OpiOrderCreatedEvent, OpiProviderChangeEvent, OpiReadyEvent } from './events.js';
import { failureText, isFinal, problemText } from './failures.js';
import { isRightToLeft, resolveLanguage, stringsFor, type StringOverrides, type Strings } from './i18n/index.js';
import { formLayout, initialSameAsBilling, initialValues, validateOrder, visiblePath, type Problem, type Values } from './order-form.js';
import { styles } from './opi-checkout.styles.js';
import { isSafeRedirect } from './redirect.js';
import { CUSTOMER_FIELDS } from './form-fields.js';
import { field, sameAsBillingToggle, shippingMethodField, type FieldContext } from './render/fields.js';
import { messagePanel, skeleton } from './render/panels.js';
import { providerList, unavailableNotes } from './render/providers.js';
import type { CheckoutSession, Provider } from './session-model.js';

type Phase = { name: 'loading' | 'ready' | 'submitting' | 'redirecting' | 'handed-off' } | { name: 'failed'; code: string };

/** A form-level message, kept as a function of the catalogue so a language change re-words it. */
type Notice = (strings: Strings) => string;

const toApiError = (error: unknown): CheckoutApiError =>
  error instanceof CheckoutApiError ? error : new CheckoutApiError('unexpected_error', String(error), true);

/**
 * A buy-now-pay-later checkout in one tag. It reads the checkout session from the merchant's BFF, shows the
 * providers that fit the cart with their instalment plans, collects the shopper's details, places the order and
 * sends the shopper to the provider. It renders in its own shadow root: no iframe, real labels, browser autofill.
 *
 * @summary Embeddable BNPL checkout: provider choice, shopper details, redirect to the provider.
 * @tag opi-checkout
 *
 * @fires {OpiReadyEvent} opi-ready - The session loaded and the providers are on screen. detail: `{ session, providers }` (provider names in display order, empty when none fits).
 * @fires {OpiProviderChangeEvent} opi-provider-change - The shopper chose a provider. detail: `{ provider }`.
 * @fires {OpiOrderCreatedEvent} opi-order-created - The order exists and the widget is about to redirect. Cancellable: call preventDefault() to take over. detail: `{ orderReference, redirectUrl }`.
 * @fires {OpiErrorEvent} opi-error - Loading, placing the order or redirecting failed. detail: `{ code, message, retryable }`.
 *
 * @csspart base - The wrapper of everything; carries lang and dir.
 * @csspart status - The polite live region (visually hidden) that announces status and errors.
 * @csspart skeleton - The loading placeholder, the height of a three-provider list.
 * @csspart providers - The provider radio group (a fieldset).
 * @csspart provider - One provider row; also `provider-selected` on the chosen one.
 * @csspart provider-label - The clickable label of a provider: logo or name, badge, plan.
 * @csspart provider-logo - A provider's logo.
 * @csspart provider-name - A provider's name, shown when it has no logo.
 * @csspart badge - The "Recommended" badge.
 * @csspart provider-plan - The instalment plan and interest ("4 × AED 25.00 · monthly · Interest-free").
 * @csspart provider-terms - A provider's terms.
 * @csspart unavailable - The list of providers that do not fit this cart, with why.
 * @csspart form - The details form.
 * @csspart fieldset - Each group of the form; also `customer`, `billing` or `shipping`.
 * @csspart legend - Each group title.
 * @csspart field - A label, its control and its error.
 * @csspart label - Each label.
 * @csspart input - Each text input and select; selects also have `select`.
 * @csspart select - Each select (country, delivery method).
 * @csspart error - The error text under a field.
 * @csspart alert - The form-level message after a failed submit.
 * @csspart submit - The pay button.
 * @csspart message - A panel that stands in for the form: error, expired, no provider, redirecting.
 * @csspart button - Buttons in a message panel; the retry button also has `retry`.
 * @csspart retry - The retry button after the BFF could not be reached.
 *
 * @cssprop [--opi-color-text=#1b1b1f] - Text colour (dark scheme default #ececf1).
 * @cssprop [--opi-color-muted=#53535f] - Secondary text: plans, terms, notes (dark #b4b4c0).
 * @cssprop [--opi-color-background=#ffffff] - Background of the widget and its inputs (dark #17171c).
 * @cssprop [--opi-color-surface=#f3f3f6] - Panels and skeleton bones (dark #24242b).
 * @cssprop [--opi-color-border=#7c7c88] - Borders of inputs and provider rows (dark #8d8d99).
 * @cssprop [--opi-color-accent=#0b57d0] - Pay button, selected provider, badge, focus ring (dark #a8c7fa).
 * @cssprop [--opi-color-on-accent=#ffffff] - Text on the accent colour (dark #062e6f).
 * @cssprop [--opi-color-error=#b3261e] - Error text and invalid borders (dark #f2b8b5).
 * @cssprop [--opi-radius=0.5rem] - Corner radius of inputs, rows, buttons and panels.
 * @cssprop [--opi-font-family=inherit] - Font; the host page's by default.
 * @cssprop [--opi-font-size=1rem] - Base font size; everything else is relative to it.
 * @cssprop [--opi-spacing=1rem] - Base spacing unit.
 */
export class OpiCheckout extends LitElement {
  static override styles: CSSResultGroup = styles;
  static override shadowRootOptions: ShadowRootInit = { ...LitElement.shadowRootOptions, delegatesFocus: true };
  // Declared here rather than with decorators: the decorator helpers cost bytes the 20 KB budget needs elsewhere.
  static override properties: PropertyDeclarations = {
    session: {},
    apiBase: { attribute: 'api-base' },
    locale: {},
    strings: { attribute: false },
    phase: { state: true },
    checkout: { state: true },
    selected: { state: true },
    values: { state: true },
    sameAsBilling: { state: true },
    touched: { state: true },
    submitted: { state: true },
    serverProblems: { state: true },
    notice: { state: true },
  };

  /** The checkout session id the merchant's server created (cs_...). Changing it loads the new session. */
  session = '';

  /** Base URL of the merchant's BFF, absolute or relative to the page; the page's origin when empty. */
  apiBase = '';

  /** Language, as a BCP 47 tag (ar, en-AE) or the upstream's form (ar_AE); overrides the session's locale. */
  locale = '';

  /** Replacement text for any catalogue entry, in whatever language is active: `{ pay: (amount) => ... }`. */
  strings: StringOverrides = {};

  /** The fetch used to reach the BFF (default: the global fetch); a seam for tests or for adding headers. */
  fetchImpl?: typeof fetch;

  /** Opens the provider's page (default: window.location.assign); a seam for tests and single-page apps. */
  navigate: (url: string) => void = (url) => window.location.assign(url);

  /** Upper bound of each request to the BFF, in milliseconds, body included. */
  requestTimeout = 15_000;

  private phase: Phase = { name: 'loading' };
  private checkout?: CheckoutSession;
  private selected?: string;
  private values: Values = {};
  private sameAsBilling = true;
  private touched: ReadonlySet<string> = new Set();
  private submitted = false;
  private serverProblems: ReadonlyMap<string, Problem> = new Map();
  private notice?: Notice;
  /** One idempotency key per submit attempt; a retry of the very same order reuses it. */
  private attempt?: { key: string; body: string };
  private loading?: AbortController;

  /** Fetches the session again; entries the shopper typed and a still-offered provider choice are kept. */
  reload(): Promise<void> {
    return this.session ? this.load() : Promise.resolve();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if ((changed.has('session') || changed.has('apiBase')) && this.session) void this.load();
  }

  private get language(): string {
    return resolveLanguage(this.locale, this.checkout?.locale, this.closest('[lang]')?.getAttribute('lang'));
  }

  private get text(): Strings {
    return stringsFor(this.language, this.strings);
  }

  private get provider(): Provider | undefined {
    return this.checkout?.providers.find((provider) => provider.name === this.selected);
  }

  private api(): CheckoutApi {
    return createCheckoutApi({
      baseUrl: new URL(this.apiBase || '/', window.location.href).href,
      fetch: this.fetchImpl,
      timeoutMs: this.requestTimeout,
    });
  }

  private async load(): Promise<void> {
    this.loading?.abort();
    const controller = (this.loading = new AbortController());
    // A reload behind an open form keeps the form on screen; only a first load or a failure shows the skeleton.
    if (this.phase.name !== 'ready') this.phase = { name: 'loading' };
    try {
      const checkout = await this.api().getSession(this.session, controller.signal);
      if (checkout.state !== 'open') throw new CheckoutApiError(`session_${checkout.state}`, checkout.state, false);
      if (!this.checkout) this.sameAsBilling = initialSameAsBilling(checkout);
      this.checkout = checkout;
      this.values = initialValues(checkout, this.values);
      const { providers } = checkout;
      if (!this.provider) this.selected = providers.length === 1 ? providers[0]?.name : undefined;
      this.phase = { name: 'ready' };
      await this.updateComplete;
      this.dispatchEvent(new OpiReadyEvent({ session: checkout.id, providers: providers.map((provider) => provider.name) }));
    } catch (error) {
      // A newer load took over; its outcome is the one to show.
      if (!controller.signal.aborted) this.fail(toApiError(error));
    }
  }

  /** Shows a failure in place of the form (or, with a notice, above the pay button) and tells the host page. */
  private fail({ code, retryable }: CheckoutApiError, notice?: Notice): void {
    if (notice) {
      this.phase = { name: 'ready' };
      this.notice = notice;
    } else {
      this.phase = { name: 'failed', code };
    }
    this.dispatchEvent(new OpiErrorEvent({ code, message: (notice ?? ((t) => failureText(code, t)))(this.text), retryable }));
  }

  private onProviderChange(event: Event): void {
    const provider = (event.target as HTMLInputElement).value;
    this.selected = provider;
    this.submitted = false;
    this.serverProblems = new Map();
    this.notice = undefined;
    this.dispatchEvent(new OpiProviderChangeEvent({ provider }));
  }

  private onInput(event: Event): void {
    const { name, value, checked } = event.target as HTMLInputElement;
    if (name === 'sameAsBilling') {
      this.sameAsBilling = checked;
    } else if (this.values[name] !== value) {
      this.values = { ...this.values, [name]: value };
      const rest = new Map(this.serverProblems);
      if (rest.delete(name)) this.serverProblems = rest;
    }
  }

  /** A field counts as touched once left with something in it, so tabbing through empty fields says nothing. */
  private onFocusOut(event: FocusEvent): void {
    const { name } = event.target as HTMLInputElement;
    if (this.values[name]?.trim()) this.touched = new Set([...this.touched, name]);
  }

  private async onSubmit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const { provider, checkout } = this;
    if (this.phase.name !== 'ready' || !provider || !checkout) return;
    this.submitted = true;
    this.serverProblems = new Map();
    this.notice = undefined;
    const { order, problems } = validateOrder(provider, this.values, formLayout(checkout, provider, this.sameAsBilling), this.sameAsBilling);
    if (!order) {
      this.notice = (t) => t.fixFields(problems.size);
      return this.focusFirstInvalid();
    }
    const body = JSON.stringify(order);
    if (this.attempt?.body !== body) this.attempt = { key: crypto.randomUUID(), body };
    this.phase = { name: 'submitting' };
    let created: PlaceOrderResponse;
    try {
      created = await this.api().placeOrder(this.session, order, this.attempt.key);
    } catch (error) {
      return this.submitFailed(toApiError(error));
    }
    this.attempt = undefined;
    if (!isSafeRedirect(created.redirectUrl)) return this.fail(new CheckoutApiError('unsafe_redirect', created.redirectUrl, false));
    const proceed = this.dispatchEvent(new OpiOrderCreatedEvent({ ...created }));
    this.phase = { name: proceed ? 'redirecting' : 'handed-off' };
    if (proceed) {
      await this.updateComplete;
      this.navigate(created.redirectUrl);
    }
  }

  private async submitFailed(error: CheckoutApiError): Promise<void> {
    if (!error.retryable) this.attempt = undefined;
    if (isFinal(error.code)) return this.fail(error);
    this.phase = { name: 'ready' };
    await this.updateComplete;
    // Each BFF field error goes beside its field; one the form does not show makes the notice a general one.
    const placed = new Map<string, Problem>();
    let unplaced = error.fieldErrors.length === 0;
    for (const { path, message } of error.fieldErrors) {
      const target = visiblePath(path, this.sameAsBilling);
      if (this.renderRoot.querySelector(`[name="${target}"]`)) placed.set(target, placed.get(target) ?? { kind: 'rejected', message });
      else unplaced = true;
    }
    this.serverProblems = placed;
    const code = error.code === 'validation_failed' && unplaced ? 'generic' : error.code;
    this.fail(error, placed.size && !unplaced ? (t) => t.fixFields(placed.size) : (t) => failureText(code, t));
    await this.focusFirstInvalid();
  }

  private async focusFirstInvalid(): Promise<void> {
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }

  private async retry(): Promise<void> {
    await this.reload();
    this.renderRoot.querySelector<HTMLElement>('[name="provider"], [part~="retry"]')?.focus();
  }

  /** The text of a state that stands in for the form; also what the live region says then. */
  private stateText(strings: Strings): string | undefined {
    const { phase } = this;
    const provider = this.provider?.displayName ?? '';
    if (phase.name === 'failed') return failureText(phase.code, strings);
    if (phase.name === 'redirecting') return strings.redirecting(provider);
    if (phase.name === 'handed-off') return strings.handedOff(provider);
    if (phase.name === 'loading') return strings.loading;
    return this.checkout?.providers.length ? undefined : strings.noProvider;
  }

  override render(): TemplateResult {
    const language = this.language;
    const strings = this.text;
    const stateText = this.stateText(strings);
    const count = this.checkout?.providers.length ?? 0;
    const announcement =
      stateText ?? (this.phase.name === 'submitting' ? strings.submitting : this.notice?.(strings) ?? strings.providerCount(count));
    return html`<div part="base" class="base" lang=${language} dir=${this.getAttribute('dir') === 'rtl' || isRightToLeft(language) ? 'rtl' : 'ltr'}>
      <div part="status" class="sr-only" role="status">${announcement}</div>
      ${this.renderBody(strings, language, stateText)}
    </div>`;
  }

  private renderBody(strings: Strings, language: string, stateText: string | undefined): TemplateResult {
    const { phase, checkout } = this;
    if (phase.name === 'failed') {
      const retry = isFinal(phase.code) ? undefined : { label: strings.retry, onClick: () => void this.retry() };
      return messagePanel(failureText(phase.code, strings), nothing, retry);
    }
    if (phase.name === 'loading' || !checkout) return skeleton();
    const money = (minor: number) => formatMoney(minor, checkout.currency, language);
    const notes = unavailableNotes(checkout.unavailableProviders, { strings, money });
    if (stateText) return messagePanel(stateText, phase.name === 'ready' ? notes : nothing);
    const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 });
    const provider = this.provider;
    return html`${providerList(checkout.providers, {
      strings,
      money,
      percent: (rate) => percent.format(rate / 100),
      selected: this.selected,
      onChange: (event) => this.onProviderChange(event),
    })}${notes}${provider ? this.renderForm(checkout, provider, strings, language, money) : nothing}`;
  }

  private renderForm(
    checkout: CheckoutSession,
    provider: Provider,
    strings: Strings,
    language: string,
    money: (minor: number) => string,
  ): TemplateResult {
    const layout = formLayout(checkout, provider, this.sameAsBilling);
    const { problems } = validateOrder(provider, this.values, layout, this.sameAsBilling);
    const ctx: FieldContext = {
      strings,
      value: (path) => this.values[path] ?? '',
      error: (path) => {
        const problem = this.serverProblems.get(path) ?? (this.submitted || this.touched.has(path) ? problems.get(path) : undefined);
        return problem && problemText(problem, strings);
      },
      requested: layout.requested,
      countries: countryOptions(language, checkout.country),
    };
    const submitting = this.phase.name === 'submitting';
    const fieldset = (part: string, legend: string, content: unknown) =>
      html`<fieldset part="fieldset ${part}"><legend part="legend">${legend}</legend><div class="fields">${content}</div></fieldset>`;
    return html`<form part="form" novalidate aria-busy=${submitting} @submit=${this.onSubmit} @input=${this.onInput} @change=${this.onInput} @focusout=${this.onFocusOut}>
      ${fieldset('customer', strings.customerLegend, CUSTOMER_FIELDS.map((name) => field('customer', name, ctx)))}
      ${fieldset('billing', strings.billingLegend, layout.billing.map((name) => field('billingAddress', name, ctx)))}
      ${layout.shipping || layout.shippingMethod
        ? fieldset('shipping', strings.shippingLegend, [
            layout.shippingMethod ? shippingMethodField(ctx) : nothing,
            layout.shipping ? sameAsBillingToggle(this.sameAsBilling, strings) : nothing,
            layout.shippingFields.map((name) => field('shippingAddress', name, ctx)),
          ])
        : nothing}
      ${this.notice ? html`<p part="alert" class="error alert">${this.notice(strings)}</p>` : nothing}
      <button part="submit" type="submit" aria-disabled=${submitting}>
        ${submitting ? strings.submitting : strings.pay(money(checkout.amount), provider.displayName)}
      </button>
    </form>`;
  }
}
