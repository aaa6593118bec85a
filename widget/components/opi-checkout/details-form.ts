// The shopper's details form and what follows it, a chunk of its own: its fields, checks and submit, the sentences of
// a failure or of the order placed, and the way back from the provider. <opi-checkout> loads it with the session read
// (in parallel, so it costs no round trip and the form never shows empty), never before the first paint of the
// providers; what the form holds (the entries, what was left, the BFF's field errors, the attempt's idempotency key)
// lives here, and the element draws it through render() and outcome().
import { html, nothing, type ReactiveController, type TemplateResult } from 'lit';
import { PHONE_DIGITS } from '../../../shared/field-rules.js';
import { CheckoutApiError, toApiError } from '../../internal/api-error.js';
import type { Say } from '../../internal/i18n.js';
import { LiveRegion } from '../../internal/live-region.js';
import { countryOptions } from './countries.js';
import { failureText, isFinal } from './failures.js';
import { adoptFormStyles } from './form.styles.js';
import type { FormHost, Notice } from './form-host.js';
import { CUSTOMER_FIELDS } from './form-fields.js';
import type { ErrorKind, Strings } from './i18n/index.js';
import {
  formLayout,
  initialSameAsBilling,
  initialValues,
  problemFor,
  validateOrder,
  type Values,
  visiblePath,
} from './order-form.js';
import { placeOrder } from './order-client.js';
import { isSafeRedirect } from './redirect.js';
import { field, sameAsBillingToggle, shippingMethodField, type FieldContext } from './render/fields.js';
import type { LastAttempt } from '../../../shared/schemas/checkout-api.js';
import type { CheckoutSession, Provider } from './session-model.js';
import type { PlanCosts } from './plan-cost.js';

/** What the element gives the form to draw with. */
export interface FormView {
  strings: Strings;
  say: Say;
  money: (minor: number) => string;
  language: string;
  /** The form-level message after a failed submit, already drawn. */
  alert: unknown;
}

const fixFields =
  (count: number): Notice =>
  (strings, say) =>
    say(strings.fixFields, { count });

/**
 * The BFF's field errors beside their fields (a shipping path shown as billing's while the toggle is on); `unplaced`
 * when one names a field the form does not show, or none is named: the form-level notice then says why.
 */
export function placeFieldErrors(
  errors: readonly { path: string }[],
  sameAsBilling: boolean,
  values: Values,
  shown: (name: string) => unknown,
): { placed: Map<string, ErrorKind>; unplaced: boolean } {
  const placed = new Map<string, ErrorKind>();
  let unplaced = errors.length === 0;
  for (const { path } of errors) {
    const target = visiblePath(path, sameAsBilling);
    if (shown(target)) placed.set(target, problemFor(target, values[target]));
    else unplaced = true;
  }
  return { placed, unplaced };
}

/**
 * What stands in for the form: its sentence, whether a retry button can help, and while redirecting the provider's
 * page, as a plain link too in case the navigation does not happen.
 */
export interface Outcome {
  text: string;
  retry: boolean;
  link?: string;
}

/** The details form of one <opi-checkout>: what the shopper typed, the way it is sent, and what follows. */
export class DetailsForm implements ReactiveController {
  private values: Values = {};
  private sameAsBilling = true;
  /** Fields whose problems are shown: those the shopper has left, and all ("*") after a submit. */
  private touched: ReadonlySet<string> = new Set();
  private serverProblems: ReadonlyMap<string, ErrorKind> = new Map();
  /** One idempotency key per submit attempt; a retry of the very same order reuses it. */
  private attempt?: { key: string; body: string };
  /** Said once in the live region: the total changed under the shopper's eyes. */
  private totalChanged = false;
  /** Where the shopper is sent, once the order is placed. */
  private redirectUrl = '';

  /** The next read of a session whose latest attempt is still pending. */
  private following?: ReturnType<typeof setTimeout>;

  /** The form's styles are in the shadow root: added when it is first drawn, not while no provider is chosen. */
  private styled = false;

  /** Each plan's cost (its chunk, with the words of the language they were asked for). */
  private plans?: PlanCosts;
  private planLanguage = '';

  /** The element's polite live region, quiet for a moment when the form says the same again (its submit's). */
  readonly live: LiveRegion;

  constructor(private readonly host: FormHost) {
    host.addController(this);
    this.live = new LiveRegion(host);
  }

  hostUpdate(): void {
    const { language } = this.host;
    if (language === this.planLanguage) return;
    this.planLanguage = language;
    void import('./plan-cost.js')
      .then(({ planCosts }) => planCosts(language))
      .then((plans) => {
        if (this.planLanguage !== language) return;
        this.plans = plans;
        this.host.requestUpdate();
      });
  }

  hostConnected(): void {
    window.addEventListener('pageshow', this.onPageShow);
  }

  hostDisconnected(): void {
    window.removeEventListener('pageshow', this.onPageShow);
    clearTimeout(this.following);
  }

