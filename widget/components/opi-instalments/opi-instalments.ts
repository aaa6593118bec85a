import { html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { formatMoney } from '../../../shared/money.js';
import { NewestLoad } from '../../internal/newest-load.js';
import { addStrings, OpiElement } from '../../internal/opi-element.js';
import type { Provider } from '../../internal/provider-model.js';
import { catalogues, type InstalmentStringOverrides, type InstalmentStrings } from './i18n/index.js';
import { fetchInstalments, type Plans } from './instalments-client.js';
import { styles } from './opi-instalments.styles.js';
import { bestPlan, hasPlan, type Planned, schedule } from './plans.js';

/** A product page's variant picker may change the amount on every key press: one request once it settles. */
const DEBOUNCE_MS = 300;

/**
 * Buy-now-pay-later messaging for product and cart pages: the best plan for an amount ("or 4 × AED 25.00
 * interest-free with Tabby") and, behind "Learn more", a dialog with every eligible provider's plan and schedule.
 * It reads the merchant BFF's public GET /v1/instalments (no session, nothing about the shopper). Under every
 * provider's minimum it says from which amount instalments are offered; when no provider fits at all, or the BFF
 * cannot be reached, it shows nothing: the page works the same without it.
 *
 * @summary Instalment plans for an amount, before the checkout.
 * @tag opi-instalments
 *
 * @csspart base - The wrapper of everything; carries lang and dir, busy until the first answer.
 * @csspart message - The sentence with the best plan, or the minimum amount: the one polite live region.
 * @csspart brand - The provider's logo or name in the sentence.
 * @csspart logo - A provider's logo.
 * @csspart learn-more - The button that opens the dialog.
 * @csspart dialog - The dialog listing every eligible plan.
 * @csspart dialog-title - Its heading.
 * @csspart close - Its close button.
 * @csspart plan - One provider's plan in the dialog.
 * @csspart schedule - The list of a plan's instalments: when, and how much.
 *
 * @cssprop [--opi-color-text=#1b1b1f] - Text colour (dark scheme default #ececf1).
 * @cssprop [--opi-color-muted=#53535f] - Secondary text (dark #b4b4c0).
 * @cssprop [--opi-color-background=#ffffff] - Background of the dialog (dark #17171c).
 * @cssprop [--opi-color-border=#7c7c88] - Borders (dark #8d8d99).
 * @cssprop [--opi-color-accent=#0b57d0] - Links and the focus ring (dark #a8c7fa).
 * @cssprop [--opi-radius=0.5rem] - Corner radius of the dialog.
 * @cssprop [--opi-font-family=inherit] - Font; the host page's by default.
 * @cssprop [--opi-font-size=1rem] - Base font size.
 * @cssprop [--opi-spacing=1rem] - Base spacing unit.
 */
export class OpiInstalments extends OpiElement<InstalmentStrings> {
  static override styles = styles;
  static override properties: PropertyDeclarations = {
    amount: {},
    currency: {},
    country: {},
    channel: {},
    plans: { state: true },
  };

  /** The price, in the currency's major unit as a decimal ("100.00"). Changing it updates the message. */
  amount = '';

  /** ISO 4217 currency code (AED). */
  currency = '';

  /** ISO 3166-1 alpha-2 country of the shop (AE). */
  country = '';

  /** The merchant's sales channel, when its providers are configured per channel. */
  channel = '';

  /** Replacement text for any catalogue entry, in whatever language is active: `{ learnMore: 'Details' }`. */
  declare strings: InstalmentStringOverrides;

  /** Adds or corrects a language for every `<opi-instalments>`: `OpiInstalments.addStrings('ko', { ... })`. */
  static addStrings(tag: string, words: InstalmentStringOverrides): void {
    addStrings(catalogues, tag, words, 'OpiInstalments');
  }

  protected readonly catalogues = catalogues;
  private plans?: Plans;
  /** A load has started: every later one waits for the page to settle. */
  private asked = false;
  private readonly loads = new NewestLoad(this, (signal) => this.load(signal));

  // In updated(), not willUpdate(): a server-side renderer calls willUpdate, and must not fetch.
  protected override updated(changed: PropertyValues<this>): void {
    const query = ['amount', 'currency', 'country', 'channel', 'apiBase'] as const;
    if (query.some((name) => changed.has(name))) void this.loads.run();
  }

  private async load(signal: AbortSignal): Promise<void> {
    // The first ask goes at once; a later one waits for the page to settle, and a newer one aborts it (its wait too).
    if (this.asked) await new Promise((resolve) => setTimeout(resolve, DEBOUNCE_MS));
    this.asked = true;
    if (signal.aborted) return;
    const { amount, currency, country, channel } = this;
    // Nothing to ask about until the page has said what: no request, and nothing shown.
    if (!amount || !currency || !country) {
      this.plans = { providers: [], unavailableProviders: [], currency };
      return;
    }
    try {
      this.plans = await fetchInstalments(this.bff(), { amount, currency, country, channel }, signal);
    } catch {
      // A newer request took over; otherwise say nothing rather than something wrong.
      if (!signal.aborted) this.plans = { providers: [], unavailableProviders: [], currency };
    }
  }

  override render(): TemplateResult {
    const strings = this.text();
    const { lang, dir } = this.speech(strings);
    return html`<div part="base" class="base" lang=${lang} dir=${dir} aria-busy=${!strings || !this.plans}>
      ${strings && this.plans ? this.renderPlans(strings, this.plans) : nothing}
    </div>`;
  }

  private renderPlans(
    strings: InstalmentStrings,
    { providers, currency, availableFrom }: Plans,
  ): TemplateResult | typeof nothing {
    const locale = this.formatLocale;
    const money = (minor: number) => formatMoney(minor, currency, locale);
    const best = bestPlan(providers);
    // The sentence alone is a live region, one element whatever it says: a change of it (a variant picked, a price
    // past a minimum) is said, not its first showing (a page of 24 products would say 24), nor the dialog.
    const shown = (sentence: unknown, dialog: unknown = nothing) =>
      html`<p part="message" aria-live="polite">${sentence}</p>${dialog}`;
    if (!best) {
      return availableFrom === undefined
        ? nothing
        : shown(this.say(strings.availableFrom, { amount: money(availableFrom) }));
    }
    const plan = ({ instalments }: Planned) =>
      this.say(strings.plan, { count: instalments.count, amount: money(instalments.amount) });
    // The provider's logo goes where the language puts its name in the sentence.
    const [before, after] = this.say(best.interestRate === 0 ? strings.offerInterestFree : strings.offer, {
      plan: plan(best),
    }).split('{provider}');
    return shown(
      html`${before}${brand(best)}${after}
        <button part="learn-more" type="button" aria-haspopup="dialog" @click=${this.open}>${strings.learnMore}</button>`,
      html`<dialog part="dialog" aria-labelledby="title" @click=${this.onDialogClick}>
        <div class="head">
          <h2 part="dialog-title" id="title">${strings.dialogTitle}</h2>
          <button part="close" type="button" @click=${this.close}>${strings.close}</button>
        </div>
        ${providers.filter(hasPlan).map(
          (provider) => html`<section part="plan" aria-label=${provider.displayName}>
            <h3>${brand(provider)}</h3>
            <p class="muted">
              ${plan(provider)} · ${strings.interval[provider.instalments.interval]}${provider.interestRate === 0 ? ` · ${strings.interestFree}` : ''}
            </p>
            <ol part="schedule">
              ${schedule(provider.instalments, locale).map(
                ({ when, amount }) => html`<li><span>${when}</span><span>${money(amount)}</span></li>`,
              )}
            </ol>
          </section>`,
        )}
      </dialog>`,
    );
  }

  private get dialog() {
    return this.renderRoot.querySelector('dialog');
  }

  private open(): void {
    this.dialog?.showModal();
  }

  private close(): void {
    this.dialog?.close();
    this.renderRoot.querySelector<HTMLElement>('[part~="learn-more"]')?.focus();
  }

  /**
   * A click on the backdrop closes it: on the dialog element itself and outside its box (a click in its padding or
   * between its sections targets the dialog element too).
   */
  private onDialogClick({ target, clientX: x, clientY: y }: MouseEvent): void {
    const box = this.dialog!.getBoundingClientRect();
    if (target === this.dialog && (x < box.left || x > box.right || y < box.top || y > box.bottom)) this.close();
  }
}

const brand = (provider: Provider) =>
  html`<span part="brand" class="brand">${
    provider.logoUrl
      ? html`<img part="logo" src=${provider.logoUrl} alt=${provider.displayName} />`
      : provider.displayName
  }</span>`;
