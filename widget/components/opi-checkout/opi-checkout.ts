import { html, LitElement, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { formatMoney } from '../../../shared/money.js';
import { readSession } from './api-client.js';
import { CheckoutApiError, toApiError } from '../../internal/api-error.js';
import { OpiErrorEvent, OpiOrderCreatedEvent, OpiProviderChangeEvent, OpiReadyEvent } from './events.js';
import type { Say } from '../../internal/i18n.js';
import { FocusReturn } from '../../internal/focus-return.js';
import { NewestLoad } from '../../internal/newest-load.js';
import { addStrings, OpiElement } from '../../internal/opi-element.js';
import type { PlaceOrderResponse } from '../../../shared/schemas/checkout-api.js';
import type { DetailsForm, Outcome } from './details-form.js';
import type { Notice, Phase } from './form-host.js';
import { catalogues, type StringOverrides, type Strings } from './i18n/index.js';
import { styles } from './opi-checkout.styles.js';
import { providerList, unavailableNotes } from './render/providers.js';
import type { CheckoutSession } from './session-model.js';

/**
 * The details form, its checks and its submit, a chunk of their own with English's words for them: asked for with
 * the session read, after the first paint's bytes, and drawn whole once here (the providers do not wait for it).
 */
const loadDetailsForm = () => Promise.all([import('./details-form.js'), catalogues.rest!()]).then(([form]) => form);

/** Internal reactive state: rendered from, never an attribute. */
const STATE = { state: true };

// Local choice: the skeleton is a two-provider list, the most common answer (one market, two brands), with bones
// where the legend and the rows will be: the rows land in place, and only a third one adds height.
const skeleton = html`<div part="skeleton" aria-hidden="true">
  <div part="bone" class="bone"></div>
  <div part="bone" class="bone row"></div>
  <div part="bone" class="bone row"></div>
</div>`;

/**
 * A buy-now-pay-later checkout in one tag. It reads the checkout session from the merchant's BFF, shows the
 * providers that fit the cart with their instalment plans, collects the shopper's details, places the order and
 * sends the shopper to the provider. It renders in its own shadow root: no iframe, real labels, browser autofill.
 * Its colours follow the host page's color-scheme: `color-scheme: light dark` on the page or the element opts in
 * to the dark defaults under prefers-color-scheme: dark. When the cart changes on the page, the host's server updates
 * the session (PATCH /v1/checkout-sessions/:id) and the page calls refresh(), or dispatches `opi-cart-changed` on
 * window (with `detail.session` to name one checkout): the form stays as typed and the new total is announced.
 *
 * @summary Embeddable BNPL checkout: provider choice, shopper details, redirect to the provider.
 * @tag opi-checkout
 *
 * @fires {OpiReadyEvent} opi-ready - The session loaded and the providers are on screen. detail: `{ session, providers }` (provider names in display order, empty when none fits).
 * @fires {OpiProviderChangeEvent} opi-provider-change - The shopper chose a provider. detail: `{ provider }`.
 * @fires {OpiOrderCreatedEvent} opi-order-created - The order exists and the widget is about to redirect. Cancellable: call preventDefault() to take over. detail: `{ orderReference, redirectUrl }`.
 * @fires {OpiErrorEvent} opi-error - Loading, placing the order or redirecting failed; fired once the shopper sees the message, which `message` repeats. detail: `{ code, message, retryable }`.
 *
 * @csspart base - The wrapper of everything; carries lang and dir.
 * @csspart status - The polite live region (visually hidden) that announces status and errors.
 * @csspart skeleton - The loading placeholder, the height of a two-provider list.
 * @csspart bone - Each grey block of the skeleton: the legend's, then one per provider row.
 * @csspart providers - The provider radio group (a fieldset).
 * @csspart provider - One provider row; also `provider-selected` on the chosen one.
 * @csspart radio - A provider's radio button.
 * @csspart provider-label - The clickable label of a provider: logo or name, badge, plan.
 * @csspart provider-brand - The logo or name in a provider's label.
 * @csspart provider-logo - A provider's logo.
 * @csspart provider-name - A provider's name, shown when it has no logo.
 * @csspart badge - The "Recommended" badge.
 * @csspart provider-plan - The instalment plan and its interval ("4 × AED 25.00 · monthly").
 * @csspart provider-terms - A provider's own terms, shown when it gives no instalment plan.
 * @csspart provider-cost - What a plan costs in all, its interest and fees, in the provider's label ("Total AED 100.00 · interest-free").
 * @csspart schedule - The chosen plan's schedule, a disclosure (`details`) in the form.
 * @csspart schedule-summary - Its summary, which opens it ("Payment schedule with Tabby").
 * @csspart schedule-list - The list of instalments in it.
 * @csspart schedule-item - One instalment: when it is due, and how much.
 * @csspart terms-link - The provider's terms, where the options give them as a link.
 * @csspart unavailable - The list of providers that do not fit this cart, with why.
 * @csspart unavailable-item - One entry of that list ("Tamara: available from AED 50.00").
 * @csspart form - The details form.
 * @csspart fieldset - Each group of the form; also `customer`, `billing` or `shipping`.
 * @csspart legend - Each group title.
 * @csspart fields - The grid of fields in a group.
 * @csspart field - A label, its control and its error.
 * @csspart label - Each label.
 * @csspart input - Each text input and select; selects also have `select`.
 * @csspart select - Each select (country, delivery method).
 * @csspart checkbox - The "ship to my billing address" checkbox.
 * @csspart error - The error text under a field.
 * @csspart alert - The form-level message after a failed submit.
 * @csspart submit - The pay button.
 * @csspart message - A panel that stands in for the form: error, expired, no provider, redirecting; focused when
 *   it replaces the control that had focus.
 * @csspart message-text - The sentence in that panel.
 * @csspart link - While redirecting, that sentence as a link to the provider's page, in case the navigation does not
 *   happen.
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
 * @cssprop [--opi-max-inline-size=40rem] - The widget's widest; `none` to fill its container.
 * @cssprop [--opi-font-family=inherit] - Font; the host page's by default.
 * @cssprop [--opi-font-size=1rem] - Base font size; everything else is relative to it.
 * @cssprop [--opi-spacing=1rem] - Base spacing unit.
 */
export class OpiCheckout extends OpiElement<Strings> {
  static override styles = styles;
  static override shadowRootOptions: ShadowRootInit = { ...LitElement.shadowRootOptions, delegatesFocus: true };
  static override properties: PropertyDeclarations = {
    session: {},
    phase: STATE,
    checkout: STATE,
    selected: STATE,
    notice: STATE,
  };

  /** The checkout session id the merchant's server created (cs_...). Changing it loads the new session. */
  session = '';

  /** Opens the provider's page (default: window.location.assign); a seam for tests and single-page apps. */
  navigate: (url: string) => void = (url) => window.location.assign(url);

  /** Words of the page's own for any catalogue entry, in whatever language is active: `{ pay: 'Buy now: {amount}' }`. */
  declare strings: StringOverrides;

  /** Adds or corrects a language for every `<opi-checkout>`: `OpiCheckout.addStrings('ko', { ... })`. */
  static addStrings(tag: string, words: StringOverrides): void {
    addStrings(catalogues, tag, words, 'OpiCheckout');
  }

  protected readonly catalogues = catalogues;

  // What the details form reads and sets (FormHost, checked where the form is made: no `implements`, which the
  // published declarations, without these @internal members, could not keep): public for its chunk, left out of the
  // element's API.
  /** @internal */
  phase: Phase = 'loading';
  /** @internal */
  checkout?: CheckoutSession;
  /** @internal */
  notice?: Notice;
  /** @internal */
  selected?: string;

  /** Why the checkout failed, while the phase is "failed", and whether trying again can help. */
  private failure = { code: '', retryable: true };
  private readonly loads = new NewestLoad(this, (signal) => this.load(signal));
  /** The details form once its chunk is here, and the chunk's load while on its way (started with the first read). */
  private form?: DetailsForm;
  private formLoad?: Promise<void>;
  /**
   * A message that replaced the focused control (expired, redirecting, ...) takes the focus, not the page's body; so
   * do the providers when the form closed (a reload no longer offers the chosen one).
   */
  private readonly focusReturn = new FocusReturn(this);

  /**
   * Fetches the session again, after the host's server changed its cart (PATCH /v1/checkout-sessions/:id): entries
   * the shopper typed and a still-offered provider choice are kept, and a changed total is announced. Once the order is
   * placed (redirecting, or handed to the page) it does nothing: no form reopens to pay again.
   */
  refresh(): Promise<void> {
    return this.loads.run();
  }

  private get placed(): boolean {
    return this.phase === 'redirecting' || this.phase === 'handed-off';
  }

  /**
   * The newest load: one a newer load aborted ends early, and whoever waits for the session waits for this.
   * @internal
   */
  get loaded(): Promise<void> | undefined {
    return this.loads.loaded;
  }

  private async load(signal: AbortSignal): Promise<void> {
    // Once the order is placed (on its way to the provider, or handed to the page), no reload reopens a form to pay.
    if (!this.session || this.placed) return;
    // While an order is sent, only the data is read: the phase stays the placement's, and a form reopened after a
    // refusal shows the new total.
    const placing = this.phase === 'submitting';
    const before = this.checkout;
    // A reload behind an open form keeps the form on screen; only a first load or a failure shows the skeleton.
    if (this.phase === 'failed') this.phase = 'loading';
    try {
      // The form's chunk travels beside the session read: no round trip of its own.
      this.loadForm();
      const checkout = await readSession(this.bff(), this.session, signal);
      if (checkout.state !== 'open') throw new CheckoutApiError(`session_${checkout.state}`);
      this.checkout = checkout;
      this.form?.fill(checkout, before);
      const names = checkout.providers.map((provider) => provider.name);
      // A provider no longer offered takes its form's notice with it (a refusal sets its own after the reload).
      if (!names.includes(this.selected!)) {
        this.selected = names.length === 1 ? names[0] : undefined;
        this.notice = undefined;
      }
      if (placing) return;
      // The form's chunk failed while the session was read: the providers would show, but nothing could be paid.
      if (!this.formLoad) return this.fail(new CheckoutApiError('bff_unreachable', true));
      this.phase = 'ready';
      await this.updateComplete;
      // Cut short meanwhile (the element moved): the run that replaces it tells the page.
      if (signal.aborted) return;
      this.dispatchEvent(new OpiReadyEvent({ session: checkout.id, providers: names }));
    } catch (error) {
      // A newer load took over; its outcome is the one to show.
      if (!signal.aborted) this.fail(toApiError(error));
    }
  }

  /** Fetches the form's chunk once (again after a failure); the form is drawn, filled, when it is here. */
  private loadForm(): void {
    this.formLoad ??= loadDetailsForm().then(
      ({ DetailsForm }) => {
        this.form = new DetailsForm(this);
        if (this.checkout) this.form.fill(this.checkout);
        this.requestUpdate();
      },
      () => {
        this.formLoad = undefined;
        // The providers are on screen but nothing can be paid: as a BFF out of reach, with a retry.
        if (this.phase === 'ready') this.fail(new CheckoutApiError('bff_unreachable', true));
        this.requestUpdate();
      },
    );
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('session') && this.placed) this.phase = 'loading'; // another checkout: nothing is placed in it
    if (changed.has('session') || changed.has('apiBase')) void this.refresh();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('opi-cart-changed', this.onCartChanged);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('opi-cart-changed', this.onCartChanged);
  }

  /** The page's `opi-cart-changed` event: every checkout refreshes, or only that session's when the detail names one. */
  private onCartChanged = (event: Event): void => {
    const session = (event as CustomEvent<{ session?: string } | null>).detail?.session;
    if (!session || session === this.session) void this.refresh();
  };

  /**
   * Where the focus goes when what held it is gone: the message that stands, else the chosen provider, else the first.
   * @internal
   */
  refocus(): void {
    (this.find('.message,[name=provider]:checked') ?? this.find('[name=provider]'))?.focus();
  }

  protected override contentLocale(): string | undefined {
    return this.checkout?.locale;
  }

  /** @internal */
  get provider() {
    return this.checkout?.providers.find((provider) => provider.name === this.selected);
  }

  /**
   * Ends the checkout with a message in place of the form, or (with a notice) keeps the form; tells the host.
   * @internal
   */
  fail({ code, retryable }: CheckoutApiError, notice?: Notice): void {
    this.phase = notice ? 'ready' : 'failed';
    this.failure = { code, retryable };
    this.notice = notice;
    void this.tell(code, retryable, notice);
  }

  /**
   * opi-error, once the shopper reads it, in the same words: a failure's come with the form's chunk, asked for with
   * the session.
   */
  private async tell(code: string, retryable: boolean, notice?: Notice): Promise<void> {
    await this.formLoad;
    await this.updateComplete;
    const strings = this.text() ?? this.catalogues.en;
    const message = notice
      ? notice(strings, this.say)
      : (this.form?.failureText(code, strings, retryable) ?? strings.failures.bff_unreachable);
    this.dispatchEvent(new OpiErrorEvent({ code, message, retryable }));
  }

  /**
   * The order is placed: a reload still on its way (a cart change meanwhile) may change nothing now, nor fail it. The
   * page hears of it (opi-order-created), and false when it takes over.
   * @internal
   */
  orderCreated(created: PlaceOrderResponse): boolean {
    this.loads.stop();
    return this.dispatchEvent(new OpiOrderCreatedEvent({ ...created }));
  }

  private onProviderChange(event: Event): void {
    const provider = (event.target as HTMLInputElement).value;
    this.selected = provider;
    // What was said is said: a new total announced before is not read out again once the notice goes.
    this.form?.reset();
    this.notice = undefined;
    this.dispatchEvent(new OpiProviderChangeEvent({ provider }));
  }

  override render(): TemplateResult {
    const strings = this.text();
    const { lang, dir } = this.speech(strings);
    const { status, content } = strings ? this.renderPhase(strings) : { status: '', content: skeleton };
    return html`<div part="base" class="base" lang=${lang} dir=${dir}><div part="status" class="sr-only" role="status">${this.form?.live.says(status) ?? status}</div>${content}</div>`;
  }

  /** What the live region says and what is on screen in this phase. */
  private renderPhase(strings: Strings): { status: string; content: unknown } {
    const { phase, checkout } = this;
    if (phase === 'loading') return { status: strings.loading, content: skeleton };
    const locale = this.formatLocale;
    const money = (minor: number) => formatMoney(minor, checkout!.currency, locale);
    const { say, form } = this;
    // What stands in for the form in this phase (also what the live region says), or undefined for the form. After
    // a failure or the order, the form's chunk has the words: until it is here, the skeleton; if it cannot come, that
    // the checkout is out of reach (its retry fetches the chunk again).
    let outcome: (Partial<Outcome> & { text: string }) | undefined;
    if (phase === 'failed' || this.placed) {
      if (!form && this.formLoad) return { status: strings.loading, content: skeleton };
      outcome = form?.outcome(strings, say, this.failure) ?? { text: strings.failures.bff_unreachable, retry: true };
    } else if (!checkout?.providers.length) outcome = { text: strings.noProvider };
    const notes = checkout ? unavailableNotes(checkout.unavailableProviders, strings, say, money) : nothing;
    if (outcome) {
      const stateText = outcome.text;
      return {
        // A message that takes the focus (it replaced what had it) is read out as focused: the live region keeps
        // quiet, or it would be heard twice.
        status: this.focusReturn.had ? '' : stateText,
        content: html`<div part="message" class="message" tabindex="-1">
          <p part="message-text">${outcome.link ? html`<a part="link" href=${outcome.link}>${stateText}</a>` : stateText}</p>
          ${phase === 'ready' ? notes : nothing}
          ${outcome.retry ? html`<button part="button retry" type="button" @click=${this.retry}>${strings.retry}</button>` : nothing}
        </div>`,
      };
    }
    const count = checkout!.providers.length;
    // While the order is sent, the provider stays the one it was sent with (the redirect message names it).
    const submitting = phase === 'submitting';
    return {
      status: submitting
        ? strings.submitting
        : (this.notice?.(strings, say) ??
          this.form?.announcement(strings, say, money) ??
          say(strings.providerCount, { count })),
      content: html`${providerList(checkout!.providers, strings, say, money, this.selected, this.onProviderChange, submitting, this.form?.costOf)}${notes}${this.renderForm(strings, say, money)}`,
    };
  }

  /** Focus ends on what the reload shows: the message that stands (a failure again), or the providers. */
  private async retry(): Promise<void> {
    await this.refresh();
    await this.updateComplete;
    this.refocus();
  }

  /** @internal */
  find(selector: string): HTMLElement | null {
    return this.renderRoot.querySelector<HTMLElement>(selector);
  }

  private renderForm(strings: Strings, say: Say, money: (minor: number) => string): unknown {
    // Without a provider (a reload no longer offers the chosen one) there is no form, but the notice still says why.
    const alert = this.notice ? html`<p part="alert" class="error">${this.notice(strings, say)}</p>` : nothing;
    return this.form?.render({ strings, say, money, language: this.language, alert }) ?? alert;
  }
}
