// The upstream's HTTP client (bff/upstream/http-client.ts) against a real server on port 0: what the transport reads
// of fetch (status, headers, body, its errors and their codes, aborts before and during the answer) comes the same;
// over TLS, the certificate is checked as fetch checks it.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpFetch } from '../../../bff/upstream/http-client.js';
import { freePort } from '../../../scripts/free-port.mjs';

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

let server: Server;
let base: string;
const routes = new Map<string, Handler>();
const connections = new Set<unknown>();

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => routes.get(request.url ?? '')?.(request, response, body));
  });
  server.on('connection', (socket) => connections.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const send = createHttpFetch();

describe("the upstream's HTTP client", () => {
  it('sends the method, headers and body, and answers the status, headers and body as fetch does', async () => {
    routes.set('/orders', (request, response, body) => {
      response.writeHead(201, { 'content-type': 'application/json', 'retry-after': '3', 'set-cookie': ['a=1', 'b=2'] });
      response.end(
        JSON.stringify({
          method: request.method,
          type: request.headers['content-type'],
          length: request.headers['content-length'],
          body,
        }),
      );
    });
    const answer = await send(`${base}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"amount":"12.50 €"}',
    });
    expect([answer.status, answer.headers.get('retry-after'), answer.headers.get('set-cookie')]).toEqual([
      201,
      '3',
      'a=1, b=2',
    ]);
    expect(JSON.parse(await answer.text())).toEqual({
      method: 'POST',
      type: 'application/json',
      length: String(Buffer.byteLength('{"amount":"12.50 €"}')),
      body: '{"amount":"12.50 €"}',
    });
  });

  it('keeps the connection for the next call', async () => {
    routes.set('/again', (_request, response) => response.end('{}'));
    const before = connections.size;
    for (let i = 0; i < 5; i++) expect(await (await send(`${base}/again`)).text()).toBe('{}');
    expect(connections.size - before).toBeLessThanOrEqual(1);
  });

  it('answers a redirect as it comes, and a 204 with no body', async () => {
    routes.set('/moved', (_request, response) => {
      response.writeHead(302, { location: 'https://elsewhere.example/' });
      response.end();
    });
    routes.set('/empty', (_request, response) => {
      response.writeHead(204);
      response.end();
    });
    const moved = await send(`${base}/moved`, { redirect: 'manual' });
    expect([moved.status, moved.headers.get('location')]).toEqual([302, 'https://elsewhere.example/']);
    const empty = await send(`${base}/empty`);
    expect([empty.status, await empty.text()]).toEqual([204, '']);
  });

  it('rejects a refused connection as fetch does: a TypeError whose cause has the code', async () => {
    const closed = `http://127.0.0.1:${await freePort()}/`;
    const failure = await send(closed).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as { cause?: { code?: string } }).cause?.code).toBe('ECONNREFUSED');
  });

  it("rejects with the signal's reason when no answer comes in time", async () => {
    routes.set('/hang', () => {});
    const signal = AbortSignal.timeout(100);
    const failure = await send(`${base}/hang`, { signal }).catch((error: unknown) => error);
    expect(signal.aborted).toBe(true);
    expect(failure).toBe(signal.reason);
  });

  it('fails the body read when the answer stalls after its headers, or its connection is lost in the body', async () => {
    routes.set('/stall', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      response.write('{"part":');
    });
    const signal = AbortSignal.timeout(150);
    const stalled = await send(`${base}/stall`, { signal });
    expect(stalled.status).toBe(200);
    await expect(stalled.text()).rejects.toBeDefined();
    expect(signal.aborted).toBe(true);

    routes.set('/cut', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      response.write('{"part":', () => response.socket?.destroy());
    });
    const cut = await send(`${base}/cut`);
    expect(cut.status).toBe(200);
    await expect(cut.text()).rejects.toBeDefined();
  });
});

describe("the upstream's HTTP client over TLS", () => {
  const certificate = 'test/fixtures/tls/test-only-127.0.0.1.crt.pem';
  let tls: Server;
  let origin: string;
  beforeAll(async () => {
    tls = createTlsServer(
      { cert: readFileSync(certificate), key: readFileSync('test/fixtures/tls/test-only-127.0.0.1.key.pem') },
      (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"over":"tls"}');
      },
    );
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    origin = `https://127.0.0.1:${(tls.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    tls.closeAllConnections();
    await new Promise((resolve) => tls.close(resolve));
  });

  it('refuses a certificate nobody vouches for, as fetch does', async () => {
    const failure = await send(`${origin}/`).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as { cause?: { code?: string } }).cause?.code).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
  });

  it('answers over TLS once the certificate is trusted (NODE_EXTRA_CA_CERTS, read at start)', async () => {
    const client = `const { createHttpFetch } = await import(${JSON.stringify(`${process.cwd()}/bff/upstream/http-client.ts`)});
      const answer = await createHttpFetch()(${JSON.stringify(`${origin}/`)});
      console.log(answer.status, await answer.text());`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', client],
      { env: { ...process.env, NODE_EXTRA_CA_CERTS: certificate } },
    );
    expect(stdout.trim()).toBe('200 {"over":"tls"}');
  });
});
