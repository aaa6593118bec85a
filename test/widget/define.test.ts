import { expect } from '@open-wc/testing';
import { defineOpiCheckout, TAG } from '../../widget/components/opi-checkout/define.js';
import { OpiCheckout } from '../../widget/components/opi-checkout/opi-checkout.js';
import { notIn } from './support/engines.js';

describe('registration', () => {
  it('defines <opi-checkout> once and never throws when asked again', () => {
    defineOpiCheckout();
    expect(customElements.get(TAG)).to.equal(OpiCheckout);
    expect(() => defineOpiCheckout()).to.not.throw();
    expect(document.createElement('opi-checkout')).to.be.instanceOf(OpiCheckout);
  });

  it('leaves a scoped registry that already has the tag as it is', function () {
    notIn(
      this,
      ['firefox', 'webkit'],
      'scoped custom element registries (new CustomElementRegistry()) are Chromium-only',
    );
    defineOpiCheckout();
    class Other extends OpiCheckout {}
    const registry = new CustomElementRegistry();
    registry.define(TAG, Other);
    expect(() => defineOpiCheckout(registry), 'a registry that already has the tag keeps it').to.not.throw();
    expect(registry.get(TAG)).to.equal(Other);
    expect(document.createElement('opi-checkout')).to.be.instanceOf(OpiCheckout);
  });
});
