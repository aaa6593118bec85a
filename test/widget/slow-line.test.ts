// The built checkout on a slow line (support/line-middleware.mjs): its details form's chunk, and English's words for
// it, come long after the session read. The providers are on screen meanwhile, and the form is drawn whole when it
// comes, never empty.
import { expect, waitUntil } from '@open-wc/testing';

const BUNDLE = '/__line/slow/dist/widget/opi-checkout.js';

interface View {
  at: number;
  providers: boolean;
  form: boolean;
  /** The form with its fields and its Pay button. */
  whole: boolean;
}

describe('the built checkout on a slow line', () => {
  before(() => import(/* @vite-ignore */ BUNDLE));

  it('shows the providers before the form arrives, and the form whole when it does', async () => {
    document.body.insertAdjacentHTML('beforeend', '<opi-checkout session="cs_built"></opi-checkout>');
    const el = document.querySelector('opi-checkout')!;
    const root = el.shadowRoot!;
    const views: View[] = [];
    const look = () => {
      const form = root.querySelector('[part~="form"]');
      views.push({
        at: performance.now(),
        providers: !!root.querySelector('[part~="radio"]'),
        form: !!form,
        whole: !!form?.querySelector('input') && !!form.querySelector('[part~="submit"]'),
      });
    };
    const observer = new MutationObserver(look);
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    await waitUntil(() => root.querySelector('[part~="form"]'), 'the form never came', { timeout: 8000 });
    observer.disconnect();
    look();

    const providers = views.find((view) => view.providers)!;
    const form = views.find((view) => view.form)!;
    expect(providers, 'the providers were drawn').to.exist;
    expect(form.at - providers.at, 'the providers did not wait for the form (held 1.5 s)').to.be.greaterThan(1000);
    expect(
      views.filter((view) => view.form).every((view) => view.whole),
      'the form is never drawn without its fields or Pay',
    ).to.equal(true);
    expect(root.querySelector('[part~="status"]')!.textContent).to.equal('1 payment option available');
    el.remove();
  });
});
