import { expect } from '@open-wc/testing';
import { defineOpiCheckout, TAG } from '../../widget/components/opi-checkout/define.js';
import { OpiCheckout } from '../../widget/components/opi-checkout/opi-checkout.js';

describe('registration', () => {
  it('defines <opi-checkout> once and never throws when asked again', () => {
    defineOpiCheckout();
    expect(customElements.get(TAG)).to.equal(OpiCheckout);
    expect(() => defineOpiCheckout()).to.not.throw();
    class Other extends OpiCheckout {}
    const registry = new CustomElementRegistry();
    registry.define(TAG, Other);
    expect(() => defineOpiCheckout(registry), 'a registry that already has the tag keeps it').to.not.throw();
    expect(registry.get(TAG)).to.equal(Other);
    expect(document.createElement('opi-checkout')).to.be.instanceOf(OpiCheckout);
  });
});
