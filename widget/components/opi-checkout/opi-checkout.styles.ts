import { css } from 'lit';
import { tokens } from '../../internal/tokens.styles.js';

// The family's tokens first; logical properties only, so right-to-left needs no rules of its own. The details form's
// own rules come with its chunk (form.styles.ts).
export const styles = [
  tokens,
  css`
  :host {
    display: block;
    max-inline-size: var(--opi-max-inline-size, 40rem);
  }
  div,
  form,
  fieldset {
    display: grid;
    gap: calc(var(--_space) / 2);
    align-content: start;
  }
  .base {
    background: var(--_bg);
    gap: var(--_space);
  }
  fieldset {
    border: 0;
    margin: 0;
    padding: 0;
    min-inline-size: 0;
  }
  legend {
    font-weight: 600;
    padding: 0;
    margin-block-end: calc(var(--_space) / 2);
  }
  legend,
  .bone:first-child {
    block-size: 1.4em;
  }
  .row {
    align-items: center;
    /* Room for a plan's cost line, which comes with the form's chunk: the rows do not grow under the shopper. */
    min-block-size: 6rem;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: calc(var(--_space) * 0.75);
    grid-template-columns: auto 1fr;
  }
  [part~='provider-selected'] {
    border-color: var(--_accent);
    box-shadow: 0 0 0 1px var(--_accent);
  }
  [type='radio'] {
    inline-size: 1.25rem;
    block-size: 1.25rem;
    margin: 0;
  }
  input,
  select,
  button {
    font: inherit;
    color: inherit;
    accent-color: var(--_accent);
  }
  label,
  .muted,
  .error {
    font-size: 0.875em;
    margin: 0;
  }
  .row label {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25rem 0.5rem;
    font-size: 1em;
  }
  .brand {
    font-weight: 600;
    flex: 1;
  }
  img {
    display: block;
    block-size: 1.5rem;
  }
  .badge {
    font-size: 0.75em;
    padding-inline: 0.5em;
    border-radius: 1em;
    background: var(--_accent);
    color: var(--_on-accent);
  }
  .muted {
    color: var(--_muted);
  }
  .plan {
    flex-basis: 100%;
  }
  .terms {
    grid-column: 2;
  }
  label {
    align-self: end;
  }
  button {
    font-weight: 600;
    border: 0;
    border-radius: var(--_radius);
    padding: 0.75em 1.25em;
    background: var(--_accent);
    color: var(--_on-accent);
  }
  :focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
  .message {
    gap: var(--_space);
    justify-items: start;
    padding: var(--_space);
    border-radius: var(--_radius);
    background: var(--_surface);
  }
  .bone {
    background: var(--_surface);
    border-color: transparent;
    border-radius: var(--_radius);
  }
  @media (prefers-reduced-motion: no-preference) {
    .bone {
      animation: pulse 1s infinite alternate;
    }
  }
  @keyframes pulse {
    to {
      opacity: 0.5;
    }
  }
`,
];
