import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliverNotification } from '../../../bff/notify/deliver.js';
import { verifyNotificationSignature } from '../../../bff/notify/signature.js';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

// A real merchant endpoint on port 0 whose answer each test chooses.
let server: Server;
let url: string;
let answer: (res: import('node:http').ServerResponse) => void;
const received: Received[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/opi`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  answer = (res) => res.writeHead(204).end();
});

const secret = 'whsec_0123456789abcdef';
const body = JSON.stringify({
  id: 'ntf_1',
  type: 'order.status',
  createdAt: '2030-01-01T00:00:00.000Z',
  data: { status: 'paid' },
});
const target = () => ({ url, secret, fetch, timeoutMs: 500, nowSeconds: () => 1_900_000_000 });

describe('notification delivery', () => {
  it('POSTs the exact body with a signature the merchant can verify', async () => {
    expect(await deliverNotification(body, target())).toEqual({ ok: true });
    expect(received).toHaveLength(1);
    const [delivery] = received;
    expect(delivery!.body).toBe(body);
    expect(delivery!.headers['content-type']).toBe('application/json');
    const header = delivery!.headers['opi-signature'] as string;
    expect(verifyNotificationSignature(header, delivery!.body, secret, { nowSeconds: 1_900_000_000 })).toBe(true);
    expect(verifyNotificationSignature(header, delivery!.body, 'another-secret', { nowSeconds: 1_900_000_000 })).toBe(
      false,
    );
  });

  it('reports a non-2xx answer as not delivered', async () => {
    answer = (res) => res.writeHead(500).end('down');
    expect(await deliverNotification(body, target())).toEqual({ ok: false, error: 'HTTP 500' });
  });

  it('does not follow a redirect', async () => {
    answer = (res) => res.writeHead(302, { location: `${url}/elsewhere` }).end();
    expect(await deliverNotification(body, target())).toEqual({ ok: false, error: 'HTTP 302' });
    expect(received).toHaveLength(1);
  });

  it('gives up on a merchant that does not answer within the timeout', async () => {
    answer = () => {};
    const started = Date.now();
    expect(await deliverNotification(body, { ...target(), timeoutMs: 100 })).toEqual({ ok: false, error: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports a refused connection', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/`;
    await new Promise((resolve) => closed.close(resolve));
    const result = await deliverNotification(body, { ...target(), url: deadUrl });
    expect(result.ok).toBe(false);
  });
});
