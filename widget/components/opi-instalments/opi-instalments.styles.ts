import { css } from 'lit';
import { tokens } from '../../internal/tokens.styles.js';

// One line on a product page: it keeps that line's height while it loads, so nothing below it moves when it fills
// (a page where the sentence may wrap reserves more: min-block-size on the element). Nothing in the line may be
// taller than the line: the logo is an inline image of the text's height.
export const styles = [
  tokens,
  css`
    :host {
      display: block;
      min-block-size: 1.4em;
    }
    p,
    h2,
    h3,
    ol {
      margin: 0;
    }
    p {
      line-height: 1.4;
    }
    .brand {
      font-weight: 600;
    }
    img {
      block-size: 1em;
      vertical-align: -0.15em;
    }
    button {
      font: inherit;
      color: var(--_accent);
      background: none;
      border: 0;
      padding: 0;
      text-decoration: underline;
      cursor: pointer;
    }
    button:focus-visible {
      outline: 2px solid var(--_accent);
      outline-offset: 2px;
      border-radius: 2px;
    }
    dialog {
      color: var(--_text);
      background: var(--_bg);
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      padding: var(--_space);
      inline-size: min(28rem, calc(100vw - 2 * var(--_space)));
      box-sizing: border-box;
    }
    dialog[open],
    section {
      display: grid;
      gap: calc(var(--_space) / 2);
    }
    .head {
      display: flex;
      justify-content: space-between;
      align-items: baseline;
      gap: var(--_space);
    }
    h2 {
      font-size: 1.125em;
    }
    h3 {
      font-size: 1em;
    }
    .muted {
      color: var(--_muted);
    }
    ol {
      padding: 0;
      list-style: none;
    }
    li {
      display: flex;
      justify-content: space-between;
      border-block-end: 1px solid var(--_border);
      padding-block: 0.25em;
    }
  `,
];
