// A folder served over HTTP on a port of its own, as a storefront's static host serves a built page: the tests that
// open a Vite build in the browser (test/tooling/package.test.ts, test/tooling/elements-package.test.ts).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { listenOnPort0 } from './servers.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

export interface StaticFiles {
  /** http://127.0.0.1:<port>: a folder's index.html is served for its path ending in "/". */
  url: string;
  close(): Promise<void>;
}

export async function serveFolder(root: string): Promise<StaticFiles> {
  const server: Server = createServer((req, res) => {
    const path = join(root, normalize(new URL(req.url!, 'http://x').pathname).replace(/\/$/, '/index.html'));
    if (!path.startsWith(root) || !existsSync(path) || !statSync(path).isFile()) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(readFileSync(path));
  });
  const url = await listenOnPort0(server);
  return { url, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
