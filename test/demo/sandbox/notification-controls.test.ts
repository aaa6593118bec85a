// The test kit's notification controls, seen from the receiving side: held, sent in reverse order, twice, late,
// dropped, malformed; and the BFF's signed merchant notifications through the relay, unsigned or with a bad signature.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { describe, expect, it, onTestFinished } from 'vitest';
import { verifyNotificationSignature } from '../../../bff/notify/signature.js';
import type { Sandbox } from '../../../demo/sandbox/sandbox.js';
import { runCommand } from '../../../demo/sandbox/commands.js';
import { FAST_SANDBOX, placeOrder } from '../../support/after-payment-harness.js';
import { useCheckoutStack } from '../../support/stack.js';
import { waitUntil } from '../../support/wait.js';
import { createOrder, getToken, listenForTest, orderRequest, startSandbox } from './helpers.js';

interface Arrival {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on port 0 that keeps every POST's headers and raw body, in the order they arrived, and answers `status`. */
async function startRawReceiver(status = 204): Promise<{ url: string; arrivals: Arrival[] }> {
  const arrivals: Arrival[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      arrivals.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(status).end();
    });
  });
  return { url: `${await listenForTest(server)}/hooks`, arrivals };
}

const statusOf = (arrival: Arrival) => (JSON.parse(arrival.body) as { data: { status: string } }).data.status;

/** Two orders whose callbacks go to a receiver, decided while the sandbox holds them: approve, then decline. */
async function twoHeldCallbacks(sandbox: Sandbox) {
  const receiver = await startRawReceiver();
  const token = await getToken(sandbox);
  sandbox.holdNotifications('to-bff', true);
  for (const outcome of ['approve', 'decline'] as const) {
    const request = orderRequest({}, { dynamicCallbackUrl: receiver.url });
    await createOrder(sandbox, token, request);
    await sandbox.decide(request.orderReference, { outcome });
  }
  await sandbox.idle();
  const [first, second] = sandbox.notifications;
  return { receiver, first: first!, second: second! };
}

