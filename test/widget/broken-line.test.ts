// The built checkout when its details form's chunk cannot be fetched (support/line-middleware.mjs answers 503): the
// providers came, but nothing can be paid. The shopper reads that the checkout cannot be reached, with a retry, in
// the one failure sentence the first paint carries; the page hears it as bff_unreachable.
import { expect, waitUntil } from '@open-wc/testing';

const BUNDLE = '/__line/broken/dist/widget/opi-checkout.js';

describe('the built checkout when its form cannot be fetched', () => {
  before(() => import(/* @vite-ignore */ BUNDLE));

  it('says the checkout cannot be reached, offers a retry, and tells the page', async () => {
    const failed = new Promise<CustomEvent>((resolve) =>
      document.addEventListener('opi-error', (event) => resolve(event as CustomEvent), { once: true }),
    );
    document.body.insertAdjacentHTML('beforeend', '<opi-checkout session="cs_built"></opi-checkout>');
    const el = document.querySelector('opi-checkout')!;
    expect((await failed).detail).to.deep.equal({
      code: 'bff_unreachable',
      message: 'We could not reach the checkout. Try again.',
      retryable: true,
    });
    const root = el.shadowRoot!;
    await waitUntil(() => root.querySelector('[part~="retry"]'), 'no retry button');
    expect(root.querySelector('[part~="message-text"]')!.textContent).to.equal(
      'We could not reach the checkout. Try again.',
    );
    expect(root.querySelector('[part~="form"]')).to.not.exist;
    await expect(el).to.be.accessible();
    el.remove();
  });
});
