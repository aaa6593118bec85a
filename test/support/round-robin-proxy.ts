// A small load balancer for the scale-out test, doing what Caddy does in deploy/compose.yaml: round robin over the
// backends whose /readyz answers 200 (checked every 100 ms), a request that could not connect, or a GET that failed
// before its answer, sent to the next one, and the client's address appended to X-Forwarded-For. A test names its client with
// X-Test-Client, so one test process can be many shoppers.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnPort0 } from './servers.js';

export interface RoundRobinProxy {
  url: string;
  /** Answers the proxy itself gave because no backend answered (502): what a shopper would see fail. */
  readonly failures: string[];
  /** Resolves once the backend's first health check is done. */
  add(backend: string): Promise<void>;
  remove(backend: string): void;
  close(): Promise<void>;
}

const HEALTH_EVERY_MS = 100;

export async function startRoundRobinProxy(backends: string[] = []): Promise<RoundRobinProxy> {
  const all = new Set(backends);
  const healthy = new Set<string>();
  const failures: string[] = [];
  let next = 0;

  async function check(backend: string) {
    try {
      const answer = await fetch(`${backend}/readyz`, { signal: AbortSignal.timeout(1_000) });
      await answer.arrayBuffer();
      if (answer.ok) healthy.add(backend);
      else healthy.delete(backend);
    } catch {
      healthy.delete(backend);
    }
  }
  const timer = setInterval(() => {
    for (const backend of all) void check(backend);
  }, HEALTH_EVERY_MS);

  function forward(req: IncomingMessage, body: Buffer, res: ServerResponse, tried: Set<string>) {
    const choices = [...healthy].filter((backend) => !tried.has(backend));
    if (choices.length === 0) {
      failures.push(`${req.method} ${req.url}: no backend`);
      res.writeHead(502).end();
      return;
    }
    const backend = choices[next++ % choices.length]!;
    tried.add(backend);
    const client = String(req.headers['x-test-client'] ?? req.socket.remoteAddress);
    const headers: Record<string, string | string[] | undefined> = {
      ...req.headers,
      host: new URL(backend).host,
      'x-forwarded-for': client,
    };
    delete headers['x-test-client'];
    // A connection per request: a backend that stops listening refuses it, and the request goes elsewhere.
    const upstream = request(`${backend}${req.url}`, { method: req.method, headers, agent: false }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      // Caddy's default retry match: any request that could not connect, and a GET whose exchange failed before
      // an answer (a backend closing its listener resets connections it had not read yet).
      if ((error.code === 'ECONNREFUSED' || req.method === 'GET') && !res.headersSent) {
        if (error.code === 'ECONNREFUSED') healthy.delete(backend);
        forward(req, body, res, tried);
        return;
      }
      failures.push(`${req.method} ${req.url} via ${backend}: ${error.code ?? error.message}`);
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    upstream.end(body);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => forward(req, Buffer.concat(chunks), res, new Set()));
  });
  const url = await listenOnPort0(server);
  await Promise.all([...all].map(check));
  return {
    url,
    failures,
    add(backend) {
      all.add(backend);
      return check(backend);
    },
    remove(backend) {
      all.delete(backend);
      healthy.delete(backend);
    },
    async close() {
      clearInterval(timer);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
