import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { isSafeRedirect } from '../../widget/components/opi-checkout/redirect.js';
import { created, fakeBff } from './support/fake-bff.js';
import { sessionView, shopper } from './support/fixtures.js';
import { choose, fill, mount, part, submit, text } from './support/mount.js';

describe('redirect URLs', () => {
  it('allows https anywhere and http only on this machine', () => {
    expect(isSafeRedirect('https://checkout.tabby.ai/pay/1')).to.equal(true);
    expect(isSafeRedirect('http://localhost:4010/pay/1')).to.equal(true);
    expect(isSafeRedirect('http://127.0.0.1:4010/pay/1')).to.equal(true);
    expect(isSafeRedirect('http://[::1]:4010/pay/1')).to.equal(true);
    expect(isSafeRedirect('http://provider.example/pay/1')).to.equal(false);
    expect(isSafeRedirect('http://localhost.evil.example/pay')).to.equal(false);
    expect(isSafeRedirect('javascript:alert(1)')).to.equal(false);
    expect(isSafeRedirect('data:text/html,<script>alert(1)</script>')).to.equal(false);
    expect(isSafeRedirect('/pay/1')).to.equal(false);
  });

  it('allows http to this machine only from a page on this machine', () => {
    for (const page of ['localhost', '127.0.0.1', '[::1]']) {
      expect(isSafeRedirect('http://127.0.0.1:4010/pay/1', page), page).to.equal(true);
    }
    for (const page of ['shop.example', 'localhost.shop.example', '10.0.0.5']) {
      expect(isSafeRedirect('http://localhost:4010/pay/1', page), page).to.equal(false);
      expect(isSafeRedirect('http://[::1]:4010/pay/1', page), page).to.equal(false);
      expect(isSafeRedirect('https://checkout.tabby.ai/pay/1', page), `https from ${page}`).to.equal(true);
    }
    expect(location.hostname, 'this test page is local, so the default allows the sandbox').to.equal('localhost');
  });

  for (const url of ['javascript:alert(document.domain)', 'http://provider.example/pay/ord_1']) {
    it(`refuses to navigate to ${url.split(':')[0]}: ${url}`, async () => {
      const navigations: string[] = [];
      const el = await mount(fakeBff({ session: sessionView(), order: () => created(url) }), { navigations });
      let announced = false;
      el.addEventListener('opi-order-created', () => {
        announced = true;
      });
      await choose(el, 'TABBY_AE');
      await fill(el, shopper);
      const failed = oneEvent(el, 'opi-error');
      await submit(el);
      expect((await failed).detail).to.deep.equal({
        code: 'unsafe_redirect',
        message: 'We could not continue to the payment provider.',
        retryable: false,
      });
      await waitUntil(() => part(el, 'message'));
      expect(text(part(el, 'message'))).to.equal('We could not continue to the payment provider.');
      expect(part(el, 'retry'), 'nothing to retry').to.equal(null);
      expect(navigations).to.deep.equal([]);
      expect(announced, 'no opi-order-created for a URL the widget will not open').to.equal(false);
    });
  }

  it('follows an http redirect to the local sandbox', async () => {
    const navigations: string[] = [];
    const el = await mount(
      fakeBff({ session: sessionView(), order: () => created('http://127.0.0.1:4010/pay/ord_1') }),
      { navigations },
    );
    await choose(el, 'TABBY_AE');
    await fill(el, shopper);
    await submit(el);
    await waitUntil(() => navigations.length === 1);
    expect(navigations).to.deep.equal(['http://127.0.0.1:4010/pay/ord_1']);
  });
});