  /**
   * Back from the provider through the back/forward cache: the page is as it was left, "Taking you to ..." included.
   * The checkout reads its session again and shows it as it is now (paid elsewhere, or open for another try).
   */
  private onPageShow = (event: PageTransitionEvent): void => {
    const { host } = this;
    if (event.persisted && host.phase === 'redirecting') {
      host.phase = 'loading';
      void host.refresh();
    }
  };

  /** A failure's sentence: "try again" only where it can help, "choose another" only where there is another. */
  failureText(code: string, strings: Strings, retryable: boolean): string {
    return failureText(code, strings, { retryable, others: (this.host.checkout?.providers.length ?? 0) > 1 });
  }

  /**
   * What stands in for the form once the checkout failed (a retry button only where pressing it can help, never for a
   * refusal the BFF says is final) or the order is placed.
   */
  outcome(strings: Strings, say: Say, { code, retryable }: { code: string; retryable: boolean }): Outcome {
    const { phase, provider } = this.host;
    if (phase === 'failed')
      return { text: this.failureText(code, strings, retryable), retry: retryable && !isFinal(code) };
    const named = { provider: provider?.displayName ?? '' };
    return phase === 'redirecting'
      ? { text: say(strings.redirecting, named), retry: false, link: this.redirectUrl }
      : { text: say(strings.handedOff, named), retry: false };
  }

  /**
   * The values from the session: its prefill under what the shopper typed; the first session read (no `before`) sets
   * the shipping toggle too, a later one with another total has it announced.
   */
  fill(checkout: CheckoutSession, before?: CheckoutSession): void {
    if (!before) this.sameAsBilling = initialSameAsBilling(checkout);
    else if (before.amount !== checkout.amount) this.totalChanged = true;
    this.values = initialValues(checkout, this.values);
    const attempt = checkout.lastAttempt;
    const told = before?.lastAttempt;
    if (attempt && (attempt.attempt !== told?.attempt || attempt.outcome !== told.outcome))
      void this.tellAttempt(checkout, attempt);
    this.host.requestUpdate();
  }

  /**
   * Back from the provider: the attempt's chunk says how it ended and chooses the provider to pay with next; one still
   * pending is read again every few seconds (local choice: 5 s) until it ends.
   */
  private async tellAttempt(checkout: CheckoutSession, attempt: LastAttempt): Promise<void> {
    const { host } = this;
    clearTimeout(this.following);
    if (attempt.outcome === 'pending') this.following = setTimeout(() => void host.refresh(), 5_000);
    const { attemptWords, attemptNotice, nextProvider } = await import('./attempt.js');
    const words = await attemptWords(host.language);
    if (host.checkout !== checkout) return; // a newer read has its own say
    host.selected = nextProvider(checkout, attempt);
    host.notice = attemptNotice(words, checkout, attempt, host.selected);
  }

  /** Each plan's cost beside its provider, once its chunk and the words of the shopper's language are here. */
  costOf = (provider: Provider, say: Say, money: (minor: number) => string): unknown =>
    this.plans?.costLine(provider, say, money);

  /** Another provider: its problems show once the shopper leaves a field or sends the form; what was said is said. */
  reset(): void {
    this.touched = new Set();
    this.serverProblems = new Map();
    this.totalChanged = false;
  }

  /** What the live region says of the form: a new total, until the shopper chooses again. */
  announcement(strings: Strings, say: Say, money: (minor: number) => string): string | undefined {
    const { checkout } = this.host;
    return this.totalChanged && checkout ? say(strings.totalChanged, { amount: money(checkout.amount) }) : undefined;
  }

  private onInput = (event: Event): void => {
    const { name, value, checked } = event.target as HTMLInputElement;
    if (name === 'sameAsBilling') this.sameAsBilling = checked;
    else this.values = { ...this.values, [name]: value };
    const rest = new Map(this.serverProblems);
    if (rest.delete(name)) this.serverProblems = rest;
    this.host.requestUpdate();
  };

  /** A field counts as touched once left, empty or not: a required field passed over says so at once. */
  private onFocusOut = (event: FocusEvent): void => {
    this.touched = new Set([...this.touched, (event.target as HTMLInputElement).name]);
    this.host.requestUpdate();
  };

