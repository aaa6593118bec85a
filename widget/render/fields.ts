// One labelled control per field descriptor: label for/id, aria-invalid and aria-describedby within one shadow
// root, the error text right below its control.
import { html, nothing, type TemplateResult } from 'lit';
import { SHIPPING_METHODS } from '../../shared/fields.js';
import type { CountryOption } from '../countries.js';
import { autocompleteFor, fieldPath, type FieldDescriptor, type Section } from '../form-fields.js';
import type { Strings } from '../i18n/index.js';

export interface FieldContext {
  strings: Strings;
  value: (path: string) => string;
  /** The message to show beside the field now, if any. */
  error: (path: string) => string | undefined;
  /** Optional fields a provider made required. */
  requested: ReadonlySet<string>;
  countries: readonly CountryOption[];
}

const controlId = (path: string) => path.replace('.', '-');

interface Control {
  path: string;
  label: string;
  required: boolean;
  wide?: boolean;
}

function labelled(control: Control, ctx: FieldContext, input: (attrs: ControlAttributes) => TemplateResult): TemplateResult {
  const id = controlId(control.path);
  const error = ctx.error(control.path);
  const errorId = `${id}-error`;
  return html`<div part="field" class=${control.wide ? 'field wide' : 'field'}>
    <label part="label" for=${id}>${control.label}</label>
    ${input({ id, invalid: error ? 'true' : 'false', describedBy: error ? errorId : nothing })}
    ${error ? html`<p part="error" class="error" id=${errorId}>${error}</p>` : nothing}
  </div>`;
}

interface ControlAttributes {
  id: string;
  invalid: 'true' | 'false';
  describedBy: string | typeof nothing;
}

function select(
  control: Control,
  autocomplete: string,
  options: readonly { value: string; text: string }[],
  ctx: FieldContext,
): TemplateResult {
  const current = ctx.value(control.path);
  return labelled(
    control,
    ctx,
    (a) => html`<select
      part="input select"
      id=${a.id}
      name=${control.path}
      autocomplete=${autocomplete}
      ?required=${control.required}
      aria-invalid=${a.invalid}
      aria-describedby=${a.describedBy}
    >
      ${options.map((option) => html`<option value=${option.value} ?selected=${option.value === current}>${option.text}</option>`)}
    </select>`,
  );
}

export function field(section: Section, descriptor: FieldDescriptor, ctx: FieldContext): TemplateResult {
  const path = fieldPath(section, descriptor.name);
  const required = !descriptor.optional || ctx.requested.has(path);
  const name = ctx.strings.fields[descriptor.name];
  const control: Control = {
    path,
    label: required ? name : ctx.strings.optional(name),
    required,
    wide: descriptor.name === 'streetAddress' || descriptor.name === 'email',
  };
  const autocomplete = autocompleteFor(section, descriptor);
  if (descriptor.type === 'select') {
    const options = ctx.countries.map((country) => ({ value: country.code, text: country.name }));
    return select(control, autocomplete, options, ctx);
  }
  return labelled(
    control,
    ctx,
    (a) => html`<input
      part="input"
      id=${a.id}
      name=${path}
      type=${descriptor.type}
      inputmode=${descriptor.inputmode ?? nothing}
      autocomplete=${autocomplete}
      autocapitalize=${descriptor.type === 'email' ? 'off' : nothing}
      spellcheck=${descriptor.type === 'email' ? 'false' : nothing}
      .value=${ctx.value(path)}
      ?required=${required}
      aria-invalid=${a.invalid}
      aria-describedby=${a.describedBy}
    />`,
  );
}

export function shippingMethodField(ctx: FieldContext): TemplateResult {
  const options = SHIPPING_METHODS.map((method) => ({ value: method, text: ctx.strings.shippingMethods[method] }));
  // No autofill token describes a delivery method; "off" says so explicitly rather than leaving it to guesswork.
  return select({ path: 'shippingMethod', label: ctx.strings.fields.shippingMethod, required: true }, 'off', options, ctx);
}

export function sameAsBillingToggle(checked: boolean, strings: Strings): TemplateResult {
  return html`<div part="field" class="check wide">
    <input type="checkbox" id="same-as-billing" name="sameAsBilling" .checked=${checked} />
    <label part="label" for="same-as-billing">${strings.sameAsBilling}</label>
  </div>`;
}
