// The BFF survives its database: PostgreSQL restarted (fast and immediate shutdown) during a burst of placements,
// refunds, captures and callbacks, on one instance and on two. The process lives; every request is answered (2xx,
// or a retryable 503 that names the ledger), and retried once with its key it ends 2xx; after quiescence the ledger
// equals the sandbox's records and nothing was done twice upstream.
import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkConvergence } from '../../convergence/check.js';
import { quiesce } from '../../convergence/run.js';
import { UPSTREAM_TIMEOUT_MS, World } from '../../convergence/world.js';
import { call, cart, json, merchant, shopper, type Answer } from '../../support/checkout.js';
import { postgresBinaries } from '../../support/postgres-server.js';
import { useOwnPostgres } from '../../support/store.js';
import { idempotencyLeaseMs } from '../../../bff/domain/idempotency.js';
import { createLogger } from '../../../bff/logger.js';
import { runMigrations } from '../../../bff/store/migrations.js';
import { createPgDriver } from '../../../bff/store/pg-driver.js';
import { createSqlStore } from '../../../bff/store/sql-store.js';
import { startBff, startSandbox } from '../../support/servers.js';
import { waitUntil } from '../../support/wait.js';
import { callbackUrlOf } from '../../support/after-payment-harness.js';

// It needs a PostgreSQL server of its own to restart: skipped, and counted so, only where none is installed.
describe.skipIf(!postgresBinaries())('the BFF and its PostgreSQL (skipped only without a PostgreSQL server)', () => {
  const own = useOwnPostgres();

  /** A request to a live instance; a cut connection reads as status 0. */
  async function send(world: World, path: string, init: RequestInit = {}): Promise<Answer> {
    try {
      return await call(`${world.instance().bff.url}${path}`, init);
    } catch {
      return { status: 0, headers: new Headers(), body: undefined, text: '' };
    }
  }

  /**
   * A request sent again with its key as a client does: while the answer is a retryable 409 (the first send's attempt
   * still being placed: `order_in_progress`, Retry-After 1), after the Retry-After on the BFF's clock, and within the
   * longest an attempt can stay in progress (the idempotency lease: 6.2 s at the world's upstream timeout).
   */
  async function retriedAsClient(world: World, request: { path: string; init: RequestInit }): Promise<Answer> {
    let answer = await send(world, request.path, request.init);
    const tries = Math.ceil(idempotencyLeaseMs(UPSTREAM_TIMEOUT_MS) / 1000) + 1;
    for (let tried = 0; answer.status === 409 && answer.body?.retryable === true && tried < tries; tried++) {
      await sleep(50); // a live first send finishes in real time
      world.clock.advance(Number(answer.headers.get('retry-after') ?? 1) * 1000);
      answer = await send(world, request.path, request.init);
    }
    return answer;
  }

  describe.each([
    { instances: 1, mode: 'fast' as const },
    { instances: 2, mode: 'fast' as const },
    { instances: 2, mode: 'immediate' as const },
  ])('PostgreSQL restarted ($mode) during a burst, $instances instance(s)', ({ instances, mode }) => {
    it('keeps every instance serving, answers every request, and loses or doubles nothing', {
      timeout: 120_000,
    }, async () => {
      const world = new World({ db: own.db, instances, restartDatabase: () => own.server.restart(mode) });
      await world.begin(11, 0, { refundListRoute: false, notices: 'none', captureStatus: 'shown' });
      try {
        // 30 paid orders (a third authorised only, to capture), before the burst.
        const paid: { sessionId: string; reference: string; authorised: boolean }[] = [];
        for (let i = 0; i < 30; i++) {
          const authorised = i % 3 === 0;
          const session = await send(
            world,
            '/v1/checkout-sessions',
            json('POST', cart({ autoCapture: !authorised }), merchant),
          );
          const placed = await send(world, `/v1/checkout-sessions/${session.body.id}/orders`, json('POST', shopper()));
          const reference = placed.body.orderReference as string;
          await world.sandbox.decide(reference, { outcome: 'approve' });
          await send(world, `/v1/orders/${reference}`, { headers: merchant });
          paid.push({ sessionId: session.body.id, reference, authorised });
        }

        // The burst: two partial refunds per paid order (a capture for the authorised ones), 20 new checkouts, a
        // callback for each paid order.
        const requests: { path: string; init: RequestInit }[] = [];
        const keyed = (path: string, body: unknown, headers: Record<string, string> = merchant) => ({
          path,
          init: json('POST', body, { ...headers, 'idempotency-key': randomUUID() }),
        });
        for (const order of paid) {
          if (order.authorised) requests.push(keyed(`/v1/orders/${order.reference}/capture`, { amount: 50 }));
          else {
            requests.push(keyed(`/v1/orders/${order.reference}/refunds`, { amount: 10 }));
            requests.push(keyed(`/v1/orders/${order.reference}/refunds`, { amount: 12.5 }));
          }
          const hint = {
            event: 'ORDER_ASYNC_CALLBACK',
            data: { merchantReference: order.reference, status: 'SUCCESSFUL' },
          };
          requests.push({
            path: new URL(callbackUrlOf(world.sandbox, order.reference)).pathname,
            init: json('POST', hint),
          });
        }
        const checkouts: string[] = [];
        for (let i = 0; i < 20; i++) {
          // Never paid: the upstream cancels them (a minute is a quarter of a second in this sandbox).
          const session = await send(
            world,
            '/v1/checkout-sessions',
            json('POST', cart({ cancellationTimeout: 1 }), merchant),
          );
          checkouts.push(session.body.id);
          requests.push(keyed(`/v1/checkout-sessions/${session.body.id}/orders`, shopper(), {}));
        }

        const restart = sleep(300).then(() => world.restartDatabase());
        const first = await Promise.all(
          requests.map(async (request, index) => {
            await sleep((index % 40) * 15); // spread over the restart
            return send(world, request.path, request.init);
          }),
        );
        await restart;
        // Answered, every one: 2xx, or a retryable problem with its stable code (503 ledger_unavailable with
        // Retry-After; or, when the ledger's wait used up the request's budget, the upstream's 504); never a 500 or a
        // cut connection.
        const unanswered = first.filter((answer) => !(answer.status >= 200 && answer.status < 300));
        for (const answer of unanswered) {
          const { status, body } = answer;
          expect([status, body?.code, body?.retryable]).toEqual(
            status === 503 ? [503, 'ledger_unavailable', true] : [504, 'upstream_timeout', true],
          );
          if (status === 503) expect(answer.headers.get('retry-after')).toBe('5');
        }
        expect(unanswered.length).toBeLessThan(requests.length / 2);
        // Retried with the same key, as a client does: after the Retry-After it was given, passed on the BFF's
        // own clock (a notice's failed read is shared for its window, which that clock measures: the upstream delivers
        // again later), once the instances are ready again (on a loaded machine the pools take longer than a fixed
        // pause to reconnect). Each ends 2xx.
        const retryAfter = unanswered.map((answer) => Number(answer.headers.get('retry-after') ?? 0) * 1000);
        world.clock.advance(Math.max(0, ...retryAfter));
        for (let i = 0; i < instances; i++) {
          const { bff } = world.instance();
          await waitUntil(async () => (await call(`${bff.url}/readyz`)).status === 200, 15_000);
        }
        // A 202 is retried too: a refund or capture whose answer was lost stays pending, and its amount reserved,
        // until a retry of its key reads the upstream's records and sends it where they do not show it (202s are not
        // kept for the key: docs/merchant-api.md); left alone, one that never arrived is never made.
        for (const [index, answer] of first.entries()) {
          if (answer.status >= 200 && answer.status < 300 && answer.status !== 202) continue;
          const again = await retriedAsClient(world, requests[index]!);
          expect(again.status, `${requests[index]!.path}: ${again.text}`).toSatisfy(
            (status: number) => status >= 200 && status < 300,
          );
        }

        // The restart did cut the ledger's connections under the burst (most requests then went through on a retry).
        expect(Object.values(world.failures()).reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0);
        await quiesce(world);
        const traces = [...paid.map((order) => order.sessionId), ...checkouts].map((sessionId) => ({ sessionId }));
        expect(await checkConvergence(world, traces)).toEqual([]);
        // Nothing done twice: one refund upstream per refund asked for, one capture per capture.
        const records = world.sandbox.records();
        const refunds = records.reduce((sum, record) => sum + record.refunds.length, 0);
        const captures = records.reduce((sum, record) => sum + record.captures.length, 0);
        expect([refunds, captures]).toEqual([40, 10]);
        expect(world.internalErrors).toEqual([]);
      } finally {
        await world.end();
      }
    });
  });

  describe('a database that is down for a while', () => {
    it('is not ready, answers 503 ledger_unavailable meanwhile, counts the failures, and serves again once back', {
      timeout: 120_000,
    }, async () => {
      const sandbox = await startSandbox();
      // The ledger's driver logs its connection failures where main.ts would have it log them.
      const driverLogs: string[] = [];
      const driver = await createPgDriver({
        connectionString: own.server.url,
        logger: createLogger('warn', { write: (line: string) => void driverLogs.push(line) }),
      });
      await runMigrations(driver);
      const store = createSqlStore(driver);
      const bff = await startBff({ upstreamUrl: sandbox.url, tokenUrl: sandbox.tokenUrl, store, metrics: true });
      try {
        const create = () => call(`${bff.url}/v1/checkout-sessions`, json('POST', cart(), merchant));
        expect((await create()).status).toBe(201);
        await own.server.down();
        const ready = await call(`${bff.url}/readyz`);
        expect([ready.status, ready.body.code, ready.body.detail]).toEqual([
          503,
          'not_ready',
          'Not ready: store failed, upstream ok.',
        ]);
        const refused = await create();
        expect([refused.status, refused.body.code, refused.body.retryable, refused.headers.get('retry-after')]).toEqual(
          [503, 'ledger_unavailable', true, '5'],
        );
        const scrape = (await call(bff.metricsUrl!)).text;
        expect(scrape).toMatch(/^opi_ledger_errors_total\{code="[\w]+"\} [1-9]/m);

        await own.server.up();
        await waitUntil(async () => (await call(`${bff.url}/readyz`)).status === 200, 15_000);
        expect((await create()).status).toBe(201);
        // Logged with its code, a line per code every few seconds, not one per request or retry that met it.
        const logged = driverLogs.filter((line) => line.includes('ledger connection failure'));
        expect(logged.length).toBeGreaterThan(0);
        expect(logged.length).toBeLessThan(Object.values(store.failures()).reduce((sum, n) => sum + n, 0));
        expect(logged.every((line) => typeof JSON.parse(line).code === 'string')).toBe(true);
      } finally {
        await bff.close();
        await store.close();
        await sandbox.close();
      }
    });
  });
});
