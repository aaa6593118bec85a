// An HTTP server on port 0 that answers with the upstream docs' own example payloads and records what it is sent:
// the BFF's client is checked against the documented forms, not against our sandbox.
import { createServer } from 'node:http';
import { listenOnPort0 } from '../support/servers.js';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  contentType: string | undefined;
  body: string;
}

export interface DocsAnswer {
  status: number;
  body: unknown;
}

/** `answer` picks the docs' answer for a request (method and path); unmatched requests get the docs' 404. */
export async function startDocsUpstream(answer: (method: string, path: string) => DocsAnswer | undefined) {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://docs.invalid');
      const method = req.method ?? 'GET';
      requests.push({
        method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        contentType: req.headers['content-type'],
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const reply = answer(method, url.pathname) ?? {
        status: 404,
        body: { statusCode: 404, message: `Cannot ${method} ${url.pathname}`, error: 'Not Found' },
      };
      res
        .writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8' })
        .end(JSON.stringify(reply.body));
    });
  });
  const url = await listenOnPort0(server);
  return {
    url,
    requests,
    /** The requests to a path, parsed as JSON. */
    sent: (method: string, path: string) =>
      requests.filter((request) => request.method === method && request.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
