// The page a merchant writes: the built module (dist/widget/opi-checkout.js) and one tag, under a strict
// Content-Security-Policy, against the stand-in BFF on the test server (support/fake-bff-middleware.mjs).
import { expect } from '@open-wc/testing';
import { BUNDLE, walkToRedirect, withPolicy } from './support/built-page.js';

describe('the built bundle on a page with one tag', () => {
  let policy: Awaited<ReturnType<typeof withPolicy>>;

  before(async () => {
    // No inline script or style, no eval, requests only to this origin: what a careful merchant page sends.
    policy = await withPolicy(
      "script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; object-src 'none'; base-uri 'none'",
    );
    await import(/* @vite-ignore */ BUNDLE);
  });

  after(() => policy.stop());

  it('registers once: loading the file a second time does not throw', async () => {
    const first = customElements.get('opi-checkout');
    expect(first).to.be.a('function');
    await import(/* @vite-ignore */ `${BUNDLE}?second-copy`);
    expect(customElements.get('opi-checkout')).to.equal(first);
  });

  it('goes from the tag to the provider redirect, accessible and within the CSP', async () => {
    const { el } = await walkToRedirect('cs_built');
    expect(policy.violations, 'CSP violations').to.deep.equal([]);
    el.remove();
  });
});
