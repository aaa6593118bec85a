// Requests a browser or fetch would never send, written on a raw socket: the sandbox answers each in the upstream's
// error shape and keeps serving.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../demo/sandbox/sandbox.js';
import { call, getToken, startSandbox } from './helpers.js';

/** Writes one request line with Connection: close; answers the status code and the body. */
async function rawRequest(sandbox: Sandbox, requestLine: string): Promise<{ status: number; body: unknown }> {
  const { hostname, port } = new URL(sandbox.url);
  const text = await new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`${requestLine}\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`);
    });
    socket.setTimeout(2_000, () => socket.destroy()); // an unanswered request fails fast, not at the test timeout
    let data = '';
    socket.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
    socket.on('close', () => resolve(data));
    socket.on('error', reject);
  });
  const [head = '', body = ''] = text.split('\r\n\r\n');
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), body: body ? JSON.parse(body) : undefined };
}

describe('malformed requests', () => {
  it('a path that is no URL on its own (GET //[) is a 404 in the upstream shape, not a crash', async () => {
    const sandbox = await startSandbox();
    expect(await rawRequest(sandbox, 'GET //[ HTTP/1.1')).toEqual({
      status: 404,
      body: { statusCode: 404, message: 'Cannot GET //[', error: 'Not Found' },
    });
    expect((await call(sandbox, '/options?amount=100&currency=AED', { token: await getToken(sandbox) })).status).toBe(
      200,
    );
  });

  it.each(['GET http://[ HTTP/1.1', 'OPTIONS * HTTP/1.1'])(
    'a target that does not parse (%s) is a 400',
    async (line) => {
      const sandbox = await startSandbox();
      expect(await rawRequest(sandbox, line)).toEqual({
        status: 400,
        body: { statusCode: 400, message: 'malformed request target', error: 'Bad Request' },
      });
      expect((await call(sandbox, '/orders/NOPE')).status).toBe(401);
    },
  );

  it('a failure outside every route answers 500 in the upstream shape, and the next request is served', async () => {
    const sandbox = await startSandbox();
    const journal = sandbox.journal as unknown as { push: (...items: unknown[]) => number };
    const push = journal.push;
    // The journal is written before a route's own error handling starts: a throw there reaches the last guard.
    journal.push = () => {
      throw new Error('journal broken');
    };
    const broken = await call(sandbox, '/orders/NOPE');
    journal.push = push;
    expect(broken.status).toBe(500);
    expect(broken.body).toEqual({ statusCode: 500, message: 'Internal server error' });
    expect((await call(sandbox, '/orders/NOPE')).status).toBe(401);
  });
});
