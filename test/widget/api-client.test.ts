import { expect } from '@open-wc/testing';
import { CheckoutApiError, readSession } from '../../widget/components/opi-checkout/api-client.js';
import { placeOrder } from '../../widget/components/opi-checkout/order-client.js';
import type { BffOptions } from '../../widget/internal/bff-call.js';
import { fakeBff, json, problem } from './support/fake-bff.js';
import { sessionView } from './support/fixtures.js';

async function failure(promise: Promise<unknown>): Promise<CheckoutApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(CheckoutApiError);
    return error as CheckoutApiError;
  }
  throw new Error('expected a CheckoutApiError');
}

describe('BFF client', () => {
  it('reads the session with amounts in minor units, under a path prefix, without cookies', async () => {
    const calls: [string, RequestInit][] = [];
    const bff: BffOptions = {
      baseUrl: 'https://shop.example/bff',
      fetch: async (input, init = {}) => {
        calls.push([String(input), init]);
        return json(200, sessionView({ currency: 'KWD', amount: 12.345 }));
      },
    };
    const session = await readSession(bff, 'cs/../x');
    expect(session.amount).to.equal(12345);
    expect(session.providers[0]!.instalments!.amount).to.equal(25000);
    expect(calls[0]![0]).to.equal('https://shop.example/bff/v1/checkout-sessions/cs%2F..%2Fx');
    expect(calls[0]![1].credentials).to.equal('omit');
  });

  it('turns a problem into its code, retryable flag and field errors', async () => {
    const bff = fakeBff({
      session: sessionView(),
      order: () =>
        problem(502, 'upstream_timeout', { retryable: true, errors: [{ path: 'customer.email', message: 'x' }] }),
    });
    const error = await failure(
      placeOrder({ baseUrl: 'https://bff.example', fetch: bff.fetch }, 'cs_1', {} as never, 'key-1'),
    );
    expect([error.code, error.retryable, error.fieldErrors]).to.deep.equal([
      'upstream_timeout',
      true,
      [{ path: 'customer.email', message: 'x' }],
    ]);
  });

  it('calls a network failure and a timeout bff_unreachable, retryable', async () => {
    const offline: BffOptions = {
      baseUrl: 'https://bff.example',
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    };
    const error = await failure(readSession(offline, 'cs_1'));
    expect([error.code, error.retryable]).to.deep.equal(['bff_unreachable', true]);
    const hanging: BffOptions = {
      baseUrl: 'https://bff.example',
      timeoutMs: 20,
      fetch: (_input, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))),
    };
    const timeout = await failure(readSession(hanging, 'cs_1'));
    expect([timeout.code, timeout.retryable]).to.deep.equal(['bff_unreachable', true]);
  });

  it('says "aborted" when the caller gave up on the answer', async () => {
    const controller = new AbortController();
    const bff: BffOptions = {
      baseUrl: 'https://bff.example',
      fetch: (_input, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    };
    const pending = failure(readSession(bff, 'cs_1', controller.signal));
    controller.abort();
    expect((await pending).code).to.equal('aborted');
  });

  it('refuses answers that are not what the BFF sends', async () => {
    const answering = (status: number, body: unknown): BffOptions => ({
      baseUrl: 'https://bff.example',
      fetch: async () => (typeof body === 'string' ? new Response(body, { status }) : json(status, body)),
    });
    expect((await failure(readSession(answering(200, { providers: 'none' }), 'cs_1'))).code).to.equal('bad_response');
    expect((await failure(readSession(answering(200, '<html>'), 'cs_1'))).code).to.equal('bad_response');
    expect(
      (await failure(placeOrder(answering(201, { orderReference: 'o' }), 'cs_1', {} as never, 'k'))).code,
    ).to.equal('bad_response');
    const notOurs = await failure(readSession(answering(404, '<h1>Not Found</h1>'), 'cs_1'));
    expect([notOurs.code, notOurs.retryable]).to.deep.equal(['bad_response', false]);
    const gateway = await failure(readSession(answering(503, '<h1>Service Unavailable</h1>'), 'cs_1'));
    expect([gateway.code, gateway.retryable]).to.deep.equal(['bff_unreachable', true]);
  });
});
