// The elements' W3C trace context: every call to the BFF carries a traceparent, one trace per element on the page
// (its session read, a refresh, its order), a fresh span id per call, nothing else in it.
import { expect, waitUntil } from '@open-wc/testing';
import { readSession } from '../../widget/components/opi-checkout/api-client.js';
import { placeOrder } from '../../widget/components/opi-checkout/order-client.js';
import { fakeBff } from './support/fake-bff.js';
import { sessionView, tabby } from './support/fixtures.js';
import { answer, mountInstalments } from './support/instalments.js';
import { mount } from './support/mount.js';

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

/** [trace id, span id] of each request's traceparent. */
const contexts = (bff: ReturnType<typeof fakeBff>) =>
  bff.requests.map((request) => TRACEPARENT.exec(request.headers.get('traceparent') ?? '')?.slice(1) ?? []);

describe('trace context', () => {
  it("sends each of an element's calls as a new span of the element's own trace", async () => {
    const bff = fakeBff({ session: sessionView() });
    const el = await mount(bff);
    await el.refresh();
    await waitUntil(() => bff.requests.length === 2);
    const [first, second] = contexts(bff);
    expect(first).to.have.length(2);
    expect(second![0]).to.equal(first![0]);
    expect(second![1]).to.not.equal(first![1]);
    expect(first![0]).to.not.match(/^0+$/);
  });

  it('gives every element on the page a trace of its own', async () => {
    const checkout = fakeBff({ session: sessionView() });
    await mount(checkout);
    const { bff: instalments } = await mountInstalments(() => answer([tabby]));
    const other = fakeBff({ session: sessionView() });
    await mount(other);
    const traces = [checkout, instalments, other].map((bff) => contexts(bff)[0]?.[0]);
    expect(traces.every((id) => id !== undefined)).to.equal(true);
    expect(new Set(traces).size).to.equal(3);
  });

  it('sends the order in the same trace as the session read', async () => {
    const bff = fakeBff({ session: sessionView() });
    const options = { baseUrl: 'https://bff.example', fetch: bff.fetch, traceId: 'f'.repeat(32) };
    await readSession(options, 'cs_1');
    await placeOrder(options, 'cs_1', {} as never, 'key-1').catch(() => {});
    expect(contexts(bff).map(([trace]) => trace)).to.deep.equal(['f'.repeat(32), 'f'.repeat(32)]);
  });
});
