// What a stranger's requests can cost, counted (never timed): a body nested past the limit is refused before anything
// parses or walks it; what is remembered of notices is bounded in count and size; 300 notices about one order cost a
// handful of upstream reads and no journal rows they did not earn (an order the upstream no longer finds: one); a callback with a wrong secret is refused before its
// body is read; public price pages cost the upstream nothing per price and a bounded number of calls in all.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { nestsWithin } from '../../../bff/domain/errors.js';
import { createRepeatFilter } from '../../../bff/inbound/repeat-filter.js';
import {
  callbackUrlOf,
  FAST_SANDBOX,
  placeOrder,
  testClock,
  upstreamReads,
} from '../../support/after-payment-harness.js';
import { call, json, shopper, createSession } from '../../support/checkout.js';
import { useCheckoutStack } from '../../support/stack.js';

const stack = useCheckoutStack({
  sandbox: FAST_SANDBOX,
  env: { OPI_RATE_LIMIT_PER_MINUTE: '100000' },
  bff: 'test',
  between: 'settle',
});

const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const webhook = (body: string) =>
  call(stack.bff.webhookUrl, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
  });

describe('nesting', () => {
  it('is measured in one pass over the text, strings and escapes skipped', () => {
    expect(nestsWithin(deep(32))).toBe(true);
    expect(nestsWithin(deep(33))).toBe(false);
    expect(nestsWithin(`{"a":"${'['.repeat(1_000)}\\"[[["}`)).toBe(true);
    expect(nestsWithin(new TextEncoder().encode(deep(40)))).toBe(false);
  });

  it('past the limit, a JSON body is refused before it is parsed (not a parse error: the parse never ran)', async () => {
    const sessionId = await createSession(stack.bff.url);
    const body = JSON.stringify({ ...shopper(), bnplProvider: JSON.parse(deep(40)) });
    const answer = await call(`${stack.bff.url}/v1/checkout-sessions/${sessionId}/orders`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect([answer.status, answer.body.code]).toEqual([400, 'too_deeply_nested']);
    // 15 KB of brackets, past JSON's own limits of sense: the same refusal, no walk of the text's 7,500 levels.
    const huge = await call(`${stack.bff.url}/v1/checkout-sessions/${sessionId}/orders`, {
      method: 'POST',
      body: deep(7_500),
      headers: { 'content-type': 'application/json' },
    });
    expect([huge.status, huge.body.code]).toEqual([400, 'too_deeply_nested']);
  });
});

describe('notices from strangers', () => {
  it('remembers a hash per notice, at most its bound however many distinct ones come', () => {
    const repeats = createRepeatFilter(60_000, 10_000, () => new Date());
    for (let i = 0; i < 12_000; i++) repeats.isRepeat(['ORDER_STATUS_UPDATE', `${'x'.repeat(6_000)}-${i}`, null]);
    expect(repeats.size).toBe(10_000);
    expect(repeats.isRepeat(['ORDER_STATUS_UPDATE', `${'x'.repeat(6_000)}-11999`, null])).toBe(true);
  });

  it('2,000 naming orders nobody has: no upstream read, nothing remembered, the live orders asked about once', async () => {
    const { orderReference } = await placeOrder(stack.bff.url);
    const events = (await stack.db.store.events.list(orderReference)).length;
    for (let i = 0; i < 2_000; i++) {
      const body = JSON.stringify({ event: 'ORDER_STATUS_UPDATE', merchantReference: `${'r'.repeat(60)}-${i}` });
      expect((await webhook(body)).status).toBe(202);
    }
    // And a few of 60 KB: their field is past its bound, as good as absent.
    for (let i = 0; i < 5; i++) {
      expect((await webhook(JSON.stringify({ event: 'X', merchantReference: 'm'.repeat(60_000) }))).status).toBe(202);
    }
    expect(stack.sandbox.journal.filter((entry) => entry.route === 'get-order')).toHaveLength(0);
    expect(await stack.db.store.events.list(orderReference)).toHaveLength(events);
    // The sweep ran once: the live order is due, moved once.
    expect((await stack.db.store.orders.get(orderReference))!.nextPollAt!.getTime()).toBeLessThanOrEqual(Date.now());
    // 2,005 requests one after another: about 9 s alone, more beside the whole suite on two cores.
  }, 60_000);

  it('300 about one real order, each claiming another status: a handful of reads, no journal rows earned', async () => {
    const { orderReference } = await placeOrder(stack.bff.url);
    const before = (await stack.db.store.events.list(orderReference)).length;
    for (let i = 0; i < 300; i++) {
      const answer = await webhook(
        JSON.stringify({ event: 'ORDER_STATUS_UPDATE', merchantReference: orderReference, status: `STATUS_${i}` }),
      );
      expect([200, 202]).toContain(answer.status);
    }
    // Every unknown spelling is one claim: one read in the window, however many notices.
    expect(upstreamReads(stack.sandbox, orderReference)).toBeLessThanOrEqual(2);
    expect((await stack.db.store.events.list(orderReference)).length - before).toBeLessThanOrEqual(1);
  });

  it('notices claiming one status after another while reads fail: one journal row for the order and error', async () => {
    const { orderReference } = await placeOrder(stack.bff.url);
    const before = (await stack.db.store.events.list(orderReference)).length;
    stack.sandbox.setFault('get-order', { kind: 'status', status: 503 });
    for (const [index, status] of ['SUCCESSFUL', 'DECLINED', 'CANCELLED', 'PENDING', 'ERROR', 'FAILED'].entries()) {
      const answer = await webhook(
        JSON.stringify({ event: 'ORDER_STATUS_UPDATE', merchantReference: orderReference, status, nonce: index }),
      );
      expect([200, 202]).toContain(answer.status);
    }
    const written = async () => (await stack.db.store.events.list(orderReference)).length - before;
    await expect.poll(written).toBeGreaterThan(0);
    // Reads still failing behind the answers (each retried) have written theirs.
    await stack.bff.inboundReads.settled();
    expect(await written()).toBe(1);
    const [note] = (await stack.db.store.events.list(orderReference)).slice(before);
    expect(note).toMatchObject({ source: 'callback', payload: { upstreamError: 'upstream_unavailable' } });
  });

  it('notices about an order the upstream no longer finds: one journal row, one not_found entry', async () => {
    // From `lost` on, reads of that order ask the sandbox for a reference it never made: its own 404.
    let lost = '';
    const losing: typeof fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (lost && url.pathname === `/orders/${lost}`) url.pathname = `/orders/${lost}-gone`;
      return fetch(url, init);
    };
    const bff = await stack.startBff({ client: { fetch: losing } });
    const { orderReference } = await placeOrder(bff.url);
    lost = orderReference;
    const shown = (await stack.db.store.orders.get(orderReference))!.upstreamStatus;
    expect(shown, 'the upstream has shown the order').not.toBeNull();
    const before = (await stack.db.store.events.list(orderReference)).length;
    const webhook = (body: string) =>
      call(bff.webhookUrl, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      });
    for (const [index, status] of ['SUCCESSFUL', 'DECLINED', 'CANCELLED', 'PENDING', 'ERROR', 'FAILED'].entries()) {
      const answer = await webhook(
        JSON.stringify({ event: 'ORDER_STATUS_UPDATE', merchantReference: orderReference, status, nonce: index }),
      );
      expect([200, 202]).toContain(answer.status);
    }
    const written = async () => (await stack.db.store.events.list(orderReference)).slice(before);
    await expect.poll(async () => (await written()).length).toBeGreaterThan(0);
    // Reads behind the answers have written theirs (the reconciler, which they ask to read again, is not running).
    await bff.inboundReads.settled();
    expect(
      stack.sandbox.journal.filter((entry) => entry.path === `/orders/${orderReference}-gone`).length,
      'the reads did happen',
    ).toBeGreaterThan(1);
    const rows = await written();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ payload: { upstream: 'not_found', contradicts: shown } });
    const order = await stack.db.store.orders.get(orderReference);
    expect(order?.discrepancy).toEqual([expect.objectContaining({ kind: 'not_found', lastUpstreamStatus: shown })]);
  });

  it('the per-order callback refuses a wrong secret without reading the body', async () => {
    const { orderReference } = await placeOrder(stack.bff.url);
    const forged = new URL(callbackUrlOf(stack.sandbox, orderReference).replace(/\/[^/]+$/, '/wrong-secret'));
    forged.host = new URL(stack.bff.url).host;
    // Headers promising 60 KB and not a byte of it sent: an answer can only come if nobody waits for the body.
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        forged,
        { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': '60000' } },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
          req.destroy();
        },
      );
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(status).toBe(404);
    expect(upstreamReads(stack.sandbox, orderReference)).toBe(0);
  });

  it('a flood of callbacks to one address is limited per client', async () => {
    const limited = await stack.startBff({ env: { OPI_RATE_LIMIT_PER_MINUTE: '1' } });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await call(`${limited.url}/v1/callbacks/opi-x-1/secret`, json('POST', {}))).status);
    }
    expect(statuses).toEqual([...Array(10).fill(404), 429]);
  });
});

