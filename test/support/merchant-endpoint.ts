// A merchant's notification endpoint on port 0 for the BFF tests: it keeps every POST it receives (its raw body and
// its trace headers) and answers 204, or the status a test sets (an endpoint that is down).
import { createServer } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { merchantNotificationSchema, type MerchantNotification } from '../../shared/schemas/merchant-api.js';
import { listenOnPort0 } from './servers.js';
import { running } from './stack.js';

export interface MerchantEndpoint {
  /** The URL to set as OPI_MERCHANT_WEBHOOK_URL. */
  readonly url: string;
  /** Every notification received so far, parsed with the shared contract. */
  received(): MerchantNotification[];
  /** Their bodies as they arrived, byte for byte. */
  raw(): string[];
  /** What it answers from now on: 204 (up), or a failure such as 503 (down). */
  answer(status: number): void;
  /** The trace headers each came with (traceparent, tracestate, baggage), in the same order. */
  traceHeaders(): Record<string, string | undefined>[];
  clear(): void;
}

/** Starts the endpoint before the file's BFF (register it first) and closes it after. */
export function useMerchantEndpoint(): MerchantEndpoint {
  const bodies: string[] = [];
  const traces: Record<string, string | undefined>[] = [];
  let url: string | undefined;
  let status = 204;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString('utf8'));
      const { traceparent, tracestate, baggage } = req.headers as Record<string, string | undefined>;
      traces.push({ traceparent, tracestate, baggage });
      res.writeHead(status).end();
    });
  });
  beforeAll(async () => {
    url = `${await listenOnPort0(server)}/opi/notifications`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    get url() {
      return running(url, 'the merchant endpoint');
    },
    received: () => bodies.map((body) => merchantNotificationSchema.parse(JSON.parse(body))),
    raw: () => [...bodies],
    answer(next) {
      status = next;
    },
    traceHeaders: () => [...traces],
    clear() {
      bodies.length = 0;
      traces.length = 0;
      status = 204;
    },
  };
}
