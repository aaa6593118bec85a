// Requests that arrive too slowly are answered 408 request_timeout and their connection closed, so a stranger who
// sends a body (or headers) a byte at a time holds nothing for long; a body that arrives in parts within its time is
// read as any other.
import { createServer } from 'node:http';
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { answerClientErrors } from '../../../bff/http/client-errors.js';
import { createSession, shopper } from '../../support/checkout.js';
import { listenOnPort0 } from '../../support/servers.js';
import { useCheckoutStack } from '../../support/stack.js';

const stack = useCheckoutStack({ env: { OPI_BODY_TIMEOUT_MS: '300' } });

/** A raw connection to `url`, and everything it was sent back once it closed. */
function rawConnection(url: string): { socket: Socket; closed: Promise<string> } {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk;
  });
  // Writes after the server closed the connection fail; the test reads what came back.
  socket.on('error', () => {});
  return { socket, closed: new Promise((resolve) => socket.on('close', () => resolve(received))) };
}

/** Writes `text` one character every `everyMs`; the returned function stops it. */
function trickle(socket: Socket, text: string, everyMs: number): () => void {
  let at = 0;
  const timer = setInterval(() => {
    if (at < text.length && socket.writable) socket.write(text[at++]!);
  }, everyMs);
  return () => clearInterval(timer);
}

/** An HTTP/1.1 answer as its status and its parsed JSON body. */
function answerOf(raw: string): { status: number; contentType: string; body: Record<string, unknown> } {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  return {
    status: Number(head.split(' ')[1]),
    contentType: /^content-type: (.*)$/im.exec(head)?.[1] ?? '',
    body: JSON.parse(body),
  };
}

const placementHead = (id: string, body: string, key: string) =>
  `POST /v1/checkout-sessions/${id}/orders HTTP/1.1\r\nHost: shop.example\r\nConnection: close\r\n` +
  `Content-Type: application/json\r\nIdempotency-Key: ${key}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;

describe('a body that does not arrive within OPI_BODY_TIMEOUT_MS', () => {
  it('is answered 408 request_timeout and its connection closed; nothing is sent upstream', async () => {
    const id = await createSession(stack.bff.url);
    const body = JSON.stringify(shopper());
    const { socket, closed } = rawConnection(stack.bff.url);
    socket.write(placementHead(id, body, 'slow-body-1'));
    // A character every 50 ms: the whole body would take many seconds.
    const stop = trickle(socket, body, 50);
    const answer = answerOf(await closed);
    stop();
    expect(answer.status).toBe(408);
    expect(answer.contentType).toMatch(/^application\/problem\+json/);
    expect(answer.body).toMatchObject({ status: 408, code: 'request_timeout', retryable: true });
    expect(stack.sandbox.journal.filter((entry) => entry.path === '/orders')).toEqual([]);
  });

  it('closes the connection of a request answered before its body, when the rest does not arrive in time', async () => {
    const id = await createSession(stack.bff.url);
    const { socket, closed } = rawConnection(stack.bff.url);
    // Not JSON: 415 at once, before any of the body is read; Node would read the rest to keep the connection.
    socket.write(
      `POST /v1/checkout-sessions/${id}/orders HTTP/1.1\r\nHost: shop.example\r\nContent-Type: text/plain\r\n` +
        'Content-Length: 1000000\r\n\r\nab',
    );
    const stop = trickle(socket, 'c'.repeat(1_000), 50);
    const raw = await closed;
    stop();
    expect(answerOf(raw)).toMatchObject({ status: 415, body: { code: 'unsupported_media_type' } });
  });

  it('is read when its parts arrive within the time', async () => {
    const id = await createSession(stack.bff.url);
    const body = JSON.stringify(shopper());
    const { socket, closed } = rawConnection(stack.bff.url);
    socket.write(placementHead(id, body, 'slow-body-2') + body.slice(0, 40));
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.write(body.slice(40));
    const answer = answerOf(await closed);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ orderReference: expect.any(String), redirectUrl: expect.any(String) });
  });
});

describe('headers that do not arrive within the server headersTimeout', () => {
  it('are answered 408 request_timeout as problem+json, before any route', async () => {
    const server = createServer({ headersTimeout: 300, requestTimeout: 300, connectionsCheckingInterval: 50 });
    answerClientErrors(server);
    server.on('request', (_req, res) => res.end('a request that should not have been read'));
    const url = await listenOnPort0(server);
    try {
      const { socket, closed } = rawConnection(url);
      socket.write('GET / HTTP/1.1\r\nHost: shop.example\r\n');
      const stop = trickle(socket, `X-Slow: ${'a'.repeat(1_000)}\r\n\r\n`, 50);
      const answer = answerOf(await closed);
      stop();
      expect(answer.status).toBe(408);
      expect(answer.contentType).toMatch(/^application\/problem\+json/);
      expect(answer.body).toMatchObject({ status: 408, code: 'request_timeout', retryable: true });
    } finally {
      server.close();
    }
  });
});