describe('public price pages', () => {
  it('cost a bounded number of upstream calls whatever channels and prices a stranger sweeps, never starving the keys in use', async () => {
    const clock = testClock();
    const bff = await stack.startBff({ now: clock.now });
    const priced = (query: Record<string, string>) =>
      call(`${bff.url}/v1/instalments?${new URLSearchParams({ currency: 'AED', country: 'AE', ...query })}`);
    const optionsAsked = (channel: 'none' | 'made up') =>
      stack.sandbox.journal.filter(
        (entry) => entry.route === 'options' && 'channel' in (entry.query ?? {}) === (channel === 'made up'),
      ).length;
    const before = { none: optionsAsked('none'), madeUp: optionsAsked('made up') };
    expect((await priced({ amount: '189.00' })).body.providers.length).toBeGreaterThan(0);
    const sweep = async (from: number) => {
      for (let i = from; i < from + 100; i++) {
        expect((await priced({ amount: `${100 + i}.00`, channel: `c-${i}` })).status).toBe(200);
      }
    };
    await sweep(0);
    // Made-up channels (no known providers) share a sixth of the budget: 5 calls a minute.
    expect(optionsAsked('made up') - before.madeUp).toBeLessThanOrEqual(5);
    // A minute on, the sweep goes on, and the key in use is still refreshed from its own budget.
    clock.advance(61_000);
    await sweep(100);
    await priced({ amount: '189.00' });
    // A stale snapshot is answered at once and refreshed behind the answer: the refresh arrives when it arrives.
    await expect.poll(() => optionsAsked('none') - before.none).toBe(2);
    expect(optionsAsked('made up') - before.madeUp).toBeLessThanOrEqual(10);
  });
});
