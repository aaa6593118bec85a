// The support floor (the browsers of 2022: Safari and iOS 15.4, Chrome and Edge 100, Firefox 100), simulated in
// today's engines: what those browsers lack is taken away before the built module loads, AbortSignal.any and
// AbortSignal.timeout (Safari 17.4 and 16) and constructable style sheets (Safari 16.4, so Lit falls back to <style>
// elements), and the checkout still renders, is styled and pays, under a strict CSP whose nonce the page gives Lit
// (window.litNonce, docs/embedding.md).
import { expect } from '@open-wc/testing';
import { BUNDLE, inShadow, walkToRedirect, withPolicy } from './support/built-page.js';

const NONCE = 'floor-test-nonce';

/** Deletes what the floor's browsers do not have; true when each is gone. */
function removeNewerApis(): boolean {
  const gone = [
    [AbortSignal, 'any'],
    [AbortSignal, 'timeout'],
    [Document.prototype, 'adoptedStyleSheets'],
    [ShadowRoot.prototype, 'adoptedStyleSheets'],
    [CSSStyleSheet.prototype, 'replace'],
    [CSSStyleSheet.prototype, 'replaceSync'],
  ] as const;
  for (const [owner, name] of gone) delete (owner as unknown as Record<string, unknown>)[name];
  return gone.every(([owner, name]) => !(name in owner));
}

describe('the built checkout on the support floor', () => {
  let policy: Awaited<ReturnType<typeof withPolicy>>;

  before(async () => {
    expect(removeNewerApis(), 'the newer APIs are gone').to.equal(true);
    policy = await withPolicy(
      `script-src 'self'; style-src 'self' 'nonce-${NONCE}'; connect-src 'self'; img-src 'self'; object-src 'none'; base-uri 'none'`,
    );
    (window as { litNonce?: string }).litNonce = NONCE;
    await import(/* @vite-ignore */ BUNDLE);
  });

  after(() => policy.stop());

  it('renders with its styles from <style> elements that carry the nonce, and pays', async () => {
    const { el } = await walkToRedirect('cs_built');
    const styles = [...el.shadowRoot!.querySelectorAll('style')];
    expect(styles.length, "Lit's fallback for constructable style sheets").to.be.greaterThan(0);
    expect(styles.every((style) => style.nonce === NONCE)).to.equal(true);
    expect(
      styles.some((style) => style.textContent!.includes('.fields')),
      "the form's rules, added by its chunk",
    ).to.equal(true);
    // Styled: the Pay button's accent, whatever the engine's support for light-dark().
    const base = inShadow<HTMLElement>(el, '[part~="base"]')!;
    expect(getComputedStyle(base).getPropertyValue('--_accent').trim()).to.not.equal('');
    expect(policy.violations, 'CSP violations').to.deep.equal([]);
    el.remove();
  });
});