  private onSubmit = async (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    const { host, sameAsBilling } = this;
    const { provider, checkout } = host;
    if (host.phase !== 'ready' || !provider || !checkout) return;
    this.touched = new Set(['*']);
    this.serverProblems = new Map();
    host.requestUpdate();
    const { order, problems } = validateOrder(
      provider,
      this.values,
      formLayout(checkout, provider, sameAsBilling),
      sameAsBilling,
    );
    host.notice = order ? undefined : fixFields(problems.size);
    if (!order) {
      // A second failed submit with the same count is announced again: the region goes quiet for a moment first,
      // long enough for the browser to pass the empty text to the accessibility tree.
      await this.live.sayAgainAfter(() => this.focusFirstInvalid());
      return;
    }
    const body = JSON.stringify(order);
    if (this.attempt?.body !== body) this.attempt = { key: crypto.randomUUID(), body };
    host.phase = 'submitting';
    try {
      const created = await placeOrder(host.bff(), host.session, order, this.attempt.key);
      this.attempt = undefined;
      if (!isSafeRedirect(created.redirectUrl)) throw new CheckoutApiError('unsafe_redirect');
      const proceed = host.orderCreated(created);
      this.redirectUrl = created.redirectUrl;
      host.phase = proceed ? 'redirecting' : 'handed-off';
      await host.updateComplete;
      if (proceed) host.navigate(created.redirectUrl);
    } catch (caught) {
      const error = toApiError(caught);
      if (!error.retryable) this.attempt = undefined;
      if (!(await this.reopen(error))) return;
      // Each BFF field error goes beside its field; one the form does not show makes the notice a general one. The
      // form opens again with its notice in one render (fail()), so the live region says nothing of it in between.
      await host.updateComplete;
      const { placed, unplaced } = placeFieldErrors(error.fieldErrors, sameAsBilling, this.values, (name) =>
        host.find(`[name="${name}"]`),
      );
      this.serverProblems = placed;
      const code = error.code === 'validation_failed' && unplaced ? '' : error.code;
      host.fail(
        error,
        unplaced ? (strings) => this.failureText(code, strings, error.retryable) : fixFields(placed.size),
      );
      await this.focusFirstInvalid();
    }
  };

  /**
   * After a refused submit: false when the checkout ends (a refusal that needs a new session, or the reload a changed
   * cart asked for failed); true once the form may open again, with the session read anew where it changed.
   */
  private async reopen(error: CheckoutApiError): Promise<boolean> {
    const { host } = this;
    if (isFinal(error.code)) {
      host.fail(error);
      return false;
    }
    // The merchant changed the cart meanwhile: the new total and providers come before the form opens again, so a
    // second press cannot pay a total the shopper has not seen; a reload that failed leaves the form closed.
    if (error.code === 'session_changed') {
      await host.refresh();
      await host.loaded; // a newer reload (the page's opi-cart-changed) took over: its outcome first
    }
    return host.phase !== 'failed';
  }

  /**
   * The first field to fix; or the providers, when the form closed under the focus (its provider is gone) and left it
   * on the page's body, never taken from where the shopper moved it meanwhile.
   */
  private async focusFirstInvalid(): Promise<void> {
    const { host } = this;
    await host.updateComplete;
    const invalid = host.find('[aria-invalid=true]');
    if (invalid) invalid.focus();
    else if (!host.provider && document.activeElement === document.body) host.refocus();
  }

  render({ strings, say, money, language, alert }: FormView): TemplateResult | undefined {
    const { checkout, provider, phase, shadowRoot } = this.host;
    if (!checkout || !provider) return undefined;
    if (!this.styled) adoptFormStyles(shadowRoot!);
    this.styled = true;
    const { sameAsBilling, touched, values } = this;
    const submitting = phase === 'submitting';
    const layout = formLayout(checkout, provider, sameAsBilling);
    const { problems } = validateOrder(provider, values, layout, sameAsBilling);
    const ctx: FieldContext = {
      strings,
      say,
      value: (path) => values[path] ?? '',
      error: (path) => {
        const problem =
          this.serverProblems.get(path) ?? (touched.has('*') || touched.has(path) ? problems.get(path) : undefined);
        return problem && say(strings.errors[problem], PHONE_DIGITS);
      },
      countries: countryOptions(language, checkout.country),
      required: layout.required,
    };
    const fieldset = (part: string, legend: string, content: unknown) =>
      html`<fieldset part="fieldset ${part}"><legend part="legend">${legend}</legend><div part="fields" class="fields">${content}</div></fieldset>`;
    return html`<form part="form" novalidate aria-busy=${submitting} @submit=${this.onSubmit} @input=${this.onInput} @change=${this.onInput} @focusout=${this.onFocusOut}>
      ${fieldset(
        'customer',
        strings.customerLegend,
        CUSTOMER_FIELDS.map((name) => field('customer', name, ctx)),
      )}
      ${fieldset(
        'billing',
        strings.billingLegend,
        layout.billing.map((name) => field('billingAddress', name, ctx)),
      )}
      ${
        layout.shipping || layout.shippingMethod
          ? fieldset('shipping', strings.shippingLegend, [
              layout.shippingMethod ? shippingMethodField(ctx) : nothing,
              layout.shipping ? sameAsBillingToggle(sameAsBilling, strings.sameAsBilling) : nothing,
              layout.shippingFields.map((name) => field('shippingAddress', name, ctx)),
            ])
          : nothing
      }
      ${this.plans?.schedule(provider, say, money)}
      ${alert}
      <button part="submit" type="submit" aria-disabled=${submitting}>
        ${submitting ? strings.submitting : say(strings.pay, { amount: money(checkout.amount), provider: provider.displayName })}
      </button>
    </form>`;
  }
}
