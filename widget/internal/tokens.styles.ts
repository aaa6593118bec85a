import { css } from 'lit';

// Public tokens are --opi-*, read once into private --_ variables with their defaults. light-dark() picks the
// default for the color-scheme the element inherits: the host page's. The widget sets none of its own, so a light
// shop stays light in a dark browser; a page (or the element) with `color-scheme: light dark` gets the dark
// defaults under prefers-color-scheme: dark. A browser without light-dark() (Safari before 17.5, Chrome 123, Firefox
// 120: below them, a colour holding it is no colour at all) gets the light defaults, and a page's --opi-* as ever.
export const tokens = css`
  :host {
    --_text: var(--opi-color-text, #1b1b1f);
    --_muted: var(--opi-color-muted, #53535f);
    --_bg: var(--opi-color-background, #fff);
    --_surface: var(--opi-color-surface, #f3f3f6);
    --_border: var(--opi-color-border, #7c7c88);
    --_accent: var(--opi-color-accent, #0b57d0);
    --_on-accent: var(--opi-color-on-accent, #fff);
    --_error: var(--opi-color-error, #b3261e);
    --_radius: var(--opi-radius, 0.5rem);
    --_space: var(--opi-spacing, 1rem);
    color: var(--_text);
    /* Not the font shorthand: its family cannot be inherit, which voids the whole declaration. Unset, the family's var()
       leaves the page's font. */
    font-size: var(--opi-font-size, 1rem);
    font-family: var(--opi-font-family);
  }
  @supports (color: light-dark(#000, #fff)) {
    :host {
      --_text: var(--opi-color-text, light-dark(#1b1b1f, #ececf1));
      --_muted: var(--opi-color-muted, light-dark(#53535f, #b4b4c0));
      --_bg: var(--opi-color-background, light-dark(#fff, #17171c));
      --_surface: var(--opi-color-surface, light-dark(#f3f3f6, #24242b));
      --_border: var(--opi-color-border, light-dark(#7c7c88, #8d8d99));
      --_accent: var(--opi-color-accent, light-dark(#0b57d0, #a8c7fa));
      --_on-accent: var(--opi-color-on-accent, light-dark(#fff, #062e6f));
      --_error: var(--opi-color-error, light-dark(#b3261e, #f2b8b5));
    }
  }
  :host([hidden]) {
    display: none;
  }
  .sr-only {
    position: absolute;
    inline-size: 1px;
    block-size: 1px;
    overflow: hidden;
    clip-path: inset(50%);
  }
`;
