import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { OpiInstalments } from '../../widget/components/opi-instalments/opi-instalments.js';
import { fakeBff, gate } from './support/fake-bff.js';
import { answer, mountInstalments, settled } from './support/instalments.js';
import { postpay, tabby, tamara, tamaraTooSmall } from './support/fixtures.js';
import { moveWhileAnswering, part, parts, plain, text } from './support/mount.js';

const message = (el: OpiInstalments) => plain(text(part(el, 'message')));

describe('<opi-instalments>', () => {
  it('leads with the cheapest interest-free plan, asking the public route for this amount', async () => {
    const { el, bff } = await mountInstalments(() => answer([tamara, tabby, postpay]));
    expect(message(el)).to.equal('or 4 × AED 25.00 interest-free with Learn more');
    expect(part<HTMLImageElement>(el, 'logo')!.alt).to.equal('Tabby');
    const url = bff.requests[0]!.url;
    expect([url.origin + url.pathname, ...url.searchParams]).to.deep.equal([
      'https://bff.example/v1/instalments',
      ['amount', '100.00'],
      ['currency', 'AED'],
      ['country', 'AE'],
    ]);
    expect(bff.requests[0]!.headers.get('accept')).to.equal('application/json');
  });

  it('names a plan with interest without calling it interest-free', async () => {
    const { el } = await mountInstalments(() => answer([tamara]));
    expect(message(el)).to.equal('or 3 × AED 33.34 with Tamara Learn more');
  });

  it('opens a dialog with every plan and its schedule; Escape closes it and gives the focus back', async () => {
    const { el } = await mountInstalments(() => answer([tabby, tamara, postpay]));
    const button = part<HTMLButtonElement>(el, 'learn-more')!;
    expect(button.getAttribute('aria-haspopup')).to.equal('dialog');
    button.focus();
    await sendKeys({ press: 'Enter' });
    const dialog = part<HTMLDialogElement>(el, 'dialog')!;
    expect(dialog.open).to.equal(true);
    expect(el.shadowRoot!.activeElement, 'the focus moves into the dialog').to.equal(part(el, 'close'));
    expect(parts(el, 'plan').map((plan) => plan.getAttribute('aria-label'))).to.deep.equal(['Tabby', 'Tamara']);
    const [tabbyPlan, tamaraPlan] = parts(el, 'schedule').map((list) =>
      [...list.querySelectorAll('li')].map((item) => plain(text(item))),
    );
    expect(tabbyPlan).to.deep.equal([
      'todayAED 25.00',
      'next monthAED 25.00',
      'in 2 monthsAED 25.00',
      'in 3 monthsAED 25.00',
    ]);
    expect(tamaraPlan).to.deep.equal(['todayAED 33.34', 'in 2 weeksAED 33.34', 'in 4 weeksAED 33.34']);
    expect(plain(text(parts(el, 'plan')[0]!.querySelector('p')!))).to.equal('4 × AED 25.00 · monthly · Interest-free');
    await expect(el).to.be.accessible();
    await sendKeys({ press: 'Escape' });
    expect(dialog.open).to.equal(false);
    expect(el.shadowRoot!.activeElement).to.equal(button);
  });

  it('closes with its close button', async () => {
    const { el } = await mountInstalments(() => answer([tabby]));
    part<HTMLButtonElement>(el, 'learn-more')!.click();
    part<HTMLButtonElement>(el, 'close')!.click();
    expect(part<HTMLDialogElement>(el, 'dialog')!.open).to.equal(false);
    expect(el.shadowRoot!.activeElement).to.equal(part(el, 'learn-more'));
  });

  it('closes on a click on its backdrop, not on one in its own padding', async () => {
    const { el } = await mountInstalments(() => answer([tabby]));
    part<HTMLButtonElement>(el, 'learn-more')!.click();
    const dialog = part<HTMLDialogElement>(el, 'dialog')!;
    const box = dialog.getBoundingClientRect();
    const click = (clientX: number, clientY: number) =>
      dialog.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true, clientX, clientY }));
    click(box.left + 2, box.top + 2);
    expect(dialog.open, 'a click in its padding').to.equal(true);
    click(box.left - 5, box.top - 5);
    expect(dialog.open, 'a click on the backdrop').to.equal(false);
  });

  it('says from which amount instalments are offered when the amount is under every minimum', async () => {
    const { el } = await mountInstalments(() =>
      answer([], [tamaraTooSmall, { ...tamaraTooSmall, name: 'TABBY_AE', displayName: 'Tabby', minAmount: 30 }], 30),
    );
    expect(message(el)).to.equal('Pay in instalments on orders from AED 30.00');
    expect(part(el, 'learn-more')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('says the offer in the same live sentence when the amount crosses a minimum, so the change is heard', async () => {
    const { el } = await mountInstalments(({ url }) =>
      Number(url.searchParams.get('amount')) < 30
        ? answer([], [{ ...tamaraTooSmall, name: 'TABBY_AE', displayName: 'Tabby', minAmount: 30 }], 30)
        : answer([tabby]),
    );
    el.setAttribute('amount', '20.00');
    await waitUntil(() => message(el).startsWith('Pay in instalments on orders from'), 'the minimum said');
    const sentence = part(el, 'message')!;
    expect(sentence.getAttribute('aria-live')).to.equal('polite');
    el.setAttribute('amount', '100.00');
    await waitUntil(() => message(el).startsWith('or 4'), 'the offer said');
    expect(part(el, 'message'), 'the same live region, not a new one a screen reader does not hear').to.equal(sentence);
  });

  it('shows nothing when no provider fits or the BFF cannot be reached, and stays accessible', async () => {
    for (const failing of [() => answer([]), () => Promise.reject(new TypeError('Failed to fetch'))]) {
      const { el, bff } = await mountInstalments(failing);
      expect(bff.requests.length).to.equal(1);
      expect(part(el, 'message')).to.equal(null);
      expect(plain(el.shadowRoot!.textContent!)).to.equal('');
      await expect(el).to.be.accessible();
    }
  });

  it('asks nothing until it has an amount, a currency and a country', async () => {
    const bff = fakeBff({ instalments: () => answer([tabby]) });
    const el = await fixture<OpiInstalments>(
      html`<opi-instalments currency="AED" country="AE" .fetchImpl=${bff.fetch}></opi-instalments>`,
    );
    await settled(el);
    expect([bff.requests.length, part(el, 'message')]).to.deep.equal([0, null]);
    el.setAttribute('amount', '100.00');
    await waitUntil(() => part(el, 'message'), 'no message once the amount came');
    expect(bff.requests.map(({ url }) => url.searchParams.get('amount'))).to.deep.equal(['100.00']);
  });

  it('is busy and silent while the answer is on its way, and keeps its line', async () => {
    const answered = gate();
    const bff = fakeBff({ instalments: () => answered.wait.then(() => answer([tabby])) });
    const el = await fixture<OpiInstalments>(
      html`<opi-instalments amount="100.00" currency="AED" country="AE" .fetchImpl=${bff.fetch}></opi-instalments>`,
    );
    await waitUntil(() => bff.requests.length === 1);
    expect(part(el, 'base')!.getAttribute('aria-busy')).to.equal('true');
    expect(el.getBoundingClientRect().height, 'one line kept for the message').to.be.greaterThan(0);
    await expect(el).to.be.accessible();
    answered.open();
    await settled(el);
    expect(message(el)).to.match(/^or 4 × AED\s25\.00 interest-free with/);
  });

  it('asks again when a framework moves it while its answer is on its way (the newest load wins)', async () => {
    const first = gate();
    let asked = 0;
    const bff = fakeBff({
      instalments: () => (++asked === 1 ? first.wait.then(() => answer([tabby])) : answer([tabby])),
    });
    const el = await fixture<OpiInstalments>(
      html`<opi-instalments amount="100.00" currency="AED" country="AE" .fetchImpl=${bff.fetch}></opi-instalments>`,
    );
    await moveWhileAnswering(el, bff, first);
    await settled(el);
    expect(
      bff.requests.map(({ signal }) => signal?.aborted),
      'the load the move cut short, aborted and asked again',
    ).to.deep.equal([true, false]);
    expect(message(el)).to.match(/^or 4 × AED\s25\.00 interest-free with/);
  });

  it('follows the amount attribute, once it settles: one request for a burst of changes', async () => {
    const { el, bff } = await mountInstalments(({ url }) =>
      answer([
        { ...tabby, instalments: { count: 4, amount: Number(url.searchParams.get('amount')) / 4, interval: 'month' } },
      ]),
    );
    for (const amount of ['120.00', '140.00', '160.00']) el.setAttribute('amount', amount);
    await waitUntil(() => message(el).includes('AED 40.00'), 'the message did not follow the amount');
    expect(bff.requests.map(({ url }) => url.searchParams.get('amount'))).to.deep.equal(['100.00', '160.00']);
    // Only the sentence is live: its change is said, not the dialog's content nor a whole page of them as they load.
    expect(part(el, 'message')!.getAttribute('aria-live')).to.equal('polite');
    expect(el.shadowRoot!.querySelectorAll('[aria-live]')).to.have.length(1);
  });

  it('speaks Arabic, right to left, with the catalogue loaded on demand', async () => {
    const { el } = await mountInstalments(() => answer([tabby]), { locale: 'ar-AE' });
    const base = part(el, 'base')!;
    expect([base.lang, base.dir]).to.deep.equal(['ar-AE', 'rtl']);
    expect(message(el)).to.match(/^أو .+ × .+ بدون فوائد مع اعرف المزيد$/);
    await expect(el).to.be.accessible();
  });
});
