// Scale-out: three BFF instances, compiled and started the way deploy/Dockerfile starts them, on one PostgreSQL,
// behind a round-robin proxy (test/support/round-robin-proxy.ts), with the sandbox as the upstream. Whole checkouts
// spread over the instances; double submits and refunds racing across them; one rate limit in total; an instance
// killed mid-flight whose orders the others finish; and one drained by SIGTERM with no failed request at the proxy.
// PostgreSQL is what several instances share: npm test provides one (test/support/postgres-global.ts).
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../demo/sandbox/sandbox.js';
import { orderViewSchema } from '../../../shared/schemas/merchant-api.js';
import { call, cart, json, merchant, shopper } from '../../support/checkout.js';
import { compileServer, type CompiledServer } from '../../support/compiled-server.js';
import { readDeployedStart } from '../../support/dockerfile.js';
import { startRoundRobinProxy, type RoundRobinProxy } from '../../support/round-robin-proxy.js';
import { startSandbox } from '../../support/servers.js';
import { waitUntil } from '../../support/wait.js';
import { FAST_SANDBOX, postOperation } from '../../support/after-payment-harness.js';
import { printed, startChild } from '../../support/child.js';

const RATE_LIMIT = 30;

interface Instance {
  url: string;
  metricsUrl: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

async function withClient<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Runs `work` over `items`, `width` at a time. */
async function pool<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let index = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (index < items.length) {
        const mine = index++;
        results[mine] = await work(items[mine]!);
      }
    }),
  );
  return results;
}

const databaseUrl = process.env.DATABASE_URL;

