// The shopper's details form and its checks: a chunk of its own, loaded by <opi-checkout> with the session read (in
// parallel, so it costs no round trip and the form never shows empty), never before the first paint of the providers.
import { html, nothing, type TemplateResult } from 'lit';
import { PHONE_DIGITS } from '../../../shared/field-rules.js';
import type { Say } from '../../internal/i18n.js';
import { countryOptions } from './countries.js';
import { CUSTOMER_FIELDS } from './form-fields.js';
import type { ErrorKind, Strings } from './i18n/index.js';
import { formLayout, problemFor, validateOrder, type Values, visiblePath } from './order-form.js';
import { field, sameAsBillingToggle, shippingMethodField, type FieldContext } from './render/fields.js';
import type { CheckoutSession, Provider } from './session-model.js';

export {
  formLayout,
  initialSameAsBilling,
  initialValues,
  problemFor,
  validateOrder,
  visiblePath,
} from './order-form.js';

/** What the form is drawn from: the element's state, and its handlers (Lit calls them on the element). */
export interface FormView {
  strings: Strings;
  say: Say;
  money: (minor: number) => string;
  language: string;
  checkout: CheckoutSession;
  provider: Provider;
  values: Values;
  sameAsBilling: boolean;
  /** Fields whose problems are shown: those the shopper has left, and all ("*") after a submit. */
  touched: ReadonlySet<string>;
  serverProblems: ReadonlyMap<string, ErrorKind>;
  submitting: boolean;
  /** The form-level message after a failed submit, already drawn. */
  alert: unknown;
  onSubmit: (event: SubmitEvent) => void;
  onInput: (event: Event) => void;
  onFocusOut: (event: FocusEvent) => void;
}

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

export function detailsForm(view: FormView): TemplateResult {
  const { strings, say, checkout, provider, sameAsBilling, touched, submitting } = view;
  const layout = formLayout(checkout, provider, sameAsBilling);
  const { problems } = validateOrder(provider, view.values, layout, sameAsBilling);
  const ctx: FieldContext = {
    strings,
    say,
    value: (path) => view.values[path] ?? '',
    error: (path) => {
      const problem =
        view.serverProblems.get(path) ?? (touched.has('*') || touched.has(path) ? problems.get(path) : undefined);
      return problem && say(strings.errors[problem], PHONE_DIGITS);
    },
    countries: countryOptions(view.language, checkout.country),
    required: layout.required,
  };
  const fieldset = (part: string, legend: string, content: unknown) =>
    html`<fieldset part="fieldset ${part}"><legend part="legend">${legend}</legend><div part="fields" class="fields">${content}</div></fieldset>`;
  return html`<form part="form" novalidate aria-busy=${submitting} @submit=${view.onSubmit} @input=${view.onInput} @change=${view.onInput} @focusout=${view.onFocusOut}>
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
    ${view.alert}
    <button part="submit" type="submit" aria-disabled=${submitting}>
      ${submitting ? strings.submitting : say(strings.pay, { amount: view.money(checkout.amount), provider: provider.displayName })}
    </button>
  </form>`;
}
