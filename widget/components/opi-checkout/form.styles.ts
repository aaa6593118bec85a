import { adoptStyles, css, supportsAdoptingStyleSheets } from 'lit';

// The details form's rules, in its chunk: the element's own styles (opi-checkout.styles.ts) hold what the providers
// and the messages need.
const formStyles = css`
  .fields {
    /* Rows are half the column gap: a field's label, control and error are three rows (see .field). */
    gap: calc(var(--_space) * 0.375) calc(var(--_space) * 0.75);
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 12rem), 1fr));
  }
  .wide {
    grid-column: 1 / -1;
  }
  /* Each field takes three rows of its group's grid (label, control, error), so controls side by side line up
     however many lines their labels wrap to. */
  .field:not(.check) {
    grid-row: span 3;
    grid-template-rows: subgrid;
    align-content: normal;
  }
  .check {
    display: flex;
  }
  input:not([type='radio'], [type='checkbox']),
  select {
    box-sizing: border-box;
    inline-size: 100%;
    min-inline-size: 0;
    text-overflow: ellipsis;
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: 0.5em 0.75em;
    min-block-size: 2.75rem;
  }
  [aria-invalid='true'] {
    border-color: var(--_error);
  }
  .error {
    color: var(--_error);
  }
  [aria-disabled='true'] {
    opacity: 0.7;
  }
`;

/**
 * Adds the form's rules to the element's shadow root, beside its own: one more constructed sheet, or where those are
 * missing (Safari before 16.4) one more <style>, which Lit's adoptStyles gives the page's nonce (litNonce).
 */
export function adoptFormStyles(root: ShadowRoot): void {
  if (supportsAdoptingStyleSheets) root.adoptedStyleSheets = [...root.adoptedStyleSheets, formStyles.styleSheet!];
  else adoptStyles(root, [formStyles]);
}
