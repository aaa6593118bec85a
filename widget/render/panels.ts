import { html, nothing, type TemplateResult } from 'lit';

/** Mirrors the provider list (legend, three rows of the same box), so the arriving list does not move the page. */
export function skeleton(): TemplateResult {
  return html`<div part="skeleton" class="skeleton" aria-hidden="true">
    <div class="bone"></div>
    <div class="bone row"></div>
    <div class="bone row"></div>
    <div class="bone row"></div>
  </div>`;
}

export interface PanelAction {
  label: string;
  onClick: () => void;
}

/** A state that replaces the form: expired, unreachable, redirecting, no provider. */
export function messagePanel(text: string, extra: TemplateResult | typeof nothing = nothing, action?: PanelAction): TemplateResult {
  return html`<div part="message" class="message">
    <p>${text}</p>
    ${extra}
    ${action ? html`<button part="button retry" type="button" @click=${action.onClick}>${action.label}</button>` : nothing}
  </div>`;
}
