// The outbox drains as fast as the merchant's endpoint takes it, counted at a real endpoint on port 0: several
// deliveries at once, a backlog larger than one claim drained without waiting for the reconciler, fewer at once after
// failed deliveries and more again as deliveries go through.
import { createServer } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../bff/logger.js';
import { createNotifier, type Notifier } from '../../../bff/notify/notifier.js';
import { order, session, T0 } from '../../support/ledger-records.js';
import { listenOnPort0 } from '../../support/servers.js';
import { pgliteTestStore, type TestStore } from '../../support/store.js';

/**
 * What the endpoint answers; the most deliveries it held at once; the ids it received, in order; and how often a
 * delivery came while another about the same order was still held.
 */
const endpoint = { status: 204, inFlight: 0, mostAtOnce: 0, received: 0, ids: [] as string[], sameOrderAtOnce: 0 };
const holding = new Set<string>();
const server = createServer((req, res) => {
  endpoint.inFlight++;
  endpoint.mostAtOnce = Math.max(endpoint.mostAtOnce, endpoint.inFlight);
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const { id, data } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    endpoint.ids.push(id);
    if (holding.has(data.orderReference)) endpoint.sameOrderAtOnce++;
    holding.add(data.orderReference);
    // Held a moment, so deliveries sent together overlap here.
    setTimeout(() => {
      holding.delete(data.orderReference);
      endpoint.inFlight--;
      endpoint.received++;
      res.writeHead(endpoint.status).end();
    }, 20);
  });
});

let url: string;
let db: TestStore;
let notifier: Notifier;
let at = T0;
/** The notifier's monotonic clock: failures within one of its seconds cut the deliveries at once only once. */
let monotonic = 0;

beforeAll(async () => {
  url = await listenOnPort0(server);
  db = await pgliteTestStore();
  notifier = createNotifier({
    store: db.store,
    claimant: 'instance-a',
    now: () => at,
    logger: createLogger('silent'),
    clock: () => monotonic,
    settings: {
      url,
      secret: 'whsec_test_0123456789abcdef',
      maxAttempts: 5,
      retryForMs: 3_600_000,
      backoff: { initialDelayMs: 1_000, maxDelayMs: 1_000, factor: 2, jitter: 0 },
      timeoutMs: 2_000,
    },
  });
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await db.close();
});
beforeEach(async () => {
  await db.reset();
  at = T0;
  Object.assign(endpoint, { status: 204, inFlight: 0, mostAtOnce: 0, received: 0, ids: [], sameOrderAtOnce: 0 });
  await db.store.sessions.insert(session());
  for (let n = 0; n < ORDERS; n++) await db.store.orders.insert(order(`ord_${n}`, n + 1));
});

/** The orders the notifications are about: one order's notifications go one after another. */
const ORDERS = 40;

let enqueued = 0;
/**
 * `count` notifications due now, as a change's transaction writes them (their body is not this test's matter), about
 * the orders in turn, or all about `orderReference`; their ids.
 */
async function enqueue(count: number, orderReference?: string): Promise<string[]> {
  const ids: string[] = [];
  await db.store.transaction(async (tx) => {
    for (let i = 0; i < count; i++) {
      const id = `ntf_${++enqueued}`;
      ids.push(id);
      const about = orderReference ?? `ord_${enqueued % ORDERS}`;
      const body = JSON.stringify({
        id,
        type: 'order.status',
        createdAt: at.toISOString(),
        data: { orderReference: about },
      });
      await tx.notifications.enqueue({ id, type: 'order.status', orderReference: about, body, nextAttemptAt: at });
    }
  });
  return ids;
}

/** Delivers what is due (the drain included), a second after the last delivery on the notifier's clock. */
async function deliverAll() {
  monotonic += 2_000;
  return notifier.deliverDue();
}

describe('the outbox', () => {
  it('drains a backlog larger than one claim, several deliveries at once, in one call', async () => {
    await enqueue(150);
    await deliverAll();
    expect(endpoint.received).toBe(150);
    expect(endpoint.mostAtOnce).toBeGreaterThan(4);
    expect(endpoint.mostAtOnce).toBeLessThanOrEqual(16);
    expect(await db.store.notifications.claimDue({ now: at, until: at, claimant: 'x', limit: 1 })).toEqual([]);
  });

  it('delivers each notification once when delivery is asked for several times at once', async () => {
    await enqueue(150);
    const [first, second] = await Promise.all([notifier.deliverDue(), notifier.deliverDue(), notifier.kick()]);
    expect(endpoint.received).toBe(150);
    expect(new Set(endpoint.ids).size).toBe(150);
    expect(first! + second!).toBeGreaterThanOrEqual(150);
  });

  it("delivers one order's notifications one after another, in the order they were written", async () => {
    await enqueue(30);
    const one = await enqueue(6, 'ord_7');
    await enqueue(30);
    await deliverAll();
    expect(endpoint.received).toBe(66);
    expect(endpoint.ids.filter((id) => one.includes(id))).toEqual(one);
    expect(endpoint.sameOrderAtOnce).toBe(0);
  });

  it('sends fewer at once after failed deliveries, retries each after its backoff, and more again as they go through', async () => {
    await enqueue(48);
    endpoint.status = 503;
    await deliverAll();
    const failedAtOnce = endpoint.mostAtOnce;
    expect(endpoint.received).toBe(48);

    // Due again after their backoff; the endpoint accepts now, at a lower concurrency at first.
    endpoint.status = 204;
    Object.assign(endpoint, { mostAtOnce: 0, received: 0 });
    at = new Date(T0.getTime() + 2_000);
    await deliverAll();
    expect(endpoint.received).toBe(48);
    expect(endpoint.mostAtOnce).toBeLessThan(failedAtOnce);

    await enqueue(48);
    Object.assign(endpoint, { mostAtOnce: 0, received: 0 });
    await deliverAll();
    expect(endpoint.mostAtOnce).toBeGreaterThan(failedAtOnce / 2);
  });
});
