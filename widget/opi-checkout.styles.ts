import { css } from 'lit';

// Public tokens are --opi-*, read once into private --_ variables with their defaults. light-dark() picks the
// default for the shopper's colour scheme (prefers-color-scheme, through color-scheme). Logical properties only,
// so right-to-left needs no rules of its own.
export const styles = css`
  :host {
    --_text: var(--opi-color-text, light-dark(#1b1b1f, #ececf1));
    --_muted: var(--opi-color-muted, light-dark(#53535f, #b4b4c0));
    --_bg: var(--opi-color-background, light-dark(#fff, #17171c));
    --_surface: var(--opi-color-surface, light-dark(#f3f3f6, #24242b));
    --_border: var(--opi-color-border, light-dark(#7c7c88, #8d8d99));
    --_accent: var(--opi-color-accent, light-dark(#0b57d0, #a8c7fa));
    --_on-accent: var(--opi-color-on-accent, light-dark(#fff, #062e6f));
    --_error: var(--opi-color-error, light-dark(#b3261e, #f2b8b5));
    --_radius: var(--opi-radius, 0.5rem);
    --_space: var(--opi-spacing, 1rem);
    color-scheme: light dark;
    display: block;
    color: var(--_text);
    font: var(--opi-font-size, 1rem) / 1.4 var(--opi-font-family, inherit);
  }
  :host([hidden]) {
    display: none;
  }
  * {
    box-sizing: border-box;
  }
  .base,
  .skeleton,
  form,
  fieldset,
  .field,
  .message {
    display: grid;
    gap: calc(var(--_space) / 2);
    align-content: start;
  }
  .base {
    background: var(--_bg);
    gap: var(--_space);
  }
  form {
    gap: calc(var(--_space) * 1.5);
  }
  .sr-only {
    position: absolute;
    clip-path: inset(50%);
    block-size: 1px;
    overflow: hidden;
    white-space: nowrap;
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
  .skeleton :first-child {
    block-size: 1.4em;
  }
  .row {
    min-block-size: 6.5rem;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: calc(var(--_space) * 0.75);
  }
  .provider {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 0 calc(var(--_space) * 0.75);
  }
  .provider:has(:checked) {
    border-color: var(--_accent);
    box-shadow: 0 0 0 1px var(--_accent);
  }
  input,
  select,
  button {
    font: inherit;
    color: inherit;
    accent-color: var(--_accent);
  }
  [type='radio'],
  [type='checkbox'] {
    margin: 0.2em 0 0;
    inline-size: 1.1em;
    block-size: 1.1em;
  }
  label {
    font-size: 0.875em;
  }
  .provider label {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25rem calc(var(--_space) / 2);
    font-size: 1em;
  }
  .brand {
    font-weight: 600;
    flex: 1;
  }
  img {
    display: block;
    block-size: 1.5rem;
    max-inline-size: 7rem;
  }
  .badge {
    font-size: 0.75em;
    font-weight: 600;
    padding-inline: 0.5em;
    border-radius: 1em;
    background: var(--_accent);
    color: var(--_on-accent);
  }
  .muted {
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
  .fields {
    display: grid;
    gap: calc(var(--_space) * 0.75);
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 12rem), 1fr));
  }
  .wide {
    grid-column: 1 / -1;
  }
  .field {
    gap: 0.25rem;
  }
  .check {
    display: flex;
    gap: 0.5rem;
  }
  input:not([type='radio'], [type='checkbox']),
  select {
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: 0.5em 0.75em;
    inline-size: 100%;
    min-block-size: 2.75rem;
  }
  [aria-invalid='true'] {
    border-color: var(--_error);
  }
  .error {
    color: var(--_error);
    font-size: 0.875em;
    margin: 0;
  }
  .alert {
    border-inline-start: 3px solid;
    padding-inline-start: 0.75em;
  }
  button {
    font-weight: 600;
    border: 0;
    border-radius: var(--_radius);
    padding: 0.75em 1.25em;
    background: var(--_accent);
    color: var(--_on-accent);
    cursor: pointer;
  }
  [aria-disabled='true'] {
    cursor: progress;
    opacity: 0.75;
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
  p,
  ul {
    margin: 0;
  }
  .bone {
    background: var(--_surface);
    border: 0;
    border-radius: var(--_radius);
    inline-size: 12rem;
  }
  .row.bone {
    inline-size: auto;
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
