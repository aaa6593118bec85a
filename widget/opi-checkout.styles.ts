import { css } from 'lit';

// Public tokens are --opi-*; each is read once into a private --_ variable with its default, so dark mode can
// change the defaults without overriding what the host page set. Layout uses logical properties only, so
// right-to-left needs no separate rules.
export const styles = css`
  :host {
    --_text: var(--opi-color-text, #1b1b1f);
    --_muted: var(--opi-color-muted, #53535f);
    --_background: var(--opi-color-background, #ffffff);
    --_surface: var(--opi-color-surface, #f3f3f6);
    --_border: var(--opi-color-border, #7c7c88);
    --_accent: var(--opi-color-accent, #0b57d0);
    --_on-accent: var(--opi-color-on-accent, #ffffff);
    --_error: var(--opi-color-error, #b3261e);
    --_focus: var(--opi-color-focus, #0b57d0);
    --_radius: var(--opi-radius, 0.5rem);
    --_space: var(--opi-spacing, 1rem);
    --_row: 6.5rem;
    display: block;
    color: var(--_text);
    font-family: var(--opi-font-family, inherit);
    font-size: var(--opi-font-size, 1rem);
    line-height: 1.4;
  }
  @media (prefers-color-scheme: dark) {
    :host {
      --_text: var(--opi-color-text, #ececf1);
      --_muted: var(--opi-color-muted, #b4b4c0);
      --_background: var(--opi-color-background, #17171c);
      --_surface: var(--opi-color-surface, #24242b);
      --_border: var(--opi-color-border, #8d8d99);
      --_accent: var(--opi-color-accent, #a8c7fa);
      --_on-accent: var(--opi-color-on-accent, #062e6f);
      --_error: var(--opi-color-error, #f2b8b5);
      --_focus: var(--opi-color-focus, #a8c7fa);
    }
  }
  :host([hidden]) {
    display: none;
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  .base {
    background: var(--_background);
    display: grid;
    gap: var(--_space);
  }
  .sr-only {
    position: absolute;
    inline-size: 1px;
    block-size: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  fieldset {
    border: 0;
    margin: 0;
    padding: 0;
    display: grid;
    gap: calc(var(--_space) / 2);
    min-inline-size: 0;
  }
  legend,
  .legend {
    font-weight: 600;
    padding: 0;
    margin-block-end: calc(var(--_space) / 2);
    block-size: 1.4em;
  }
  .row {
    min-block-size: var(--_row);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: calc(var(--_space) * 0.75);
  }
  .provider {
    display: grid;
    grid-template-columns: auto 1fr;
    column-gap: calc(var(--_space) * 0.75);
    align-content: start;
  }
  .provider:has(input:checked) {
    border-color: var(--_accent);
    box-shadow: 0 0 0 1px var(--_accent);
  }
  .provider input {
    margin: 0;
    margin-block-start: 0.2em;
    inline-size: 1.1em;
    block-size: 1.1em;
    accent-color: var(--_accent);
  }
  .provider-label {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25rem calc(var(--_space) / 2);
    cursor: pointer;
  }
  .provider-brand {
    font-weight: 600;
    flex: 1 1 auto;
  }
  .provider-brand img {
    display: block;
    block-size: 1.5rem;
    inline-size: auto;
    max-inline-size: 7rem;
  }
  .badge {
    font-size: 0.75em;
    font-weight: 600;
    padding-inline: 0.5em;
    border-radius: 999px;
    background: var(--_accent);
    color: var(--_on-accent);
  }
  .plan,
  .terms,
  .note {
    font-size: 0.875em;
    color: var(--_muted);
    margin: 0;
  }
  .plan {
    flex-basis: 100%;
  }
  .terms {
    grid-column: 2;
    display: -webkit-box;
    -webkit-line-clamp: 2;
    -webkit-box-orient: vertical;
    overflow: hidden;
  }
  .notes {
    margin: 0;
    padding-inline-start: 1.25em;
  }
  form {
    display: grid;
    gap: calc(var(--_space) * 1.5);
  }
  .fields {
    display: grid;
    gap: calc(var(--_space) * 0.75);
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 12rem), 1fr));
  }
  .field {
    display: grid;
    gap: 0.25rem;
    align-content: start;
  }
  .wide {
    grid-column: 1 / -1;
  }
  label {
    font-size: 0.875em;
  }
  input:not([type='radio'], [type='checkbox']),
  select {
    font: inherit;
    color: inherit;
    background: var(--_background);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: 0.5em 0.75em;
    inline-size: 100%;
    min-block-size: 2.75rem;
  }
  [aria-invalid='true'] {
    border-color: var(--_error);
  }
  .check {
    display: flex;
    align-items: center;
    gap: 0.5rem;
  }
  .check input {
    inline-size: 1.1em;
    block-size: 1.1em;
    accent-color: var(--_accent);
  }
  .error,
  .alert {
    color: var(--_error);
    font-size: 0.875em;
    margin: 0;
  }
  .alert {
    border-inline-start: 3px solid var(--_error);
    padding-inline-start: 0.75em;
  }
  button {
    font: inherit;
    font-weight: 600;
    border: 0;
    border-radius: var(--_radius);
    padding: 0.75em 1.25em;
    min-block-size: 2.75rem;
    background: var(--_accent);
    color: var(--_on-accent);
    cursor: pointer;
  }
  button[aria-disabled='true'] {
    cursor: progress;
    opacity: 0.75;
  }
  :focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
  .message {
    display: grid;
    gap: var(--_space);
    justify-items: start;
    padding: var(--_space);
    border-radius: var(--_radius);
    background: var(--_surface);
  }
  .message p {
    margin: 0;
  }
  .bone {
    background: var(--_surface);
    border-radius: var(--_radius);
  }
  .skeleton {
    display: grid;
    gap: calc(var(--_space) / 2);
  }
  .skeleton .legend {
    inline-size: 12rem;
    margin: 0;
  }
  .skeleton .row {
    border-color: transparent;
  }
  @media (prefers-reduced-motion: no-preference) {
    .bone {
      animation: pulse 1.2s ease-in-out infinite alternate;
    }
  }
  @keyframes pulse {
    to {
      opacity: 0.5;
    }
  }
`;