// Without a PostgreSQL server (none installed and no DATABASE_URL: scripts/ensure-postgres.mjs says so) this is
// skipped, and counted so, never silently dropped.
describe.skipIf(!databaseUrl)(
  'three compiled instances on one PostgreSQL (skipped only without a PostgreSQL server)',
  () => {
    const database = databaseUrl!;
    const schema = `opi_scale_${randomBytes(5).toString('hex')}`;
    const deployed = readDeployedStart();
    let compiled: CompiledServer;
    let sandbox: Sandbox;
    let proxy: RoundRobinProxy;
    let instances: Instance[] = [];

    async function startInstance(): Promise<Instance> {
      const [command, ...args] = deployed.command;
      expect(command).toBe('node');
      const started = startChild(process.execPath, args, {
        cwd: compiled.dir,
        env: {
          PATH: process.env.PATH,
          ...deployed.env,
          // Ports of this machine's choosing; everything else as the container has it, plus its run-time variables.
          PORT: '0',
          OPI_METRICS_PORT: '0',
          DATABASE_URL: database,
          // The schema made beforehand, as a DBA who grants only its use would.
          OPI_DATABASE_SCHEMA: schema,
          OPI_UPSTREAM_URL: sandbox.url,
          OPI_TOKEN_URL: sandbox.tokenUrl,
          OPI_ENVIRONMENT: 'sandbox',
          // The image runs under NODE_ENV=production: the sandbox there is a dry run, said out loud.
          OPI_ALLOW_SANDBOX: 'true',
          OPI_UPSTREAM_SANDBOX: 'true',
          OPI_PUBLIC_URL: proxy.url,
          // Behind the test's proxy on loopback, as deploy/compose.yaml behind Caddy: the image itself trusts none.
          OPI_TRUST_PROXY: 'loopback',
          OPI_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
          OPI_UPSTREAM_TIMEOUT_MS: '1000',
          // Claims last 10 x the timeout + this + 5 s: the killed instance's lapse in 16 s, not 45.
          OPI_RECONCILE_MAX_PAUSE_MS: '1000',
          OPI_RECONCILE_INTERVAL_MS: '200',
          OPI_POLL_INITIAL_MS: '1000',
          OPI_POLL_MAX_MS: '2000',
        },
      });
      const [, port] = await printed(started, /BFF listening on http:\/\/127\.0\.0\.1:(\d+)/);
      const [, metricsPort] = await printed(started, /metrics on http:\/\/127\.0\.0\.1:(\d+)\/metrics/);
      const instance = {
        ...started,
        url: `http://127.0.0.1:${port}`,
        metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
      };
      await proxy.add(instance.url);
      return instance;
    }

    beforeAll(async () => {
      compiled = compileServer();
      await withClient(database, (client) => client.query(`create schema ${schema}`));
      sandbox = await startSandbox({ ...FAST_SANDBOX, refundSettlement: 'instant' });
      proxy = await startRoundRobinProxy();
      // Together: one applies the migrations under their advisory lock, the others wait and find them done.
      instances = await Promise.all([startInstance(), startInstance(), startInstance()]);
    }, 120_000);

    afterAll(async () => {
      for (const instance of instances) instance.child.kill('SIGKILL');
      await Promise.all(instances.map((instance) => instance.exited));
      await proxy?.close();
      await sandbox?.close();
      await withClient(database, (client) => client.query(`drop schema if exists ${schema} cascade`));
      compiled?.remove();
    });

    const creates = () => sandbox.journal.filter((entry) => entry.method === 'POST' && entry.path === '/orders').length;
    const viewOf = async (orderReference: string) =>
      orderViewSchema.parse((await call(`${proxy.url}/v1/orders/${orderReference}`, { headers: merchant })).body);

    /** A shopper's whole checkout through the proxy: session, widget read, order, approval, return. */
    async function checkout(client: string): Promise<string> {
      const as = { 'x-test-client': client };
      const session = await call(`${proxy.url}/v1/checkout-sessions`, json('POST', cart(), { ...merchant, ...as }));
      expect(session.status).toBe(201);
      const id = session.body.id as string;
      expect((await call(`${proxy.url}/v1/checkout-sessions/${id}`, { headers: as })).status).toBe(200);
      const placed = await call(`${proxy.url}/v1/checkout-sessions/${id}/orders`, json('POST', shopper(), as));
      expect(placed.status).toBe(201);
      const orderReference = placed.body.orderReference as string;
      const { redirectTo } = await sandbox.decide(orderReference, { outcome: 'approve' });
      expect(redirectTo.startsWith(`${proxy.url}/v1/returns/`)).toBe(true);
      const back = await call(redirectTo, { redirect: 'manual', headers: as });
      expect(back.status).toBe(303);
      expect(new URL(back.headers.get('location')!).searchParams.get('status')).toBe('paid');
      return orderReference;
    }

    let paid: string[] = [];

    it('complete 50 whole checkouts spread over the instances, each paid once', async () => {
      const before = creates();
      paid = await pool(
        Array.from({ length: 50 }, (_, i) => `198.51.100.${i + 1}`),
        8,
        checkout,
      );
      expect(new Set(paid).size).toBe(50);
      expect(creates() - before).toBe(50);
      const views = await pool(paid, 8, viewOf);
      expect(views.every((view) => view.status === 'paid' && view.paidAmount === 143.89)).toBe(true);
      // Every instance served its share of the session creations.
      for (const instance of instances) {
        const text = (await call(instance.metricsUrl)).text;
        const served =
          /^opi_http_request_duration_seconds_count\{method="POST",route="\/v1\/checkout-sessions",status="201"\} (\d+)$/m.exec(
            text,
          );
        expect(Number(served?.[1] ?? 0)).toBeGreaterThan(5);
      }
      expect(proxy.failures).toEqual([]);
    }, 120_000);

    it('answer concurrent submits of one session on every instance with one upstream order, one key or none', async () => {
      for (const key of [undefined, 'one-key']) {
        const headers: Record<string, string> = key ? { 'idempotency-key': key } : {};
        const session = await call(`${proxy.url}/v1/checkout-sessions`, json('POST', cart(), merchant));
        const id = session.body.id as string;
        const before = creates();
        const answers = await Promise.all(
          [...instances, ...instances].map((instance) =>
            call(`${instance.url}/v1/checkout-sessions/${id}/orders`, json('POST', shopper(), headers)),
          ),
        );
        const placed = answers.filter((answer) => answer.status === 201);
        expect(placed.length).toBeGreaterThan(0);
        expect(new Set(placed.map((answer) => answer.body.orderReference)).size).toBe(1);
        // Another instance placing this order right now says so (retryable), and the retry gets the same order.
        for (const answer of answers.filter((candidate) => candidate.status !== 201)) {
          expect([answer.status, answer.body.retryable]).toEqual([409, true]);
        }
        const again = await call(`${proxy.url}/v1/checkout-sessions/${id}/orders`, json('POST', shopper(), headers));
        expect(again.body.orderReference).toBe(placed[0]!.body.orderReference);
        expect(creates() - before).toBe(1);
      }
    });

    it('never refund more than was paid when refunds race across the instances', async () => {
      const orderReference = paid[0]!;
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          postOperation(instances[i % instances.length]!.url, orderReference, 'refunds', { amount: 10 }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      // 143.89 AED holds fourteen refunds of 10.00; every other one is refused.
      expect(statuses.filter((status) => status === 201)).toHaveLength(14);
      expect(answers.filter((answer) => answer.status !== 201).map((answer) => answer.body.code)).toEqual(
        Array(16).fill('refund_exceeds_refundable'),
      );
      const refunds = sandbox.journal.filter(
        (entry) => entry.method === 'POST' && entry.path === `/orders/${orderReference}/refund`,
      );
      expect(refunds).toHaveLength(14);
      expect(await viewOf(orderReference)).toMatchObject({ refundedAmount: 140, refundableAmount: 3.89 });
    });

    it('hold one rate limit in total across the instances', async () => {
      const id = (await call(`${proxy.url}/v1/checkout-sessions`, json('POST', cart(), merchant))).body.id as string;
      const statuses: number[] = [];
      for (let i = 0; i < RATE_LIMIT + 6; i++) {
        const answer = await call(`${proxy.url}/v1/checkout-sessions/${id}`, {
          headers: { 'x-test-client': '203.0.113.7' },
        });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([...Array(RATE_LIMIT).fill(200), ...Array(6).fill(429)]);
    });

    it('finish, on the others, the orders of an instance killed mid-flight: nothing lost or duplicated', async () => {
      // Shoppers pay but their return and the upstream's callbacks are lost: only the reconcilers can learn of it.
      sandbox.setCallbackFailures(1_000);
      const references = await pool(
        Array.from({ length: 9 }, (_, i) => i),
        3,
        async (i) => {
          const as = { 'x-test-client': `192.0.2.${i + 1}` };
          const id = (await call(`${proxy.url}/v1/checkout-sessions`, json('POST', cart(), merchant))).body.id;
          const placed = await call(`${proxy.url}/v1/checkout-sessions/${id}/orders`, json('POST', shopper(), as));
          return placed.body.orderReference as string;
        },
      );
      sandbox.setFault('get-order', { kind: 'latency', ms: 1_500 });
      for (const reference of references) await sandbox.decide(reference, { outcome: 'approve' });

      // An instance holding claims on these orders dies mid-poll: no drain, no release.
      const claimedBy = await withClient(database, async (client) => {
        const claimed = () =>
          client.query(
            `select claimed_by from ${schema}.orders where claimed_by is not null and order_reference = any($1) limit 1`,
            [references],
          );
        await waitUntil(async () => (await claimed()).rowCount! > 0, 20_000);
        return String((await claimed()).rows[0]!.claimed_by);
      });
      const pid = Number(claimedBy.split(':')[1]);
      const victim = instances.find((instance) => instance.child.pid === pid)!;
      expect(victim).toBeDefined();
      victim.child.kill('SIGKILL');
      await victim.exited;
      proxy.remove(victim.url);
      instances = instances.filter((instance) => instance !== victim);
      sandbox.clearFaults();

      const held = await withClient(database, async (client) =>
        (
          await client.query(`select order_reference from ${schema}.orders where claimed_by = $1`, [claimedBy])
        ).rows.map((row) => String(row.order_reference)),
      );
      expect(held.length).toBeGreaterThan(0);

      // Its claims lapse (10 x the upstream timeout + the longest pause + 5 s) and the others' reconcilers poll those
      // orders to the end.
      // Read from the ledger: the merchant API's read would ask the upstream itself.
      await withClient(database, (client) =>
        waitUntil(async () => {
          const rows = await client.query(
            `select 1 from ${schema}.orders where order_reference = any($1) and status = 'paid'`,
            [references],
          );
          return rows.rowCount === references.length;
        }, 60_000),
      );
      for (const reference of references) {
        const paidEvents = (await viewOf(reference)).events.filter((event) => event.status === 'paid');
        expect(paidEvents).toEqual([expect.objectContaining({ source: 'poll' })]);
      }
      sandbox.setCallbackFailures(0);
    }, 90_000);

    it('drain an instance on SIGTERM with no failed request at the proxy', async () => {
      const [leaving, staying] = instances;
      const id = (await call(`${proxy.url}/v1/checkout-sessions`, json('POST', cart(), merchant))).body.id as string;
      sandbox.setFault('options', { kind: 'latency', ms: 300 });
      let stop = false;
      const statuses: number[] = [];
      const load = pool([0, 1, 2, 3], 4, async (worker) => {
        for (let n = 0; !stop; n++) {
          const as = { 'x-test-client': `100.64.${worker}.${n % 250}` };
          statuses.push((await call(`${proxy.url}/v1/checkout-sessions/${id}`, { headers: as })).status);
        }
      });
      await waitUntil(() => statuses.length >= 8, 10_000);
      leaving!.child.kill('SIGTERM');
      expect(await leaving!.exited).toBe(0);
      await waitUntil(() => statuses.length >= 40, 20_000);
      stop = true;
      await load;
      sandbox.clearFaults();
      expect(proxy.failures).toEqual([]);
      expect(statuses.every((status) => status === 200)).toBe(true);
      expect(leaving!.output()).toMatch(/shutting down: draining/);
      expect((await call(`${staying!.url}/readyz`)).status).toBe(200);
      instances = instances.filter((instance) => instance !== leaving);
    }, 60_000);
  },
);