describe("the upstream's notifications to the BFF", () => {
  it('held ones wait; sent in reverse order they arrive in reverse order', async () => {
    const sandbox = await startSandbox();
    const { receiver, first, second } = await twoHeldCallbacks(sandbox);
    expect(receiver.arrivals).toEqual([]);
    expect([first.state, second.state]).toEqual(['held', 'held']);
    sandbox.sendNotifications([second.id, first.id]);
    await sandbox.idle();
    expect(receiver.arrivals.map(statusOf)).toEqual(['DECLINED', 'SUCCESSFUL']);
    expect(first.sends).toEqual([expect.objectContaining({ form: 'as-is', status: 204, url: receiver.url })]);
  });

  it('sends one twice, replays a sent one, and sends one late', async () => {
    const sandbox = await startSandbox();
    const { receiver, first, second } = await twoHeldCallbacks(sandbox);
    sandbox.sendNotifications([first.id], { times: 2 });
    await sandbox.idle();
    expect(receiver.arrivals.map((arrival) => arrival.body)).toEqual([first.body, first.body]);
    sandbox.sendNotifications([first.id]);
    await sandbox.idle();
    expect(receiver.arrivals).toHaveLength(3);

    sandbox.sendNotifications([second.id], { delayMs: 300 });
    expect(second.state).toBe('queued');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.arrivals).toHaveLength(3);
    await sandbox.idle();
    expect(receiver.arrivals.map(statusOf).at(-1)).toBe('DECLINED');
  });

  it('drops a held one for good, and refuses to drop one already sent', async () => {
    const sandbox = await startSandbox();
    const { receiver, first, second } = await twoHeldCallbacks(sandbox);
    sandbox.dropNotifications([second.id]);
    sandbox.sendNotifications([first.id]);
    await sandbox.idle();
    expect(receiver.arrivals.map(statusOf)).toEqual(['SUCCESSFUL']);
    expect(second.state).toBe('dropped');
    expect(() => sandbox.dropNotifications([first.id])).toThrow(
      `only held notifications can be dropped; ${first.id} is not held`,
    );
    expect(() => sandbox.sendNotifications(['n999'])).toThrow('no notification n999');
  });

  it('never sends a dropped one, and a control send is never lost to the fault injection of automatic ones', async () => {
    const sandbox = await startSandbox();
    const { receiver, first, second } = await twoHeldCallbacks(sandbox);
    sandbox.dropNotifications([second.id]);
    expect(() => sandbox.sendNotifications([second.id])).toThrow(`${second.id} was dropped: it is never sent`);
    sandbox.setCallbackFailures(5);
    sandbox.sendNotifications([first.id]);
    await sandbox.idle();
    expect(receiver.arrivals.map(statusOf)).toEqual(['SUCCESSFUL']);
    expect(first.state).toBe('delivered');
  });

  it('sends one malformed, and refuses "unsigned": the docs show no signature on these', async () => {
    const sandbox = await startSandbox();
    const { receiver, first } = await twoHeldCallbacks(sandbox);
    sandbox.sendNotifications([first.id], { form: 'malformed' });
    await sandbox.idle();
    expect(() => JSON.parse(receiver.arrivals[0]!.body)).toThrow();
    expect(first.body.startsWith(receiver.arrivals[0]!.body)).toBe(true);
    expect(() => sandbox.sendNotifications([first.id], { form: 'unsigned' })).toThrow(/carries no signature/);
  });

  it('answers the control endpoints with the same, and refuses bad bodies with the field', async () => {
    const sandbox = await startSandbox();
    const { receiver, first, second } = await twoHeldCallbacks(sandbox);
    const control = (method: string, path: string, body?: unknown) =>
      fetch(`${sandbox.url}/__sandbox${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const listed = (await (await control('GET', '/notifications')).json()) as {
      held: unknown;
      notifications: { id: string; state: string }[];
    };
    expect(listed.held).toEqual({ 'to-bff': true, 'to-merchant': false });
    expect(listed.notifications.map((n) => [n.id, n.state])).toEqual([
      [first.id, 'held'],
      [second.id, 'held'],
    ]);
    expect((await control('POST', '/notifications/send', { ids: [second.id, first.id], times: 2 })).status).toBe(202);
    await sandbox.idle();
    expect(receiver.arrivals.map(statusOf)).toEqual(['DECLINED', 'DECLINED', 'SUCCESSFUL', 'SUCCESSFUL']);
    const refused = await control('POST', '/notifications/send', { ids: [first.id], times: 0, form: 'loud' });
    expect([refused.status, ((await refused.json()) as { message: string[] }).message]).toEqual([
      400,
      ['times must be at least 1', 'form must be one of: as-is, unsigned, bad-signature, malformed'],
    ]);
    const unknown = await control('POST', '/notifications/drop', { ids: ['n404'] });
    expect([unknown.status, ((await unknown.json()) as { message: string[] }).message]).toEqual([
      400,
      [expect.stringContaining('no notification n404')],
    ]);
    expect((await control('PUT', '/notifications/hold', { direction: 'all', on: false })).status).toBe(204);
    expect(sandbox.heldNotifications()).toEqual({ 'to-bff': false, 'to-merchant': false });
  });
});

describe('the relay, as the BFF sees it', () => {
  const relay = (sandbox: Sandbox, body = '{"type":"order.status"}', headers: Record<string, string> = {}) =>
    fetch(sandbox.relayUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

  it("answers the receiver's status, 502 when it cannot be reached, 202 while holding, 204 with no target", async () => {
    const sandbox = await startSandbox();
    expect((await relay(sandbox)).status).toBe(204);
    expect(sandbox.notifications.at(-1)!.state).toBe('kept');
    sandbox.setRelayTarget((await startRawReceiver(503)).url);
    expect((await relay(sandbox)).status).toBe(503);
    expect(sandbox.notifications.at(-1)!.state).toBe('failed');
    sandbox.setRelayTarget((await startRawReceiver(200)).url);
    expect((await relay(sandbox)).status).toBe(200);
    sandbox.setRelayTarget('http://127.0.0.1:9/unreachable');
    expect((await relay(sandbox)).status).toBe(502);
    sandbox.holdNotifications('to-merchant', true);
    expect((await relay(sandbox)).status).toBe(202);
    expect(sandbox.notifications.map((n) => n.event)).toEqual(Array(5).fill('order.status'));
  });

  it('refuses what is not JSON, what is too big, and a target that is the relay itself', async () => {
    const sandbox = await startSandbox();
    const refused = async (answer: Promise<Response>) => {
      const response = await answer;
      return [response.status, ((await response.json()) as { message: string }).message];
    };
    expect(await refused(fetch(sandbox.relayUrl, { method: 'POST', body: 'a=1' }))).toEqual([
      415,
      'Content-Type must be application/json',
    ]);
    expect(await refused(relay(sandbox, `{"pad":"${'x'.repeat(70_000)}"}`))).toEqual([413, 'request entity too large']);
    expect(() => sandbox.setRelayTarget(sandbox.relayUrl)).toThrow('not the relay itself');
    expect(await refused(relay(sandbox, '{}', { 'x-opi-sandbox-relayed': '1' }))).toEqual([
      508,
      'the relay target is the relay itself',
    ]);
    expect(sandbox.notifications).toEqual([]);
  });
});

describe('the console', () => {
  it('refuses a form without its token, and applies the hold, the relay target and a portal refund', async () => {
    const sandbox = await startSandbox();
    const token = await getToken(sandbox);
    const request = orderRequest({}, {});
    await createOrder(sandbox, token, request);
    await sandbox.decide(request.orderReference, { outcome: 'approve' });
    const page = await (await fetch(`${sandbox.url}/__sandbox/`)).text();
    const formToken = /name="token" value="([0-9a-f]+)"/.exec(page)![1]!;
    const post = (fields: Record<string, string>) =>
      fetch(`${sandbox.url}/__sandbox/console`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      });
    const stale = await post({ token: 'f00', act: 'hold', 'hold-to-bff': 'on' });
    expect(stale.status).toBe(403);
    expect(sandbox.heldNotifications()['to-bff']).toBe(false);

    expect((await post({ token: formToken, act: 'hold', 'hold-to-bff': 'on' })).status).toBe(303);
    expect(sandbox.heldNotifications()).toEqual({ 'to-bff': true, 'to-merchant': false });
    expect(
      (await post({ token: formToken, act: 'relay', 'relay-target': 'http://127.0.0.1:3000/hooks?key=s3cret' })).status,
    ).toBe(303);
    expect(sandbox.relayTarget).toBe('http://127.0.0.1:3000/hooks?key=s3cret');
    const shown = await (await fetch(`${sandbox.url}/__sandbox/`)).text();
    expect(shown).toContain('<p role="status">Relay target set.</p>');
    expect(shown).toContain('Now: http://127.0.0.1:3000/… (only its origin is shown).');
    expect(shown).not.toContain('s3cret');
    const refund = await post({ token: formToken, act: 'refund', order: request.orderReference, amount: '12.5' });
    expect(refund.status).toBe(303);
    expect(sandbox.records()[0]!.refunds).toEqual([
      expect.objectContaining({ amountMinor: 1_250, status: 'SUCCESSFUL' }),
    ]);
    const wrong = await post({ token: formToken, act: 'refund', order: request.orderReference, amount: 'lots' });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('<p class="error" role="alert">amount must be a number, like 12.50</p>');
    expect((await post({ token: formToken, act: 'constructor' })).status).toBe(400);
  });
});

describe("the BFF's signed notifications to the merchant, through the relay", () => {
  const SECRET = 'relay-test-secret-0123456789';
  const stack = useCheckoutStack({
    sandbox: FAST_SANDBOX,
    between: 'settle',
    env: () => ({ OPI_MERCHANT_WEBHOOK_URL: stack.sandbox.relayUrl, OPI_MERCHANT_WEBHOOK_SECRET: SECRET }),
  });

  async function paidOrder(): Promise<string> {
    const placed = await placeOrder(stack.bff.url);
    await stack.sandbox.decide(placed.orderReference, { outcome: 'approve' });
    return placed.orderReference;
  }

  const verified = (arrival: Arrival) =>
    verifyNotificationSignature(arrival.headers['opi-signature'] as string | undefined, arrival.body, SECRET);
  const relayed = () => stack.sandbox.notifications.filter((n) => n.direction === 'to-merchant');

  it('passes each on at once, signature intact, and keeps it in the list', async () => {
    const receiver = await startRawReceiver();
    stack.sandbox.setRelayTarget(receiver.url);
    onTestFinished(() => stack.sandbox.setRelayTarget(undefined));
    const reference = await paidOrder();
    // The relay marks a send delivered when the receiver's answer reaches it, a moment after the receiver has the body.
    await waitUntil(() => receiver.arrivals.length === 1 && relayed().at(-1)?.state !== 'queued', 10_000);
    expect(verified(receiver.arrivals[0]!)).toBe(true);
    expect(JSON.parse(receiver.arrivals[0]!.body)).toMatchObject({
      type: 'order.status',
      data: { orderReference: reference },
    });
    expect(relayed().at(-1)).toMatchObject({
      event: 'order.status',
      state: 'delivered',
      body: receiver.arrivals[0]!.body,
    });
  });

  it('holds two, then delivers them newest first; unsigned, with a bad signature and malformed are refused by a verifier', async () => {
    const receiver = await startRawReceiver();
    stack.sandbox.setRelayTarget(receiver.url);
    stack.sandbox.holdNotifications('to-merchant', true);
    onTestFinished(() => {
      stack.sandbox.setRelayTarget(undefined);
      stack.sandbox.holdNotifications('all', false);
    });
    const before = relayed().length;
    const firstOrder = await paidOrder();
    const secondOrder = await paidOrder();
    await waitUntil(() => relayed().length === before + 2, 10_000);
    // Each order's notification by its reference: the BFF may deliver the two at once, in either order.
    const about = (reference: string) => relayed().find((n) => n.body.includes(`"orderReference":"${reference}"`));
    const [first, second] = [about(firstOrder), about(secondOrder)];
    expect([first?.state, second?.state]).toEqual(['held', 'held']);
    expect(receiver.arrivals).toEqual([]);

    stack.sandbox.sendNotifications([second!.id, first!.id]);
    await stack.sandbox.idle();
    const references = receiver.arrivals.map((arrival) => JSON.parse(arrival.body).data.orderReference);
    expect(references).toEqual([secondOrder, firstOrder]);
    expect(receiver.arrivals.every(verified)).toBe(true);

    // One at a time: three sends at once may arrive in any order.
    for (const form of ['unsigned', 'bad-signature', 'malformed'] as const) {
      stack.sandbox.sendNotifications([first!.id], { form });
      await stack.sandbox.idle();
    }
    const [unsigned, badSignature, malformed] = receiver.arrivals.slice(2);
    expect(unsigned!.headers['opi-signature']).toBeUndefined();
    expect(badSignature!.headers['opi-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect([unsigned, badSignature, malformed].map((arrival) => verified(arrival!))).toEqual([false, false, false]);
    expect(() => JSON.parse(malformed!.body)).toThrow();
  });

  it('drives the same from the command line: list, hold, send, drop, and the portal', async () => {
    const receiver = await startRawReceiver();
    const lines: string[] = [];
    const errors: string[] = [];
    const cli = (...args: string[]) =>
      runCommand(
        [...args, '--sandbox', stack.sandbox.url],
        {},
        { out: (line) => lines.push(line), err: (line) => errors.push(line) },
      );
    onTestFinished(() => stack.sandbox.holdNotifications('all', false));

    expect(await cli('notify', 'relay', receiver.url)).toBe(0);
    expect(stack.sandbox.relayTarget).toBe(receiver.url);
    expect(await cli('notify', 'hold', 'to-merchant')).toBe(0);
    const reference = await paidOrder();
    await waitUntil(() => relayed().at(-1)?.state === 'held', 10_000);
    const held = relayed().at(-1)!;
    expect(await cli('notify', 'list')).toBe(0);
    expect(lines.at(-1)).toBe([held.id, 'to-merchant', 'order.status', '-', 'held', '-'].join('\t'));
    expect(await cli('notify', 'send', held.id, '--times', '2', '--bad-signature')).toBe(0);
    await stack.sandbox.idle();
    expect(receiver.arrivals).toHaveLength(2);
    expect(receiver.arrivals.map(verified)).toEqual([false, false]);

    expect(await cli('notify', 'drop', held.id)).toBe(1);
    expect(errors.at(-1)).toBe(`refused (HTTP 400): only held notifications can be dropped; ${held.id} is not held`);
    expect(await cli('notify', 'send')).toBe(2);
    expect(errors.at(-1)).toMatch(/^not a command: opi-sandbox notify send\nusage:/);

    expect(await cli('portal', 'refund', reference, '10')).toBe(0);
    const record = stack.sandbox.records().find((order) => order.reference === reference)!;
    expect(record.refunds).toEqual([expect.objectContaining({ amountMinor: 1_000, status: 'SUCCESSFUL' })]);
    expect(await cli('notify', 'relay', '--off')).toBe(0);
    expect(stack.sandbox.relayTarget).toBeUndefined();
  });
});
