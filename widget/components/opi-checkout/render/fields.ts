// One labelled control per field: label for/id, aria-invalid and aria-describedby within one shadow root, the
// error text right below its control.
import { html, nothing, type TemplateResult } from 'lit';
import { SHIPPING_METHODS } from '../../../../shared/field-rules.js';
import type { CountryOption } from '../countries.js';
import { autocompleteFor, fieldPath, inputType, isOptional, type FieldName, type Section } from '../form-fields.js';
import type { Say } from '../../../internal/i18n.js';
import type { Strings } from '../i18n/index.js';

export interface FieldContext {
  strings: Strings;
  say: Say;
  value: (path: string) => string;
  /** The message to show beside the field now, if any. */
  error: (path: string) => string | undefined;
  countries: readonly CountryOption[];
  /** Paths the provider requires although the order may leave them empty (FormLayout.required). */
  required: readonly string[];
}

interface Control {
  path: string;
  label: string;
  required: boolean;
  autocomplete: string;
  /** A select's choices; an input when absent. */
  options?: readonly (readonly [value: string, text: string])[];
  type?: 'email' | 'tel' | 'text';
}

function control({ path, label, required, autocomplete, options, type }: Control, ctx: FieldContext): TemplateResult {
  const id = path.replace('.', '-');
  const error = ctx.error(path);
  const errorId = `${id}-error`;
  const value = ctx.value(path);
  const invalid = error ? 'true' : 'false';
  const describedBy = error ? errorId : nothing;
  // Email and tel bring their own keyboards, and are written left to right in any language (a phone number's groups
  // would read backwards in Arabic).
  const typed = type && type !== 'text';
  return html`<div part="field" class=${path.endsWith('streetAddress') || path.endsWith('country') || type === 'email' ? 'field wide' : 'field'}>
    <label part="label" for=${id}>${label}</label>
    ${
      options
        ? html`<select part="input select" id=${id} name=${path} autocomplete=${autocomplete} ?required=${required} aria-invalid=${invalid} aria-describedby=${describedBy}>
          ${options.map(([option, text]) => html`<option value=${option} ?selected=${option === value}>${text}</option>`)}
        </select>`
        : html`<input part="input" id=${id} name=${path} type=${type ?? 'text'} inputmode=${typed ? type : nothing} dir=${typed ? 'ltr' : nothing} autocomplete=${autocomplete}
          spellcheck=${type === 'email' ? 'false' : nothing} .value=${value} ?required=${required} aria-invalid=${invalid}
          aria-describedby=${describedBy} />`
    }
    ${error ? html`<p part="error" class="error" id=${errorId}>${error}</p>` : nothing}
  </div>`;
}

export function field(section: Section, name: FieldName, ctx: FieldContext): TemplateResult {
  const path = fieldPath(section, name);
  const required = !isOptional(name, ctx.value(fieldPath(section, 'country'))) || ctx.required.includes(path);
  const label = ctx.strings.fields[name];
  return control(
    {
      path,
      label: required ? label : ctx.say(ctx.strings.optional, { label }),
      required,
      autocomplete: autocompleteFor(section, name),
      ...(name === 'country'
        ? { options: ctx.countries.map((country) => [country.code, country.name] as const) }
        : { type: inputType(name) }),
    },
    ctx,
  );
}

export function shippingMethodField(ctx: FieldContext): TemplateResult {
  return control(
    {
      path: 'shippingMethod',
      label: ctx.strings.fields.shippingMethod,
      required: true,
      // No autofill token describes a delivery method; "off" says so rather than leaving it to the browser's guess.
      autocomplete: 'off',
      options: SHIPPING_METHODS.map((method) => [method, ctx.strings.shippingMethods[method]] as const),
    },
    ctx,
  );
}

export function sameAsBillingToggle(checked: boolean, label: string): TemplateResult {
  return html`<div part="field" class="check wide">
    <input part="checkbox" type="checkbox" id="same-as-billing" name="sameAsBilling" .checked=${checked} />
    <label part="label" for="same-as-billing">${label}</label>
  </div>`;
}
