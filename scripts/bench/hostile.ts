// The hostile case of `npm run bench` (measured, never asserted): what floods from one client without credentials do
// to everyone else. A probe asks /healthz every 20 ms throughout, and its longest wait is the stall the floods caused;
// the BFF's resident memory is read before and after. The floods are what docs/security.md bounds: bodies of nested
// arrays to the account webhook (60 KB) and to the widget's order route (15 KB), 2,000 notices each naming another
// 60 KB reference, and 300 notices about one real order, each claiming another status.
import { withProbe } from './load.js';
import type { Started } from './processes.js';

type Record = (name: string, target: string, measured: { value: number }) => void;

const nested = (bytes: number) => `${'['.repeat(bytes / 2)}${']'.repeat(bytes / 2)}`;

/** Runs `jobs` with at most `width` at a time. */
async function pool(jobs: (() => Promise<unknown>)[], width: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < jobs.length) await jobs[next++]!();
    }),
  );
}

const post = (url: string, body: string) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then((answer) =>
    answer.arrayBuffer(),
  );

/** The account webhook's secret the bench's BFFs are given. */
export const BENCH_WEBHOOK_SECRET = 'bench-account-webhook-secret-0123456789';

export async function hostileFloods(bff: Started, sessionId: string, orderReference: string, record: Record) {
  const rssBefore = bff.rssMb();
  // With the secret: a stranger without it is refused before any work, which would measure nothing.
  const webhook = `${bff.url}/v1/webhooks/upstream/${BENCH_WEBHOOK_SECRET}`;
  const placing = `${bff.url}/v1/checkout-sessions/${sessionId}/orders`;
  const { longest } = await withProbe(`${bff.url}/healthz`, () =>
    pool(
      [
        ...Array.from({ length: 100 }, () => () => post(webhook, nested(60_000))),
        ...Array.from({ length: 100 }, () => () => post(placing, nested(15_000))),
        ...Array.from(
          { length: 2_000 },
          (_, i) => () =>
            post(
              webhook,
              JSON.stringify({ event: 'ORDER_STATUS_UPDATE', merchantReference: `${'r'.repeat(60_000)}${i}` }),
            ),
        ),
        ...Array.from(
          { length: 300 },
          (_, i) => () =>
            post(
              webhook,
              JSON.stringify({ event: 'ORDER_STATUS_UPDATE', merchantReference: orderReference, status: `S${i}` }),
            ),
        ),
      ],
      10,
    ),
  );
  record('hostile floods: longest /healthz wait (ms)', 'BFF', { value: longest });
  record('hostile floods: RSS before (MB)', 'BFF', { value: rssBefore });
  record('hostile floods: RSS after (MB)', 'BFF', { value: bff.rssMb() });
}
