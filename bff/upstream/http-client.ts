// The upstream calls' HTTP client: `fetch`'s shape on Node's own http and https modules, with keep-alive. Node's
// fetch parses answers in WebAssembly (undici's llhttp) and costs about 0.1 ms more CPU a call than this (a fifth of
// a call's cost, schemas and spans included), measured in docs/internals/performance.md; the transport (./transport.ts) and the tests that wrap `fetch` are unchanged.
// Only what the transport asks is served: a string or URL, a method, headers, a string body, a signal; redirects
// are answered as they come (`redirect: 'manual'`). As fetch does, a failure before an answer rejects with a
// TypeError whose `cause` is the socket's error (its `code`: ECONNREFUSED, ECONNRESET, ...), an abort with the
// signal's reason, and a connection lost in the body fails the body's read.
import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';

/** Statuses whose answer has no body: a Response refuses one for them. */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * Local choice: a free socket is closed after 4 s unless the server's Keep-Alive hint says sooner (Node's agent reads
 * it), under the 5 s many servers keep an idle connection: a request never goes out on one the server is closing.
 */
const FREE_SOCKET_MS = 4_000;

function headersOf(raw: string[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let i = 0; i < raw.length; i += 2) pairs.push([raw[i]!, raw[i + 1]!]);
  return pairs;
}

/** A `fetch` of its own keep-alive sockets (a free one holds no process open). */
export function createHttpFetch(): typeof fetch {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, timeout: FREE_SOCKET_MS }),
    'https:': new https.Agent({ keepAlive: true, timeout: FREE_SOCKET_MS }),
  };

  const send = (input: string | URL, init: RequestInit = {}) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(input);
      const agent = agents[url.protocol as keyof typeof agents];
      if (!agent) throw new TypeError(`unsupported protocol ${url.protocol}`);
      const { signal } = init;
      if (signal?.aborted) throw signal.reason;
      const body = typeof init.body === 'string' ? init.body : undefined;
      if (init.body != null && body === undefined) throw new TypeError('only a string body is sent');
      const headers = new Headers(init.headers);
      if (body !== undefined) headers.set('content-length', String(Buffer.byteLength(body)));
      const request = (url.protocol === 'https:' ? https : http).request(
        url,
        { method: init.method ?? 'GET', agent, headers: Object.fromEntries(headers) },
        (answer) => {
          const status = answer.statusCode ?? 0;
          const readable = NO_BODY.has(status) ? null : (Readable.toWeb(answer) as ReadableStream<Uint8Array>);
          if (readable === null) answer.resume();
          try {
            resolve(
              new Response(readable, {
                status,
                statusText: answer.statusMessage,
                headers: headersOf(answer.rawHeaders),
              }),
            );
          } catch (error) {
            answer.destroy();
            reject(new TypeError('fetch failed', { cause: error }));
          }
        },
      );
      const aborted = () => request.destroy(signal?.reason);
      signal?.addEventListener('abort', aborted, { once: true });
      request.once('close', () => signal?.removeEventListener('abort', aborted));
      request.on('error', (error) =>
        reject(signal?.aborted ? signal.reason : new TypeError('fetch failed', { cause: error })),
      );
      request.end(body);
    });

  return send as typeof fetch;
}
